-- docs/features/food-safety.md point 5: admins suspend accounts; their active meals are hidden and come back after.
ALTER TABLE "meals" ADD COLUMN "hidden_by_suspension" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" varchar(500);