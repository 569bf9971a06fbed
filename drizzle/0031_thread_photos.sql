ALTER TABLE "messages" DROP CONSTRAINT "messages_body_not_blank";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "photo_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_photo_idx" ON "messages" USING btree ("photo_id") WHERE "messages"."photo_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_body_not_blank" CHECK (length(btrim("messages"."body")) >= 1 OR "messages"."photo_id" IS NOT NULL);