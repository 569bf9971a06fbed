-- The first page of a list counts its matches (at most 1,001): with the owner in the key, the
-- blocked-owners filter reads the index alone, an index-only scan instead of the table's rows
-- (docs/decisions/011). With a kind (Community, Marketplace) the first index, without one the second.
DROP INDEX "meals_active_window_idx";--> statement-breakpoint
CREATE INDEX "meals_open_window_idx" ON "meals" USING btree ("pickup_window_end","owner_id") WHERE "meals"."is_active";--> statement-breakpoint
CREATE INDEX "meals_active_window_idx" ON "meals" USING btree ("kind","pickup_window_end","owner_id") WHERE "meals"."is_active";