CREATE TABLE "draw_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"portions" integer NOT NULL,
	"tickets" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "draw_entries_portions_positive" CHECK ("draw_entries"."portions" >= 1),
	CONSTRAINT "draw_entries_tickets_positive" CHECK ("draw_entries"."tickets" >= 1)
);
--> statement-breakpoint
CREATE TABLE "meal_draws" (
	"meal_id" uuid PRIMARY KEY NOT NULL,
	"algorithm" varchar(40) NOT NULL,
	"secret" varchar(64) NOT NULL,
	"commitment" varchar(64) NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"drawn_at" timestamp with time zone,
	"entrants" jsonb,
	"list_hash" varchar(64),
	"seed" varchar(64),
	"draw_order" jsonb,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "allocation" varchar(12) DEFAULT 'first_come' NOT NULL;--> statement-breakpoint
ALTER TABLE "draw_entries" ADD CONSTRAINT "draw_entries_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_entries" ADD CONSTRAINT "draw_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_draws" ADD CONSTRAINT "meal_draws_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draw_entries_one_per_member_idx" ON "draw_entries" USING btree ("meal_id","user_id");--> statement-breakpoint
CREATE INDEX "draw_entries_user_idx" ON "draw_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "meal_draws_due_idx" ON "meal_draws" USING btree ("closes_at") WHERE "meal_draws"."drawn_at" IS NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_allocation_known" CHECK ("meals"."allocation" IN ('first_come', 'draw', 'choose'));--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_allocation_free_only" CHECK ("meals"."allocation" = 'first_come' OR "meals"."kind" = 'free');