ALTER TABLE "users" ADD COLUMN "calendar_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_token_key" ON "users" USING btree ("calendar_token_hash");