ALTER TABLE "notifications" ADD COLUMN "text_key" varchar(300);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "text_params" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" varchar(8);