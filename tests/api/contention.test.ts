/**
 * What one member can jam, and races between instances (docs/features/neighbourhood.md,
 * docs/features/households.md): on PostgreSQL two app instances share the database, as a deployment
 * behind a load balancer does; on PGlite one instance serves both sides.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERTS_MAX } from "../../src/contract/alerts";
import { type Database, openDatabase, queryRows } from "../../src/server/db/client";
import { mealAlerts } from "../../src/server/db/schema";
import { buildSignedInUser } from "../factories";
import { createTestApp, type TestApp, testDatabaseKind } from "./harness";

let a: TestApp;
let b: TestApp;
let second: Database | undefined;
beforeAll(async () => {
  a = await createTestApp();
  if (testDatabaseKind() === "postgres") {
    second = await openDatabase({ url: a.database.url! });
    b = await createTestApp({ database: second });
  } else {
    b = a;
  }
});
afterAll(async () => {
  if (b !== a) await b.close();
  await second?.close();
  await a.close();
});

describe("alerts", () => {
  it(`keep at most ${ALERTS_MAX} for a member however many saves arrive at once, on either instance`, async () => {
    const member = await buildSignedInUser(a.db);
    const home = await a.api({
      method: "PUT",
      url: "/api/user/home-area",
      cookie: member.cookie,
      payload: { latitude: -60.5, longitude: 40.5, radiusKm: 5 },
    });
    expect(home.statusCode).toBe(200);
    const saves = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 === 0 ? a : b).api({
          method: "POST",
          url: "/api/alerts",
          cookie: member.cookie,
          payload: { q: `stew${i}` },
        }),
      ),
    );
    const statuses = saves.map((save) => save.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(ALERTS_MAX);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const [{ kept }] = await queryRows<{ kept: number }>(
      a.db,
      sql`select count(*)::int as kept from ${mealAlerts} where ${eq(mealAlerts.userId, member.user.id)}`,
    );
    expect(kept).toBe(ALERTS_MAX);
  });
});
