CREATE TABLE "waitlist_counts" (
	"meal_id" uuid PRIMARY KEY NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waitlist_counts_not_negative" CHECK ("waitlist_counts"."waiting" >= 0)
);
--> statement-breakpoint
ALTER TABLE "waitlist_counts" ADD CONSTRAINT "waitlist_counts_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- docs/decisions/015 "A popular meal's page": a meal's page reads how many wait from this row instead
-- of counting its line, which a draw with 10,000 entrants leaves 10,000 long. The count follows every
-- statement that changes `waitlist_entries`, once per statement from its transition tables, so the
-- draw's one insert of its whole line updates the row once, not 10,000 times (decision 014).
-- Existing rows are locked in meal id order, as every statement here takes them, so two statements
-- spanning several meals (a member's account deleted, say) cannot deadlock. Only positive changes may
-- add a row: a negative one comes from rows leaving the line, whose meal may be the one being deleted.
CREATE FUNCTION waitlist_counts_shift(meal_ids uuid[], changes integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM waitlist_counts WHERE meal_id = ANY (meal_ids) ORDER BY meal_id FOR UPDATE;
  INSERT INTO waitlist_counts (meal_id, waiting)
    SELECT d.meal_id, d.change FROM unnest(meal_ids, changes) AS d (meal_id, change)
    WHERE d.change > 0 ORDER BY d.meal_id
    ON CONFLICT (meal_id) DO UPDATE SET waiting = waitlist_counts.waiting + excluded.waiting;
  UPDATE waitlist_counts SET waiting = waitlist_counts.waiting + d.change
    FROM unnest(meal_ids, changes) AS d (meal_id, change)
    WHERE waitlist_counts.meal_id = d.meal_id AND d.change < 0;
END
$$;--> statement-breakpoint
-- Rows added to or removed from the table (`moved`), counted with the sign the trigger passes.
CREATE FUNCTION waitlist_entries_counted_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_counts_shift(array_agg(meal_id ORDER BY meal_id), array_agg(n ORDER BY meal_id))
  FROM (
    SELECT meal_id, count(*)::int * TG_ARGV[0]::int AS n
    FROM moved WHERE status = 'waiting' GROUP BY meal_id
  ) AS d
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An update is counted as the rows it removed and the rows it added, one trigger each: the line loses
-- whoever stopped waiting (left, offered) and keeps whoever still waits, for any number of portions.
CREATE TRIGGER waitlist_entries_counted_insert AFTER INSERT ON waitlist_entries
  REFERENCING NEW TABLE AS moved FOR EACH STATEMENT
  EXECUTE FUNCTION waitlist_entries_counted_moved('1');--> statement-breakpoint
CREATE TRIGGER waitlist_entries_counted_delete AFTER DELETE ON waitlist_entries
  REFERENCING OLD TABLE AS moved FOR EACH STATEMENT
  EXECUTE FUNCTION waitlist_entries_counted_moved('-1');--> statement-breakpoint
CREATE TRIGGER waitlist_entries_counted_update_old AFTER UPDATE ON waitlist_entries
  REFERENCING OLD TABLE AS moved FOR EACH STATEMENT
  EXECUTE FUNCTION waitlist_entries_counted_moved('-1');--> statement-breakpoint
CREATE TRIGGER waitlist_entries_counted_update_new AFTER UPDATE ON waitlist_entries
  REFERENCING NEW TABLE AS moved FOR EACH STATEMENT
  EXECUTE FUNCTION waitlist_entries_counted_moved('1');--> statement-breakpoint
INSERT INTO waitlist_counts (meal_id, waiting)
  SELECT meal_id, count(*)::int FROM waitlist_entries WHERE status = 'waiting' GROUP BY meal_id;
