-- Discovery at scale (docs/features/discovery.md, docs/DESIGN.md §6): search, "near me", and lists whose cost does not grow
-- with the table. The extensions are "trusted" (PostgreSQL 13+), so the database owner may create
-- them; PGlite loads them from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
-- "mealshare": English stems of unaccented words ("Crèmes" -> "creme", "carrots" -> "carrot").
CREATE TEXT SEARCH CONFIGURATION mealshare (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION mealshare ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
-- "mealshare_words": whole unaccented, lower-cased words, for the typo vocabulary.
CREATE TEXT SEARCH CONFIGURATION mealshare_words (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION mealshare_words ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "portions_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "search_doc" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('mealshare', coalesce(title, '')), 'A') || setweight(to_tsvector('mealshare', coalesce(allergens, '')), 'B') || setweight(to_tsvector('mealshare', coalesce(ingredients, '')), 'C') || setweight(to_tsvector('mealshare', coalesce(description, '') || CASE WHEN kind = 'free' THEN ' free' ELSE ' paid' END), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "geo_point" "cube";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "meals_active_window_idx" ON "meals" USING btree ("kind","pickup_window_end") WHERE "meals"."is_active";--> statement-breakpoint
CREATE INDEX "meals_active_search_idx" ON "meals" USING gin ("search_doc") WHERE "meals"."is_active";--> statement-breakpoint
CREATE INDEX "meals_active_geo_idx" ON "meals" USING gist ("geo_point") WHERE "meals"."is_active" AND "meals"."geo_point" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_portions_taken_range" CHECK ("meals"."portions_taken" >= 0);--> statement-breakpoint
-- Derived data is kept by triggers, in the transaction of the change that alters it, so every
-- write path (services, seed, admin tools) keeps it right (docs/decisions/006).
CREATE FUNCTION requests_portions_taken() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.status IN ('accepted', 'completed') THEN delta := delta - 1; END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.status IN ('accepted', 'completed') THEN delta := delta + 1; END IF;
  END IF;
  IF delta <> 0 THEN
    UPDATE meals SET portions_taken = portions_taken + delta
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.meal_id ELSE NEW.meal_id END;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER requests_portions_taken AFTER INSERT OR DELETE OR UPDATE OF status, meal_id ON requests
  FOR EACH ROW EXECUTE FUNCTION requests_portions_taken();--> statement-breakpoint
CREATE FUNCTION reviews_rating_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE users SET rating_sum = rating_sum - OLD.rating, rating_count = rating_count - 1
    WHERE id = OLD.reviewee_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE users SET rating_sum = rating_sum + NEW.rating, rating_count = rating_count + 1
    WHERE id = NEW.reviewee_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_rating_totals AFTER INSERT OR DELETE OR UPDATE OF rating, reviewee_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_rating_totals();--> statement-breakpoint
-- The earth point lives in a plain column, not in an index expression: ll_to_earth() names cube
-- functions without a schema, which breaks index rebuilds and restores run with an empty
-- search_path. SET search_path FROM CURRENT pins the schema the extensions were found in.
-- Each point is moved by under a millimetre, by an amount taken from the meal's id: meals at the
-- same rounded spot then never lie at exactly the same distance, so "near me" can page in KNN
-- order alone (PostgreSQL adds no tie-breaker to a KNN index order). Shown distances are rounded
-- to 0.1 km, and the stored coordinates stay as they are.
CREATE FUNCTION meal_geo_point(meal_id uuid, latitude float8, longitude float8) RETURNS cube
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
  SELECT cube(ARRAY[
    cube_ll_coord(point, 1) + ('x' || substr(hash, 1, 8))::bit(32)::int / 2147483648.0 / 1000,
    cube_ll_coord(point, 2) + ('x' || substr(hash, 9, 8))::bit(32)::int / 2147483648.0 / 1000,
    cube_ll_coord(point, 3) + ('x' || substr(hash, 17, 8))::bit(32)::int / 2147483648.0 / 1000
  ])
  FROM (SELECT ll_to_earth(latitude, longitude)::cube AS point, md5(meal_id::text) AS hash) AS parts
$$;--> statement-breakpoint
CREATE FUNCTION meals_geo_point() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  NEW.geo_point := CASE
    WHEN NEW.latitude IS NULL OR NEW.longitude IS NULL THEN NULL
    ELSE meal_geo_point(NEW.id, NEW.latitude, NEW.longitude)
  END;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER meals_geo_point BEFORE INSERT OR UPDATE OF latitude, longitude ON meals
  FOR EACH ROW EXECUTE FUNCTION meals_geo_point();--> statement-breakpoint
-- Words are inserted in sorted order (a tsvector is sorted), so two meals sharing new words
-- cannot deadlock on them.
CREATE FUNCTION meals_search_words() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT word
  FROM unnest(tsvector_to_array(to_tsvector('mealshare_words',
    concat_ws(' ', NEW.title, NEW.description, NEW.ingredients, NEW.allergens)))) AS word
  WHERE length(word) >= 4 AND word ~ '^[[:alpha:]]+$'
  ORDER BY word
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER meals_search_words AFTER INSERT OR UPDATE OF title, description, ingredients, allergens ON meals
  FOR EACH ROW EXECUTE FUNCTION meals_search_words();--> statement-breakpoint
-- Backfill what the triggers keep from now on.
UPDATE meals SET portions_taken = taken.n
FROM (
  SELECT meal_id, count(*)::int AS n FROM requests
  WHERE status IN ('accepted', 'completed') GROUP BY meal_id
) AS taken
WHERE meals.id = taken.meal_id;--> statement-breakpoint
UPDATE users SET rating_sum = totals.total, rating_count = totals.n
FROM (SELECT reviewee_id, sum(rating)::int AS total, count(*)::int AS n FROM reviews GROUP BY reviewee_id) AS totals
WHERE users.id = totals.reviewee_id;--> statement-breakpoint
UPDATE meals SET geo_point = meal_geo_point(id, latitude, longitude)
WHERE latitude IS NOT NULL AND longitude IS NOT NULL;--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT word
FROM meals, unnest(tsvector_to_array(to_tsvector('mealshare_words',
  concat_ws(' ', title, description, ingredients, allergens)))) AS word
WHERE length(word) >= 4 AND word ~ '^[[:alpha:]]+$'
ON CONFLICT (word) DO NOTHING;
