-- Drizzle's .desc() wrote DESC NULLS LAST, but ORDER BY x DESC means NULLS FIRST, so PostgreSQL could
-- not read these indexes in list order and sorted whole tables instead (docs/features/discovery.md). Same columns,
-- null order matching the queries.
DROP INDEX "meals_active_feed_idx";--> statement-breakpoint
DROP INDEX "meals_active_kind_feed_idx";--> statement-breakpoint
DROP INDEX "meals_owner_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "reports_resolved_created_idx";--> statement-breakpoint
DROP INDEX "requests_eater_idx";--> statement-breakpoint
DROP INDEX "requests_owner_idx";--> statement-breakpoint
CREATE INDEX "meals_active_feed_idx" ON "meals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "meals"."is_active";--> statement-breakpoint
CREATE INDEX "meals_active_kind_feed_idx" ON "meals" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "meals"."is_active";--> statement-breakpoint
CREATE INDEX "meals_owner_idx" ON "meals" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_resolved_created_idx" ON "reports" USING btree ("resolved","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "requests_eater_idx" ON "requests" USING btree ("eater_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "requests_owner_idx" ON "requests" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);