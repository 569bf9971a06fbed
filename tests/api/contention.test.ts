/**
 * What one member can jam, and races between instances (docs/features/neighbourhood.md,
 * docs/features/households.md): on PostgreSQL two app instances share the database, as a deployment
 * behind a load balancer does; on PGlite one instance serves both sides.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERTS_MAX } from "../../src/contract/alerts";
import { type Database, queryRows } from "../../src/server/db/client";
import { mealAlerts, meals, requests } from "../../src/server/db/schema";
import { eventually } from "../eventually";
import { buildMeal, buildSignedInUser } from "../factories";
import {
  ADMIN_EMAIL,
  createTestApp,
  jobsSettled,
  openSecondDatabase,
  type TestApp,
  testDatabaseKind,
} from "./harness";

let a: TestApp;
let b: TestApp;
let second: Database | undefined;
beforeAll(async () => {
  a = await createTestApp();
  if (testDatabaseKind() === "postgres") {
    second = await openSecondDatabase(a.database.url!);
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
    const save = (i: number) =>
      (i % 2 === 0 ? a : b).api({
        method: "POST",
        url: "/api/alerts",
        cookie: member.cookie,
        payload: { q: `stew${i}` },
      });
    // Each save answers 201, 409 at the cap, or — a loaded machine — 503 with Retry-After. Those told
    // to come back come back, all at once again, as their clients would: on a loaded CI machine most
    // of the first burst once answered 503, the cap was never reached and no 409 came (a flake).
    const statuses = new Map<number, number>();
    let waiting = Array.from({ length: 60 }, (_, i) => i);
    for (let round = 0; round < 20 && waiting.length > 0; round++) {
      const answers = await Promise.all(waiting.map(async (i) => [i, (await save(i)).statusCode] as const));
      for (const [i, status] of answers) statuses.set(i, status);
      waiting = answers.filter(([, status]) => status === 503).map(([i]) => i);
    }
    const all = [...statuses.values()];
    expect(all.every((status) => status === 201 || status === 409)).toBe(true);
    const saved = all.filter((status) => status === 201).length;
    expect(saved).toBe(ALERTS_MAX);
    expect(all.filter((status) => status === 409).length).toBe(60 - ALERTS_MAX);
    const [{ kept }] = await queryRows<{ kept: number }>(
      a.db,
      sql`select count(*)::int as kept from ${mealAlerts} where ${eq(mealAlerts.userId, member.user.id)}`,
    );
    expect(kept).toBe(saved);
  });
});

describe("a pickup's end, across instances", () => {
  const put = (app: TestApp, cookie: string, url: string, payload: object) =>
    app.api({ method: "PUT", url, cookie, payload });

  it("refuses a held offer taken up on one instance after the meal was taken down on the other (409)", async () => {
    const cook = await buildSignedInUser(a.db);
    const first = await buildSignedInUser(a.db);
    const waiting = await buildSignedInUser(a.db);
    const admin = await buildSignedInUser(a.db, { email: ADMIN_EMAIL });
    const meal = await buildMeal(a.db, cook.user, { portionSize: 1 });
    const taken = (
      await a.api({
        method: "POST",
        url: "/api/requests",
        cookie: first.cookie,
        payload: { mealId: meal.id },
      })
    ).json();
    await put(a, cook.cookie, `/api/requests/${taken.id}/status`, { status: "accepted" });
    await b.api({
      method: "POST",
      url: `/api/meals/${meal.id}/waitlist`,
      cookie: waiting.cookie,
      payload: { portions: 1 },
    });
    await put(b, first.cookie, `/api/requests/${taken.id}/status`, { status: "cancelled" });
    await jobsSettled(a.db);
    const [offer] = await a.db.select().from(requests).where(eq(requests.eaterId, waiting.user.id));
    expect(offer.status).toBe("held");
    expect((await put(a, admin.cookie, `/api/meals/${meal.id}`, { isActive: false })).statusCode).toBe(200);
    const tookUp = await put(b, waiting.cookie, `/api/requests/${offer.id}/status`, { status: "accepted" });
    expect(tookUp.statusCode).toBe(409);
    expect(tookUp.json().code).toBe("meal_inactive");
  });

  it("makes a no-show reported on one instance against a side that confirmed on the other a dispute", async () => {
    const cook = await buildSignedInUser(a.db);
    const eater = await buildSignedInUser(a.db);
    const meal = await buildMeal(a.db, cook.user);
    const sent = (
      await a.api({
        method: "POST",
        url: "/api/requests",
        cookie: eater.cookie,
        payload: { mealId: meal.id },
      })
    ).json();
    await put(a, cook.cookie, `/api/requests/${sent.id}/status`, { status: "accepted" });
    expect(
      (await put(b, eater.cookie, `/api/requests/${sent.id}/status`, { status: "completed" })).statusCode,
    ).toBe(200);
    await a.db
      .update(meals)
      .set({
        pickupWindowStart: new Date(Date.now() - 3 * 3_600_000),
        pickupWindowEnd: new Date(Date.now() - 3_600_000),
      })
      .where(eq(meals.id, meal.id));
    const reported = await put(a, cook.cookie, `/api/requests/${sent.id}/status`, {
      status: "no_show",
      reason: "No one came.",
    });
    expect(reported.json()).toMatchObject({ status: "disputed", noShowParty: "eater" });
    const record = (await b.api({ url: `/api/users/${eater.user.id}`, cookie: cook.cookie })).json()
      .reliability;
    expect(record).toMatchObject({ pickupsDue: 0, pickedUp: 0 });
  });
});

describe("the job queue under a burst", () => {
  /** A deployment's apps (two on PostgreSQL) that poll for jobs every 5 seconds. */
  async function slowPolling(): Promise<{ apps: TestApp[]; close: () => Promise<void> }> {
    const first = await createTestApp({ config: { jobPollingSeconds: 5, alertDigestMinutes: 60 } });
    if (testDatabaseKind() !== "postgres") return { apps: [first], close: () => first.close() };
    const database = await openSecondDatabase(first.database.url!);
    const other = await createTestApp({ database, config: { jobPollingSeconds: 5, alertDigestMinutes: 60 } });
    return {
      apps: [first, other],
      close: async () => {
        await other.close();
        await database.close();
        await first.close();
      },
    };
  }

  it("matches a burst of 40 posted meals within a few polling intervals, not one job per interval, and tells each member once", async () => {
    const { apps, close } = await slowPolling();
    try {
      const [app] = apps;
      const at = { latitude: -62.5, longitude: 60.5 };
      const watcher = await buildSignedInUser(app.db);
      await app.api({
        method: "PUT",
        url: "/api/user/home-area",
        cookie: watcher.cookie,
        payload: { ...at, radiusKm: 5 },
      });
      expect(
        (
          await app.api({
            method: "POST",
            url: "/api/alerts",
            cookie: watcher.cookie,
            payload: { q: "soup" },
          })
        ).statusCode,
      ).toBe(201);
      const cook = await buildSignedInUser(app.db);
      for (let i = 0; i < 40; i++) {
        const posted = await apps[i % apps.length].api({
          method: "POST",
          url: "/api/meals",
          cookie: cook.cookie,
          payload: {
            title: `Soup ${i}`,
            description: "Hot.",
            kind: "free",
            priceCents: null,
            portionSize: 2,
            ingredients: "water, leeks",
            allergenCodes: [],
            noMajorAllergens: true,
            pickupLocation: "Hall",
            pickupWindowStart: new Date(Date.now() + 3_600_000).toISOString(),
            pickupWindowEnd: new Date(Date.now() + 3 * 3_600_000).toISOString(),
            ...at,
          },
        });
        expect(posted.statusCode).toBe(201);
      }
      // One job a polling interval would take 200 s; a drained burst, a few intervals at most.
      const matched = await eventually(
        async () => {
          const [row] = await queryRows<{ matched: number }>(
            app.db,
            sql`select count(*)::int as matched from alert_matches where user_id = ${watcher.user.id}`,
          );
          return row.matched;
        },
        { until: (count) => count === 40, failure: (count) => `${count} of 40 matched`, timeoutMs: 25_000 },
      );
      expect(matched).toBe(40);
      const told = (await app.api({ url: "/api/notifications", cookie: watcher.cookie })).json();
      const alerts = told.filter((notification: { type: string }) => notification.type === "meal_alert");
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ text: "40 new meals near you", link: "/", isRead: false });
    } finally {
      await close();
    }
  }, 60_000);
});

describe.runIf(testDatabaseKind() === "postgres")("a burst the database cannot take", () => {
  it("answers 503 with Retry-After when no pooled connection comes free in time, never 500", async () => {
    const member = await buildSignedInUser(a.db);
    // Warm the session cache first: the member is known, every connection is then taken.
    expect((await a.api({ url: "/api/auth/user", cookie: member.cookie })).statusCode).toBe(200);
    const driver = a.database.driver;
    if (driver.kind !== "pg") throw new Error("PostgreSQL only");
    const held = await Promise.all(
      Array.from({ length: driver.pool.options.max }, () => driver.pool.connect()),
    );
    try {
      const response = await a.api({ url: "/api/meals", cookie: member.cookie });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("2");
      expect(response.json().code).toBe("busy");
    } finally {
      for (const client of held) client.release();
    }
    expect((await a.api({ url: "/api/meals", cookie: member.cookie })).statusCode).toBe(200);
  }, 20_000);
});
