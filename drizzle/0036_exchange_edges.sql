ALTER TABLE "meal_draws" ADD COLUMN "passed_over" jsonb;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "agreed_terms" jsonb;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "terms_change" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_group_open_idx" ON "reports" USING btree ("group_id","created_at" DESC NULLS FIRST) WHERE NOT "reports"."resolved" AND "reports"."group_id" IS NOT NULL;--> statement-breakpoint
-- Meal reports belong to the group their meal is shared with; member reports made before a report
-- named its group stay with the site admins (docs/features/groups.md point 5).
UPDATE "reports" SET "group_id" = m."group_id" FROM "meals" m
WHERE "reports"."target_type" = 'meal' AND m."id"::text = "reports"."target_id" AND m."group_id" IS NOT NULL;--> statement-breakpoint
-- Double opt-in (docs/DESIGN.md §4 "Mailing list"): a member's own profile opt-in is their confirmation;
-- an address typed into the landing page's form by anyone was never confirmed, so it waits, unlisted,
-- until its owner subscribes again and confirms the emailed link.
UPDATE "newsletter_subscribers" SET "confirmed_at" = "subscribed_at" WHERE "source" = 'profile';--> statement-breakpoint
-- The terms the eaters of accepted requests hold now, as their meals say them today (the spelling of
-- src/server/features/requests/terms.ts agreedTermsSql).
UPDATE "requests" SET "agreed_terms" = jsonb_build_object(
  'priceCents', m."price_cents",
  'pickupWindowStart', to_char(m."pickup_window_start" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'pickupWindowEnd', to_char(m."pickup_window_end" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'pickupLocation', m."pickup_location",
  'allergens', to_jsonb(m."allergen_codes" || array_remove(regexp_split_to_array(lower(trim(m."allergens_other")), '\s*,\s*'), '')))
FROM "meals" m
WHERE m."id" = "requests"."meal_id" AND "requests"."status" IN ('accepted', 'completed', 'disputed', 'no_show');--> statement-breakpoint
-- One cook's concurrent posts deadlocked: each insert's foreign key holds KEY SHARE on the owner's row,
-- and the statement trigger then asked FOR UPDATE, which KEY SHARE blocks, in both transactions at once.
-- FOR NO KEY UPDATE (what the UPDATE of meals_shared takes anyway) does not conflict with KEY SHARE:
-- the second post waits for the first to commit instead (docs/decisions/014).
CREATE OR REPLACE FUNCTION meals_totals_impact_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  meals_delta bigint;
  neighbours_delta bigint;
BEGIN
  SELECT count(*) INTO meals_delta FROM added WHERE NOT members_only;
  IF meals_delta = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM users WHERE id IN (SELECT owner_id FROM added WHERE NOT members_only) ORDER BY id FOR NO KEY UPDATE;
  WITH per_owner AS (
    SELECT owner_id, count(*) AS n FROM added WHERE NOT members_only GROUP BY owner_id
  ), bumped AS (
    UPDATE users SET meals_shared = users.meals_shared + per_owner.n
    FROM per_owner WHERE users.id = per_owner.owner_id
    RETURNING users.meals_shared, per_owner.n
  )
  SELECT count(*) FILTER (WHERE meals_shared = n) INTO neighbours_delta FROM bumped;
  UPDATE impact_totals SET meals_shared = meals_shared + meals_delta,
    neighbours_shared = neighbours_shared + neighbours_delta
  WHERE id = impact_slot();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION meals_totals_impact_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  meals_delta bigint;
  neighbours_delta bigint;
BEGIN
  SELECT count(*) INTO meals_delta FROM removed WHERE NOT members_only;
  IF meals_delta = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM users WHERE id IN (SELECT owner_id FROM removed WHERE NOT members_only) ORDER BY id FOR NO KEY UPDATE;
  WITH per_owner AS (
    SELECT owner_id, count(*) AS n FROM removed WHERE NOT members_only GROUP BY owner_id
  ), lowered AS (
    UPDATE users SET meals_shared = users.meals_shared - per_owner.n
    FROM per_owner WHERE users.id = per_owner.owner_id
    RETURNING users.meals_shared
  )
  SELECT count(*) FILTER (WHERE meals_shared = 0) INTO neighbours_delta FROM lowered;
  UPDATE impact_totals SET meals_shared = meals_shared - meals_delta,
    neighbours_shared = neighbours_shared - neighbours_delta
  WHERE id = impact_slot();
  RETURN NULL;
END
$$;
