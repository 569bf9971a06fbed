ALTER TABLE "meals" ADD COLUMN "pickup_latitude" double precision;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "pickup_longitude" double precision;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "pickup_details" varchar(300);--> statement-breakpoint
-- Where a meal is shown (docs/features/neighbourhood.md; docs/DESIGN.md §6c): its pickup point moved
-- 150–250 m in a direction, both taken from a keyed hash of the feeder and the point, so the same
-- point of the same feeder always shows at the same place (no averaging of many meals finds it) and
-- nobody without the key can undo it. The key is made once, here, and stays in the database.
INSERT INTO "server_keys" ("name", "value")
VALUES ('meal_point_key', md5(random()::text || clock_timestamp()::text) || md5(random()::text || pg_backend_pid()::text))
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
CREATE FUNCTION meal_shown_point(owner_id uuid, latitude float8, longitude float8) RETURNS float8[]
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT ARRAY[
    greatest(-90, least(90, round((latitude + distance * cos(bearing) / 111320.0)::numeric, 4)))::float8,
    (((round((longitude + distance * sin(bearing) / (111320.0 * greatest(cos(radians(latitude)), 0.01)))::numeric, 4) + 540) % 360) - 180)::float8
  ]
  FROM (
    SELECT 2 * pi() * (('x' || substr(hash, 1, 8))::bit(32)::bigint / 4294967296.0) AS bearing,
           150 + 100 * (('x' || substr(hash, 9, 8))::bit(32)::bigint / 4294967296.0) AS distance
    FROM (SELECT md5((SELECT value FROM server_keys WHERE name = 'meal_point_key') || ':' || owner_id::text
                     || ':' || latitude::text || ':' || longitude::text) AS hash) AS keyed
  ) AS offset_of
$$;--> statement-breakpoint
-- The shown point follows the pickup point whenever that is written (a row written with only a shown
-- point, as older code and test fixtures do, keeps it), and the earth point follows the shown one.
CREATE OR REPLACE FUNCTION meals_geo_point() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  shown float8[];
BEGIN
  IF NEW.pickup_latitude IS NOT NULL AND NEW.pickup_longitude IS NOT NULL THEN
    shown := meal_shown_point(NEW.owner_id, NEW.pickup_latitude, NEW.pickup_longitude);
    NEW.latitude := shown[1];
    NEW.longitude := shown[2];
  ELSIF TG_OP = 'UPDATE' AND OLD.pickup_latitude IS NOT NULL THEN
    NEW.latitude := NULL;
    NEW.longitude := NULL;
  END IF;
  NEW.geo_point := CASE
    WHEN NEW.latitude IS NULL OR NEW.longitude IS NULL THEN NULL
    ELSE meal_geo_point(NEW.id, NEW.latitude, NEW.longitude)
  END;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER meals_geo_point ON meals;--> statement-breakpoint
CREATE TRIGGER meals_geo_point BEFORE INSERT OR UPDATE OF pickup_latitude, pickup_longitude, latitude, longitude ON meals
  FOR EACH ROW EXECUTE FUNCTION meals_geo_point();--> statement-breakpoint
-- Meals placed before: their point was the pickup point, shown as it was; now it is shown moved.
UPDATE meals SET pickup_latitude = latitude, pickup_longitude = longitude WHERE latitude IS NOT NULL;
