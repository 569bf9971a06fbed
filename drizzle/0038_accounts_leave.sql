CREATE TABLE "account_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" text NOT NULL,
	"admin_id" uuid,
	"reason" varchar(500),
	"erase_after" timestamp with time zone NOT NULL,
	"erased_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"messages_held" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_by_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"object_key" text,
	"size_bytes" integer
);
--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "hidden_by_deletion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_held_idx" ON "account_deletions" USING btree ("user_id") WHERE "account_deletions"."messages_held";--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("erase_after") WHERE "account_deletions"."erased_at" IS NULL AND "account_deletions"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "account_deletions_user_idx" ON "account_deletions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_expiry_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."object_key" IS NOT NULL;