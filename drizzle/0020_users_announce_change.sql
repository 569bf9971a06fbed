-- A member's row changed (role, cook status, allergies, home area, suspension, names…): every app
-- instance hears of it on the live channel and forgets the sessions it remembers for them
-- (src/server/auth/session-cache.ts; docs/decisions/011). NOTIFY is delivered on commit.
CREATE FUNCTION users_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mealshare_live', json_build_object('userChanged', NEW.id)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION users_announce_change();
