-- One name per idea (docs/ARCHITECTURE.md "Names"): the person who shares a meal is its feeder on a
-- request (the API keeps spec §3's `owner`), and `isCook` means registered to sell.
ALTER TABLE "requests" RENAME COLUMN "owner_id" TO "feeder_id";--> statement-breakpoint
ALTER TABLE "requests" RENAME COLUMN "owner_confirmed_at" TO "feeder_confirmed_at";--> statement-breakpoint
ALTER INDEX "requests_owner_idx" RENAME TO "requests_feeder_idx";--> statement-breakpoint
ALTER TABLE "requests" RENAME CONSTRAINT "requests_owner_id_users_id_fk" TO "requests_feeder_id_users_id_fk";--> statement-breakpoint
UPDATE "requests" SET "cancelled_by" = 'feeder' WHERE "cancelled_by" = 'owner';--> statement-breakpoint
UPDATE "requests" SET "no_show_party" = 'feeder' WHERE "no_show_party" = 'owner';--> statement-breakpoint
UPDATE "reliability_months" SET "side" = 'feeder' WHERE "side" = 'owner';--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "is_cook" TO "is_registered_cook";--> statement-breakpoint
-- The triggers that name the columns, as 0019 wrote them, with the new names.
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
    UPDATE impact_totals SET portions_picked_up = portions_picked_up + delta WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION requests_reliability() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  this_month date := date_trunc('month', now())::date;
  eater_due integer := 0;
  eater_kept integer := 0;
  feeder_due integer := 0;
  feeder_kept integer := 0;
BEGIN
  IF NEW.status = OLD.status THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'completed' THEN
    eater_due := 1; eater_kept := 1; feeder_due := 1; feeder_kept := 1;
  ELSIF NEW.status = 'no_show' THEN
    IF NEW.no_show_party IN ('eater', 'both') THEN eater_due := 1; END IF;
    IF NEW.no_show_party IN ('feeder', 'both') THEN feeder_due := 1; END IF;
  ELSIF NEW.status = 'cancelled' AND NEW.late_cancel THEN
    IF NEW.cancelled_by = 'eater' THEN eater_due := 1; ELSE feeder_due := 1; END IF;
  END IF;
  IF eater_due > 0 THEN
    INSERT INTO reliability_months (user_id, month, side, due, kept)
    VALUES (NEW.eater_id, this_month, 'eater', eater_due, eater_kept)
    ON CONFLICT (user_id, side, month) DO UPDATE
      SET due = reliability_months.due + excluded.due, kept = reliability_months.kept + excluded.kept;
  END IF;
  IF feeder_due > 0 THEN
    INSERT INTO reliability_months (user_id, month, side, due, kept)
    VALUES (NEW.feeder_id, this_month, 'feeder', feeder_due, feeder_kept)
    ON CONFLICT (user_id, side, month) DO UPDATE
      SET due = reliability_months.due + excluded.due, kept = reliability_months.kept + excluded.kept;
  END IF;
  RETURN NULL;
END
$$;
