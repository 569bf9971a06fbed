ALTER TABLE "sessions" ADD COLUMN "network" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_shown" varchar(5) DEFAULT 'short' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_name_shown_known" CHECK ("users"."name_shown" IN ('short', 'full'));