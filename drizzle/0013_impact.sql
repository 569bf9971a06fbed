CREATE TABLE "impact_totals" (
	"id" integer PRIMARY KEY NOT NULL,
	"meals_shared" bigint DEFAULT 0 NOT NULL,
	"portions_picked_up" bigint DEFAULT 0 NOT NULL,
	"neighbours_shared" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "impact_totals_one_row" CHECK ("impact_totals"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "meals_shared" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "portions_shared" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- docs/features/languages-currency-impact.md "Impact": counters kept in the transaction that changes them, so the impact page and a
-- profile's totals read a row, not the tables. A completed request is one portion picked up.
-- The triggers touch users before impact_totals, and the requests one fires after
-- requests_portions_taken (names fire in order), so every transaction takes the one totals row last.
CREATE FUNCTION meals_totals_impact() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shared integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET meals_shared = meals_shared + 1 WHERE id = NEW.owner_id RETURNING meals_shared INTO shared;
    UPDATE impact_totals SET meals_shared = meals_shared + 1,
      neighbours_shared = neighbours_shared + CASE WHEN shared = 1 THEN 1 ELSE 0 END
    WHERE id = 1;
  ELSE
    UPDATE users SET meals_shared = meals_shared - 1 WHERE id = OLD.owner_id RETURNING meals_shared INTO shared;
    UPDATE impact_totals SET meals_shared = meals_shared - 1,
      neighbours_shared = neighbours_shared - CASE WHEN shared = 0 THEN 1 ELSE 0 END
    WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER meals_totals_impact AFTER INSERT OR DELETE ON meals
  FOR EACH ROW EXECUTE FUNCTION meals_totals_impact();--> statement-breakpoint
CREATE FUNCTION requests_totals_impact() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' THEN
    delta := delta - 1;
    UPDATE users SET portions_shared = portions_shared - 1 WHERE id = OLD.owner_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'completed' THEN
    delta := delta + 1;
    UPDATE users SET portions_shared = portions_shared + 1 WHERE id = NEW.owner_id;
  END IF;
  IF delta <> 0 THEN
    UPDATE impact_totals SET portions_picked_up = portions_picked_up + delta WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER requests_totals_impact AFTER INSERT OR DELETE OR UPDATE OF status ON requests
  FOR EACH ROW EXECUTE FUNCTION requests_totals_impact();--> statement-breakpoint
-- What happened before the counters.
UPDATE users SET
  meals_shared = (SELECT count(*) FROM meals WHERE meals.owner_id = users.id),
  portions_shared = (SELECT count(*) FROM requests WHERE requests.owner_id = users.id AND requests.status = 'completed');--> statement-breakpoint
INSERT INTO impact_totals (id, meals_shared, portions_picked_up, neighbours_shared)
SELECT 1,
  (SELECT count(*) FROM meals),
  (SELECT count(*) FROM requests WHERE status = 'completed'),
  (SELECT count(DISTINCT owner_id) FROM meals);
