ALTER TABLE "requests" DROP CONSTRAINT "requests_status_known";--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "dispute_reason" varchar(500);--> statement-breakpoint
CREATE INDEX "requests_disputed_idx" ON "requests" USING btree ("disputed_at") WHERE "requests"."status" = 'disputed';--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_status_known" CHECK ("requests"."status" IN ('pending', 'accepted', 'held', 'declined', 'completed', 'cancelled', 'lapsed', 'no_show', 'disputed'));--> statement-breakpoint
-- Reliability (docs/features/households.md point 5) as 0023 counted it, and: a no-show that is
-- disputed no longer counts (it was counted in the month it was reported) until an admin settles it.
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
  IF OLD.status = 'no_show' THEN
    UPDATE reliability_months SET due = greatest(due - 1, 0)
    WHERE month = date_trunc('month', OLD.updated_at)::date
      AND ((user_id = OLD.eater_id AND side = 'eater' AND OLD.no_show_party IN ('eater', 'both'))
        OR (user_id = OLD.feeder_id AND side = 'feeder' AND OLD.no_show_party IN ('feeder', 'both')));
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
