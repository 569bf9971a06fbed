DROP INDEX "meals_active_feed_idx";--> statement-breakpoint
DROP INDEX "meals_active_kind_feed_idx";--> statement-breakpoint
DROP INDEX "meals_active_window_idx";--> statement-breakpoint
DROP INDEX "meals_open_window_idx";--> statement-breakpoint
DROP INDEX "meals_active_search_idx";--> statement-breakpoint
DROP INDEX "meals_active_geo_idx";--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "ended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- docs/decisions/015: a meal whose pickup window has ended leaves the list indexes. Marked here once
-- for the meals there are (before the indexes are built, so they are built small), by the trigger
-- whenever a window is written, and by the sweep (markEndedMeals) as windows pass.
UPDATE "meals" SET "ended" = true WHERE "pickup_window_end" <= now();--> statement-breakpoint
CREATE FUNCTION meals_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ended := NEW.pickup_window_end <= now();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER meals_ended BEFORE INSERT OR UPDATE OF pickup_window_end ON meals
  FOR EACH ROW EXECUTE FUNCTION meals_ended();--> statement-breakpoint
-- No statistics on "ended": it is true exactly when the window has passed, but the planner would
-- multiply its selectivity with the window condition's as if they were independent and take the
-- open meals for a twentieth of what they are (then it walks every open meal by window instead of
-- the nearest through GiST). Without statistics it counts "not ended" as half.
ALTER TABLE "meals" ALTER COLUMN "ended" SET STATISTICS 0;--> statement-breakpoint
CREATE INDEX "alert_matches_created_idx" ON "alert_matches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_read_created_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."is_read";--> statement-breakpoint
CREATE INDEX "meals_active_feed_idx" ON "meals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "meals"."is_active" AND NOT "meals"."ended";--> statement-breakpoint
CREATE INDEX "meals_active_kind_feed_idx" ON "meals" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "meals"."is_active" AND NOT "meals"."ended";--> statement-breakpoint
CREATE INDEX "meals_active_window_idx" ON "meals" USING btree ("kind","pickup_window_end","owner_id") WHERE "meals"."is_active" AND NOT "meals"."ended";--> statement-breakpoint
CREATE INDEX "meals_open_window_idx" ON "meals" USING btree ("pickup_window_end","owner_id") WHERE "meals"."is_active" AND NOT "meals"."ended";--> statement-breakpoint
CREATE INDEX "meals_active_search_idx" ON "meals" USING gin ("search_doc") WHERE "meals"."is_active" AND NOT "meals"."ended";--> statement-breakpoint
CREATE INDEX "meals_active_geo_idx" ON "meals" USING gist ("geo_point") WHERE "meals"."is_active" AND NOT "meals"."ended" AND "meals"."geo_point" IS NOT NULL;