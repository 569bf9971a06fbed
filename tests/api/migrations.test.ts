/** What migrations do to data that was there before them. */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrateDatabase, queryRows } from "../../src/server/db/client";
import { buildMeal, buildUser } from "../factories";
import { openDatabaseBefore } from "./harness";

describe("migration 0009", () => {
  it("gives each photo in use to the first user who showed it", async () => {
    const database = await openDatabaseBefore("0009");
    try {
      const { db } = database;
      const photo = (n: number) => `/objects/photos/00000000-0000-4000-8000-00000000000${n}.webp`;
      const cook = await buildUser(db, { createdAt: new Date("2026-01-01") });
      await buildMeal(db, cook, { photoPath: photo(1), createdAt: new Date("2026-01-02") });
      const profiled = await buildUser(db, { profileImageUrl: photo(2), createdAt: new Date("2026-01-03") });
      // Someone who pointed their profile at the cook's photo later does not get it.
      await buildUser(db, { profileImageUrl: photo(1), createdAt: new Date("2026-02-01") });
      await migrateDatabase(database);
      const owners = await queryRows<{ id: string; user_id: string }>(
        db,
        sql`select id, user_id from photos order by id`,
      );
      expect(owners).toEqual([
        { id: "00000000-0000-4000-8000-000000000001", user_id: cook.id },
        { id: "00000000-0000-4000-8000-000000000002", user_id: profiled.id },
      ]);
    } finally {
      await database.close();
    }
  });
});
