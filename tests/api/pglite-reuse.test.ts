/**
 * docs/decisions/004: a PGlite test database handed from one file to the next comes back as the
 * migrated dump left it, and one that cannot be put back is not handed out again.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { buildMeal, buildUser } from "../factories";
import { createTestApp, openTestDatabase, testDatabaseKind } from "./harness";
import { appStartedOn } from "./pglite-reuse";

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

const count = async (database: TestDatabase, table: string) =>
  Number((await queryRows<{ n: number }>(database.db, sql.raw(`select count(*) as n from ${table}`)))[0].n);

/** A live event for a new member: the id its identity column gives. */
async function newEventId(database: TestDatabase) {
  const user = await buildUser(database.db);
  const [{ id }] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into live_events (user_id, type, payload) values (${user.id}, 'resync', '{}') returning id`,
  );
  return Number(id);
}

describe.runIf(testDatabaseKind() === "pglite")("PGlite test databases handed from file to file", () => {
  it("gives the next file the same database with no rows of the last, the dump's own rows and sequences back", async () => {
    const first = await openTestDatabase();
    const synonyms = await count(first, "allergen_synonyms");
    const migrations = await count(first, "drizzle.__drizzle_migrations");
    const t = await createTestApp({ database: first });
    const firstEventId = await newEventId(first);
    await buildMeal(first.db, await buildUser(first.db));
    await first.db.execute(sql`delete from allergen_synonyms where synonym = 'dairy'`);
    await t.close();
    await first.close();

    const next = await openTestDatabase();
    try {
      expect(next.driver.kind === "pglite" && first.driver.kind === "pglite").toBe(true);
      if (next.driver.kind !== "pglite" || first.driver.kind !== "pglite") return;
      expect(next.driver.client).toBe(first.driver.client);
      expect(await count(next, "users")).toBe(0);
      expect(await count(next, "meals")).toBe(0);
      expect(await count(next, "allergen_synonyms")).toBe(synonyms);
      expect(await count(next, "drizzle.__drizzle_migrations")).toBe(migrations);
      expect(await newEventId(next)).toBe(firstEventId);
    } finally {
      await next.close();
    }
  });

  it("closes a database whose schema a file changed, or on which an app still runs, and loads a fresh one", async () => {
    const changed = await openTestDatabase();
    await changed.db.execute(sql`create table left_behind (id int)`);
    await changed.close();
    const afterChange = await openTestDatabase();
    const running = await openTestDatabase();
    // As createTestApp counts an app it builds, until the app has stopped.
    const appStopped = appStartedOn(running.db);
    await running.close();
    appStopped();
    const afterRunning = await openTestDatabase();
    try {
      if (
        changed.driver.kind !== "pglite" ||
        afterChange.driver.kind !== "pglite" ||
        running.driver.kind !== "pglite" ||
        afterRunning.driver.kind !== "pglite"
      ) {
        throw new Error("PGlite databases expected");
      }
      expect(changed.driver.client.closed).toBe(true);
      expect(afterChange.driver.client).not.toBe(changed.driver.client);
      expect(await count(afterChange, "pg_tables where tablename = 'left_behind'")).toBe(0);
      expect(running.driver.client.closed).toBe(true);
      expect(afterRunning.driver.client).not.toBe(running.driver.client);
    } finally {
      await afterChange.close();
      await afterRunning.close();
    }
  });
});
