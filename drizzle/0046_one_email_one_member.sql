-- One email, one member (docs/decisions/016 "One email, one member"). The bundled dev sign-in stored
-- its members under its own URL, port included, so a start on another port made a second, empty
-- account for an email that already had one. Each such set is merged into its oldest account: every
-- row that names a newer one now names the oldest (a row the oldest already has, such as the same
-- favourite, goes), and the newer ones go. Then the dev sign-in's members are stored under one name.
DO $$
DECLARE
  dup record;
  fk record;
  r record;
BEGIN
  FOR dup IN
    SELECT u.id, k.id AS keeper
      FROM users u
      JOIN LATERAL (
        SELECT o.id FROM users o
         WHERE o.email = u.email AND (o.oidc_issuer LIKE '%/dev-idp' OR o.oidc_issuer = 'mealshare:dev')
         ORDER BY o.created_at, o.id LIMIT 1
      ) k ON k.id <> u.id
     WHERE u.oidc_issuer LIKE '%/dev-idp' OR u.oidc_issuer = 'mealshare:dev'
  LOOP
    FOR fk IN
      SELECT c.conrelid::regclass AS tbl, a.attname AS col
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass AND array_length(c.conkey, 1) = 1
    LOOP
      BEGIN
        EXECUTE format('UPDATE %s SET %I = $1 WHERE %I = $2', fk.tbl, fk.col, fk.col) USING dup.keeper, dup.id;
      EXCEPTION WHEN unique_violation OR check_violation THEN
        FOR r IN EXECUTE format('SELECT ctid FROM %s WHERE %I = $1', fk.tbl, fk.col) USING dup.id LOOP
          BEGIN
            EXECUTE format('UPDATE %s SET %I = $1 WHERE ctid = $2', fk.tbl, fk.col) USING dup.keeper, r.ctid;
          EXCEPTION WHEN unique_violation OR check_violation THEN
            EXECUTE format('DELETE FROM %s WHERE ctid = $1', fk.tbl) USING r.ctid;
          END;
        END LOOP;
      END;
    END LOOP;
    DELETE FROM users WHERE id = dup.id;
  END LOOP;
  -- The dev provider vouches for every address it signs in (auth/dev-idp.ts); the seed had not said so.
  UPDATE users SET oidc_issuer = 'mealshare:dev', email_verified = true WHERE oidc_issuer LIKE '%/dev-idp';
END $$;
