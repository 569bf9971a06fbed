CREATE TYPE "public"."cook_application_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "cook_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kitchen_name" varchar(120) NOT NULL,
	"registration_number" varchar(60) NOT NULL,
	"registration_authority" varchar(120) NOT NULL,
	"certificate_level" varchar(60) NOT NULL,
	"certificate_issuer" varchar(120) NOT NULL,
	"certificate_expires_on" date NOT NULL,
	"document_key" varchar(200) NOT NULL,
	"document_type" varchar(40) NOT NULL,
	"status" "cook_application_status" DEFAULT 'pending' NOT NULL,
	"rejection_reason" varchar(500),
	"reviewed_by_id" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
DROP INDEX "reviews_reviewee_idx";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "purpose" varchar(20) DEFAULT 'photo' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cook_certificate_expires_on" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cook_expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cook_applications" ADD CONSTRAINT "cook_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cook_applications" ADD CONSTRAINT "cook_applications_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cook_applications_one_pending_idx" ON "cook_applications" USING btree ("user_id") WHERE "cook_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "cook_applications_status_idx" ON "cook_applications" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cook_applications_user_idx" ON "cook_applications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_cook_expiry_idx" ON "users" USING btree ("cook_certificate_expires_on") WHERE "users"."is_cook";--> statement-breakpoint
CREATE INDEX "reviews_reviewee_idx" ON "reviews" USING btree ("reviewee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);