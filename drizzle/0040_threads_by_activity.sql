ALTER TABLE "requests" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A thread's last activity: its newest message, or the request itself.
UPDATE "requests" SET "last_activity_at" = greatest("created_at", coalesce((SELECT max("messages"."created_at") FROM "messages" WHERE "messages"."request_id" = "requests"."id"), "created_at"));--> statement-breakpoint
CREATE INDEX "requests_eater_activity_idx" ON "requests" USING btree ("eater_id","last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "requests_feeder_activity_idx" ON "requests" USING btree ("feeder_id","last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);