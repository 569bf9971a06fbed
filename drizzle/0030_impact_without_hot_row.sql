ALTER TABLE "impact_totals" DROP CONSTRAINT "impact_totals_one_row";--> statement-breakpoint
ALTER TABLE "impact_totals" ADD CONSTRAINT "impact_totals_slot" CHECK ("impact_totals"."id" between 1 and 16);--> statement-breakpoint
-- docs/decisions/014: the neighbourhood's totals are 16 rows summed on read, not one row every post
-- updates. A connection writes the slot of its backend, so posts on different connections never wait
-- for each other's commit, and a transaction only ever holds one slot.
INSERT INTO impact_totals (id) SELECT slot FROM generate_series(1, 16) AS slot ON CONFLICT (id) DO NOTHING;--> statement-breakpoint
CREATE FUNCTION impact_slot() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT pg_backend_pid() % 16 + 1
$$;--> statement-breakpoint
-- Meals added or removed are counted once per statement, from its transition table: an import of a
-- million meals updates each owner once and the slot once, instead of the same rows a million times.
-- Owners are locked in id order, as every statement does, so two imports cannot deadlock on them; the
-- slot is taken last. A members-only meal counts once it is shared with everyone
-- (docs/features/groups.md point 3).
CREATE FUNCTION meals_totals_impact_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  meals_delta bigint;
  neighbours_delta bigint;
BEGIN
  SELECT count(*) INTO meals_delta FROM added WHERE NOT members_only;
  IF meals_delta = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM users WHERE id IN (SELECT owner_id FROM added WHERE NOT members_only) ORDER BY id FOR UPDATE;
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
CREATE FUNCTION meals_totals_impact_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  meals_delta bigint;
  neighbours_delta bigint;
BEGIN
  SELECT count(*) INTO meals_delta FROM removed WHERE NOT members_only;
  IF meals_delta = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM users WHERE id IN (SELECT owner_id FROM removed WHERE NOT members_only) ORDER BY id FOR UPDATE;
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
$$;--> statement-breakpoint
-- A meal shared with everyone later, or taken back into its group: one row at a time, as it happens.
CREATE OR REPLACE FUNCTION meals_totals_impact() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shared integer;
BEGIN
  IF NOT NEW.members_only THEN
    UPDATE users SET meals_shared = meals_shared + 1 WHERE id = NEW.owner_id RETURNING meals_shared INTO shared;
    UPDATE impact_totals SET meals_shared = meals_shared + 1,
      neighbours_shared = neighbours_shared + CASE WHEN shared = 1 THEN 1 ELSE 0 END
    WHERE id = impact_slot();
  ELSE
    UPDATE users SET meals_shared = meals_shared - 1 WHERE id = NEW.owner_id RETURNING meals_shared INTO shared;
    UPDATE impact_totals SET meals_shared = meals_shared - 1,
      neighbours_shared = neighbours_shared - CASE WHEN shared = 0 THEN 1 ELSE 0 END
    WHERE id = impact_slot();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER meals_totals_impact ON meals;--> statement-breakpoint
CREATE TRIGGER meals_totals_impact AFTER UPDATE OF members_only ON meals
  FOR EACH ROW WHEN (OLD.members_only IS DISTINCT FROM NEW.members_only)
  EXECUTE FUNCTION meals_totals_impact();--> statement-breakpoint
CREATE TRIGGER meals_totals_impact_insert AFTER INSERT ON meals
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION meals_totals_impact_added();--> statement-breakpoint
CREATE TRIGGER meals_totals_impact_delete AFTER DELETE ON meals
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION meals_totals_impact_removed();--> statement-breakpoint
-- Portions picked up, as 0023 wrote it, into the connection's slot.
CREATE OR REPLACE FUNCTION requests_totals_impact() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' THEN
    delta := delta - OLD.portions;
    UPDATE users SET portions_shared = portions_shared - OLD.portions WHERE id = OLD.feeder_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'completed' THEN
    delta := delta + NEW.portions;
    UPDATE users SET portions_shared = portions_shared + NEW.portions WHERE id = NEW.feeder_id;
  END IF;
  IF delta <> 0 THEN
    UPDATE impact_totals SET portions_picked_up = portions_picked_up + delta WHERE id = impact_slot();
  END IF;
  RETURN NULL;
END
$$;
