ALTER TABLE "messages" DROP CONSTRAINT "messages_body_not_blank";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "change" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_body_not_blank" CHECK (length(btrim("messages"."body")) >= 1 OR "messages"."photo_id" IS NOT NULL OR "messages"."change" IS NOT NULL);