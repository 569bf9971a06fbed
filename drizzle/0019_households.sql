-- Households and real pickups (docs/features/households.md): portions per request, waiting lists,
-- weekly meals, pickups both sides confirm, and reliability counters.
CREATE TABLE "meal_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"template" jsonb NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"first_start" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"weeks" integer NOT NULL,
	"made" integer DEFAULT 1 NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "meal_series_weeks_range" CHECK ("meal_series"."weeks" BETWEEN 2 AND 8),
	CONSTRAINT "meal_series_status_known" CHECK ("meal_series"."status" IN ('active', 'paused', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "reliability_months" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"side" varchar(10) NOT NULL,
	"due" integer DEFAULT 0 NOT NULL,
	"kept" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reliability_months_user_id_side_month_pk" PRIMARY KEY("user_id","side","month")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"portions" integer NOT NULL,
	"status" varchar(10) DEFAULT 'waiting' NOT NULL,
	"request_id" uuid,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "waitlist_entries_portions_positive" CHECK ("waitlist_entries"."portions" >= 1),
	CONSTRAINT "waitlist_entries_status_known" CHECK ("waitlist_entries"."status" IN ('waiting', 'offered', 'left'))
);
--> statement-breakpoint
DROP INDEX "requests_one_open_per_eater_idx";--> statement-breakpoint
-- The statuses become text with a check (see the schema): an enum's new values could not be used in
-- this same transaction. The triggers on the column go while it changes and come back below.
DROP TRIGGER requests_portions_taken ON requests;--> statement-breakpoint
DROP TRIGGER requests_totals_impact ON requests;--> statement-breakpoint
ALTER TABLE "requests" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "requests" ALTER COLUMN "status" SET DATA TYPE varchar(20) USING "status"::text;--> statement-breakpoint
ALTER TABLE "requests" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "occurrence" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "portions_requested" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "portions" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "pickup_code" varchar(4);--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "code_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "eater_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "owner_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "cancelled_by" varchar(10);--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "late_cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "no_show_party" varchar(10);--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "no_show_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "meal_series" ADD CONSTRAINT "meal_series_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliability_months" ADD CONSTRAINT "reliability_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meal_series_owner_idx" ON "meal_series" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_per_member_idx" ON "waitlist_entries" USING btree ("meal_id","user_id") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("meal_id","created_at","id") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_series_id_meal_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."meal_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meals_series_occurrence_key" ON "meals" USING btree ("series_id","occurrence");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_one_open_per_eater_idx" ON "requests" USING btree ("meal_id","eater_id") WHERE "requests"."status" IN ('pending', 'accepted', 'held');--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_status_known" CHECK ("requests"."status" IN ('pending', 'accepted', 'held', 'declined', 'completed', 'cancelled', 'lapsed', 'no_show'));--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_portions_positive" CHECK ("requests"."portions" >= 1 AND "requests"."portions_requested" >= "requests"."portions");--> statement-breakpoint
DROP TYPE "public"."request_status";--> statement-breakpoint
-- Portions left (docs/DESIGN.md §6d): an accepted, held (offered from the waiting list), completed or
-- no-show request takes its `portions` from its meal; the counter follows every change of status,
-- portions or meal in the transaction that makes it.
CREATE OR REPLACE FUNCTION requests_portions_taken() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('accepted', 'held', 'completed', 'no_show') THEN
    UPDATE meals SET portions_taken = portions_taken - OLD.portions WHERE id = OLD.meal_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('accepted', 'held', 'completed', 'no_show') THEN
    UPDATE meals SET portions_taken = portions_taken + NEW.portions WHERE id = NEW.meal_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER requests_portions_taken AFTER INSERT OR DELETE OR UPDATE OF status, portions, meal_id ON requests
  FOR EACH ROW EXECUTE FUNCTION requests_portions_taken();--> statement-breakpoint
-- Impact: a completed request is its portions picked up (migration 0013 counted one each).
CREATE OR REPLACE FUNCTION requests_totals_impact() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' THEN
    delta := delta - OLD.portions;
    UPDATE users SET portions_shared = portions_shared - OLD.portions WHERE id = OLD.owner_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'completed' THEN
    delta := delta + NEW.portions;
    UPDATE users SET portions_shared = portions_shared + NEW.portions WHERE id = NEW.owner_id;
  END IF;
  IF delta <> 0 THEN
    UPDATE impact_totals SET portions_picked_up = portions_picked_up + delta WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER requests_totals_impact AFTER INSERT OR DELETE OR UPDATE OF status, portions ON requests
  FOR EACH ROW EXECUTE FUNCTION requests_totals_impact();--> statement-breakpoint
-- Reliability (docs/features/households.md point 5), counted when an agreed exchange ends, in the
-- month it ends: completed is a pickup due and kept on both sides; a no-show is one due and not kept
-- by whoever did not turn up (both, when neither side ever confirmed); a late cancellation is one due
-- and not kept by whoever cancelled. Other ends (declined, an early cancellation, a lapsed offer) are
-- not pickups that were due.
CREATE FUNCTION requests_reliability() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  this_month date := date_trunc('month', now())::date;
  eater_due integer := 0;
  eater_kept integer := 0;
  owner_due integer := 0;
  owner_kept integer := 0;
BEGIN
  IF NEW.status = OLD.status THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'completed' THEN
    eater_due := 1; eater_kept := 1; owner_due := 1; owner_kept := 1;
  ELSIF NEW.status = 'no_show' THEN
    IF NEW.no_show_party IN ('eater', 'both') THEN eater_due := 1; END IF;
    IF NEW.no_show_party IN ('owner', 'both') THEN owner_due := 1; END IF;
  ELSIF NEW.status = 'cancelled' AND NEW.late_cancel THEN
    IF NEW.cancelled_by = 'eater' THEN eater_due := 1; ELSE owner_due := 1; END IF;
  END IF;
  IF eater_due > 0 THEN
    INSERT INTO reliability_months (user_id, month, side, due, kept)
    VALUES (NEW.eater_id, this_month, 'eater', eater_due, eater_kept)
    ON CONFLICT (user_id, side, month) DO UPDATE
      SET due = reliability_months.due + excluded.due, kept = reliability_months.kept + excluded.kept;
  END IF;
  IF owner_due > 0 THEN
    INSERT INTO reliability_months (user_id, month, side, due, kept)
    VALUES (NEW.owner_id, this_month, 'owner', owner_due, owner_kept)
    ON CONFLICT (user_id, side, month) DO UPDATE
      SET due = reliability_months.due + excluded.due, kept = reliability_months.kept + excluded.kept;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER requests_reliability AFTER UPDATE OF status ON requests
  FOR EACH ROW EXECUTE FUNCTION requests_reliability();--> statement-breakpoint
-- Exchanges completed before the counters, each in the month it was last changed.
INSERT INTO reliability_months (user_id, month, side, due, kept)
SELECT user_id, month, side, count(*), count(*)
FROM (
  SELECT eater_id AS user_id, date_trunc('month', updated_at)::date AS month, 'eater' AS side FROM requests WHERE status = 'completed'
  UNION ALL
  SELECT owner_id, date_trunc('month', updated_at)::date, 'owner' FROM requests WHERE status = 'completed'
) AS ended
GROUP BY user_id, month, side;
--> statement-breakpoint
-- Pickups agreed before codes existed get theirs now.
UPDATE requests SET pickup_code = lpad(floor(random() * 10000)::int::text, 4, '0') WHERE status = 'accepted';
