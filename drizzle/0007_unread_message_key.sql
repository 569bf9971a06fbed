-- docs/features/operations.md finding 4: concurrent messages in one thread inserted several unread message
-- notifications (and their UPDATEs deadlocked). Keep the newest unread one per user and thread,
-- mark older duplicates read, then let a unique partial index make the coalescing an upsert.
UPDATE "notifications" AS older SET "is_read" = true
WHERE older."type" = 'message_new' AND NOT older."is_read" AND older."request_id" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "notifications" AS newer
    WHERE newer."user_id" = older."user_id" AND newer."request_id" = older."request_id"
      AND newer."type" = 'message_new' AND NOT newer."is_read"
      AND (newer."created_at", newer."id") > (older."created_at", older."id")
  );
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_message_key" ON "notifications" USING btree ("user_id","request_id") WHERE type = 'message_new' AND NOT is_read;
