/**
 * Alerts for new meals (docs/features/neighbourhood.md point 6): saving, listing, pausing and deleting
 * one's own alerts; matching a posted meal by text, kind, allergens and radius, never one's own meal,
 * a blocked member's, or for a paused alert or a suspended member; one in-app notification per member
 * and meal; push and email coalesced per alert, listing the meals.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERTS_MAX } from "../../src/contract/alerts";
import { queryRows } from "../../src/server/db/client";
import { blocks, users } from "../../src/server/db/schema";
import { buildSignedInUser, hoursFromNow } from "../factories";
import { type CaughtMail, emailTo, type MailCatcher, startMailCatcher } from "../mail-catcher";
import { createTestApp, jobsSettled, type TestApp } from "./harness";

/** About this many degrees of latitude make a kilometre. */
const KM = 1 / 111.2;
let nextSpot = 0;
/** A spot of the southern ocean no other test uses: [latitude, longitude]. */
function spot(): [number, number] {
  nextSpot += 1;
  return [-58 + (nextSpot % 20) * 0.9, 20 + Math.floor(nextSpot / 20) * 2 + (process.pid % 50) * 0.02];
}

describe("alerts", () => {
  let t: TestApp;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await createTestApp({
      config: {
        email: emailTo(mail),
        // Three seconds between an alert's emails, so the digest's wait fits a test.
        alertDigestMinutes: 0.05,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  /** A member with a home area at `at` (radius `radiusKm`). */
  async function member(
    at: [number, number],
    radiusKm = 5,
    overrides: Partial<typeof users.$inferInsert> = {},
  ) {
    const who = await buildSignedInUser(t.db, overrides);
    const set = await t.api({
      method: "PUT",
      url: "/api/user/home-area",
      cookie: who.cookie,
      payload: { latitude: at[0], longitude: at[1], radiusKm },
    });
    expect(set.statusCode).toBe(200);
    return who;
  }

  async function saveAlert(cookie: string, payload: object = {}) {
    const response = await t.api({ method: "POST", url: "/api/alerts", cookie, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  }

  /** Posts a meal through the API, as a cook's form does. */
  async function postMeal(cookie: string, at: [number, number] | null, overrides: object = {}) {
    const response = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie,
      payload: {
        title: "Vegetable lasagne",
        description: "A big tray.",
        kind: "free",
        priceCents: null,
        portionSize: 4,
        ingredients: "pasta, tomato, courgette",
        allergenCodes: ["gluten"],
        pickupLocation: "Front door",
        pickupWindowStart: hoursFromNow(1),
        pickupWindowEnd: hoursFromNow(3),
        deliveryAvailable: false,
        ...(at ? { latitude: at[0], longitude: at[1] } : {}),
        ...overrides,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; title: string };
  }

  /** The meals a member was alerted to in the app, once the queue has done its work. */
  async function alertedMeals(userId: string): Promise<string[]> {
    await jobsSettled(t.db);
    const rows = await queryRows<{ link: string }>(
      t.db,
      sql`select link from notifications where user_id = ${userId} and type = 'meal_alert' order by created_at`,
    );
    return rows.map((row) => row.link.replace("/meal/", ""));
  }

  it("should require authentication", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", "/api/alerts"],
      ["POST", "/api/alerts"],
      ["PUT", `/api/alerts/${id}`],
      ["DELETE", `/api/alerts/${id}`],
    ] as const) {
      expect(
        (await t.api({ method, url, payload: method === "PUT" ? { paused: true } : undefined })).statusCode,
      ).toBe(401);
    }
  });

  it("needs a home area (409) and keeps one alert per list: saving it again returns it", async () => {
    const homeless = await buildSignedInUser(t.db);
    const refused = await t.api({
      method: "POST",
      url: "/api/alerts",
      cookie: homeless.cookie,
      payload: { q: "soup" },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("no_home_area");

    const { cookie } = await member(spot(), 10);
    const payload = { q: "Lasagne", kind: "free", excludeAllergens: ["Peanuts", "dairy"] };
    const first = await saveAlert(cookie, payload);
    expect(first).toMatchObject({
      q: "Lasagne",
      kind: "free",
      excludeAllergens: ["peanuts", "dairy"],
      radiusKm: 10,
      paused: false,
    });
    const again = await t.api({ method: "POST", url: "/api/alerts", cookie, payload });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.id);
    expect((await t.api({ url: "/api/alerts", cookie })).json().map((a: { id: string }) => a.id)).toEqual([
      first.id,
    ]);
  });

  it("pauses, resumes and deletes one's own alerts; nobody else can (404)", async () => {
    const owner = await member(spot());
    const other = await member(spot());
    const alert = await saveAlert(owner.cookie, { q: "curry" });
    for (const response of [
      await t.api({
        method: "PUT",
        url: `/api/alerts/${alert.id}`,
        cookie: other.cookie,
        payload: { paused: true },
      }),
      await t.api({ method: "DELETE", url: `/api/alerts/${alert.id}`, cookie: other.cookie }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const paused = await t.api({
      method: "PUT",
      url: `/api/alerts/${alert.id}`,
      cookie: owner.cookie,
      payload: { paused: true },
    });
    expect(paused.json().paused).toBe(true);
    expect(
      (
        await t.api({
          method: "PUT",
          url: `/api/alerts/${alert.id}`,
          cookie: owner.cookie,
          payload: { paused: "no" },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.api({ method: "DELETE", url: `/api/alerts/${alert.id}`, cookie: owner.cookie })).statusCode,
    ).toBe(204);
    expect((await t.api({ url: "/api/alerts", cookie: owner.cookie })).json()).toEqual([]);
  });

  it(`keeps at most ${ALERTS_MAX} alerts (409), and refuses bad ones (400)`, async () => {
    const { cookie } = await member(spot());
    for (let i = 0; i < ALERTS_MAX; i++) await saveAlert(cookie, { q: `dish${i}` });
    const more = await t.api({ method: "POST", url: "/api/alerts", cookie, payload: { q: "one more" } });
    expect(more.statusCode).toBe(409);
    expect(more.json().code).toBe("too_many_alerts");
    const other = await member(spot());
    for (const payload of [
      { kind: "cheap" },
      { radiusKm: 7 },
      { excludeAllergens: "peanuts" },
      { q: "x".repeat(201) },
      { q: "!!!" },
    ]) {
      const response = await t.api({ method: "POST", url: "/api/alerts", cookie: other.cookie, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("tells of a new meal that matches the text, kind, allergens and radius — and of no other", async () => {
    const at = spot();
    const eater = await member(at, 5);
    await saveAlert(eater.cookie, { q: "lasagne", kind: "free", excludeAllergens: ["peanuts", "dairy"] });
    const cook = await member([at[0] + 2 * KM, at[1]], 5, { isRegisteredCook: true });
    const match = await postMeal(cook.cookie, [at[0] + 2 * KM, at[1]]);
    const wrongText = await postMeal(cook.cookie, [at[0] + 2 * KM, at[1]], { title: "Chickpea curry" });
    const wrongKind = await postMeal(cook.cookie, [at[0] + 2 * KM, at[1]], { kind: "paid", priceCents: 500 });
    const peanuts = await postMeal(cook.cookie, [at[0] + 2 * KM, at[1]], {
      allergenCodes: ["gluten", "peanuts"],
    });
    const milk = await postMeal(cook.cookie, [at[0] + 2 * KM, at[1]], { allergenCodes: ["milk"] });
    const tooFar = await postMeal(cook.cookie, [at[0] + 6 * KM, at[1]]);
    const noPoint = await postMeal(cook.cookie, null);
    expect(await alertedMeals(eater.user.id)).toEqual([match.id]);
    const [{ matched }] = await queryRows<{ matched: number }>(
      t.db,
      sql`select count(*)::int as matched from alert_matches where meal_id in (${sql.join(
        [wrongText, wrongKind, peanuts, milk, tooFar, noPoint].map((meal) => sql`${meal.id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(matched).toBe(0);
  });

  it("never tells members of their own meals, of blocked members' meals, for paused alerts or while suspended", async () => {
    const at = spot();
    const cook = await member(at, 5);
    await saveAlert(cook.cookie, { q: "stew" });
    const blocker = await member(at, 5);
    await saveAlert(blocker.cookie, { q: "stew" });
    await t.db.insert(blocks).values({ blockerId: blocker.user.id, blockedId: cook.user.id });
    const blockedOne = await member(at, 5);
    await saveAlert(blockedOne.cookie, { q: "stew" });
    await t.db.insert(blocks).values({ blockerId: cook.user.id, blockedId: blockedOne.user.id });
    const pauser = await member(at, 5);
    const paused = await saveAlert(pauser.cookie, { q: "stew" });
    await t.api({
      method: "PUT",
      url: `/api/alerts/${paused.id}`,
      cookie: pauser.cookie,
      payload: { paused: true },
    });
    const suspended = await member(at, 5);
    await saveAlert(suspended.cookie, { q: "stew" });
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    const listener = await member(at, 5);
    await saveAlert(listener.cookie, { q: "stew" });

    const meal = await postMeal(cook.cookie, at, { title: "Beef stew" });
    expect(await alertedMeals(listener.user.id)).toEqual([meal.id]);
    for (const quiet of [cook, blocker, blockedOne, pauser, suspended]) {
      expect(await alertedMeals(quiet.user.id)).toEqual([]);
    }
  });

  it("tells each member once per meal, however many of their alerts match, and again on reactivation only if new", async () => {
    const at = spot();
    const eater = await member(at, 5);
    await saveAlert(eater.cookie, { q: "soup" });
    await saveAlert(eater.cookie, { kind: "free" });
    const cook = await member(at, 5);
    const meal = await postMeal(cook.cookie, at, { title: "Tomato soup" });
    expect(await alertedMeals(eater.user.id)).toEqual([meal.id]);
    const [{ matches }] = await queryRows<{ matches: number }>(
      t.db,
      sql`select count(*)::int as matches from alert_matches where meal_id = ${meal.id}`,
    );
    expect(matches).toBe(2);

    // Switched off and on again: nothing new to tell the same alerts.
    for (const isActive of [false, true]) {
      const put = await t.api({
        method: "PUT",
        url: `/api/meals/${meal.id}`,
        cookie: cook.cookie,
        payload: { isActive },
      });
      expect(put.statusCode).toBe(200);
    }
    expect(await alertedMeals(eater.user.id)).toEqual([meal.id]);

    // A meal posted before the alert existed is told of when it is switched on again.
    const earlier = await postMeal(cook.cookie, at, { title: "Quiet pie" });
    const later = await member(at, 5);
    await saveAlert(later.cookie, { q: "pie" });
    await t.api({
      method: "PUT",
      url: `/api/meals/${earlier.id}`,
      cookie: cook.cookie,
      payload: { isActive: false },
    });
    await t.api({
      method: "PUT",
      url: `/api/meals/${earlier.id}`,
      cookie: cook.cookie,
      payload: { isActive: true },
    });
    expect(await alertedMeals(later.user.id)).toEqual([earlier.id]);
  });

  it("emails one digest per alert per interval, listing the meals since the last; not when alerts emails are off", async () => {
    const at = spot();
    const eater = await member(at, 5, { firstName: "Ana" });
    await saveAlert(eater.cookie, { q: "bread" });
    const cook = await member(at, 5);
    const toEater = (m: CaughtMail) => m.to === eater.user.email;

    const first = await postMeal(cook.cookie, at, { title: "Rye bread" });
    const [firstMail] = await mail.waitFor(toEater, 1);
    expect(firstMail.subject).toBe("New meal near you: Rye bread");
    expect(firstMail.text).toContain(`/meal/${first.id}`);

    // Two more within the interval: one email after it, naming both.
    await postMeal(cook.cookie, at, { title: "Soda bread" });
    await postMeal(cook.cookie, at, { title: "Bread pudding" });
    const mails = await mail.waitFor(toEater, 2, 20_000);
    expect(mails[1].subject).toBe("2 new meals near you: Soda bread and Bread pudding");
    expect(mails[1].receivedAt.getTime() - mails[0].receivedAt.getTime()).toBeGreaterThanOrEqual(2_500);
    await jobsSettled(t.db);
    expect(mail.mails.filter(toEater)).toHaveLength(2);
    // Bulk mail by RFC 8058: each digest carries one-click unsubscribe, which a mail app POSTs with no
    // session, and which takes effect at once.
    for (const sent of mails)
      expect(sent.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = new URL(/^<(\S+)>$/.exec(mails[1].headers["list-unsubscribe"])![1]);
    const stopped = await t.app.inject({
      method: "POST",
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ category: "alerts", unsubscribed: true });
    const after = await t.api({ url: "/api/user/notification-preferences", cookie: eater.cookie });
    expect(after.json().alerts.email).toBe(false);

    // Alerts emails turned off: the app still tells, no email goes.
    const quiet = await member(at, 5);
    await saveAlert(quiet.cookie, { q: "scones" });
    const off = await t.api({
      method: "PUT",
      url: "/api/user/notification-preferences",
      cookie: quiet.cookie,
      payload: { alerts: { email: false } },
    });
    expect(off.statusCode).toBe(200);
    const scones = await postMeal(cook.cookie, at, { title: "Scones" });
    expect(await alertedMeals(quiet.user.id)).toEqual([scones.id]);
    expect(mail.mails.filter((m) => m.to === quiet.user.email)).toEqual([]);
  });
});
