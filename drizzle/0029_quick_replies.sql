ALTER TABLE "messages" ADD COLUMN "kind" varchar(20);--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "running_late_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_known" CHECK ("messages"."kind" IS NULL OR "messages"."kind" IN ('on_my_way', 'outside', 'running_late', 'move_time'));