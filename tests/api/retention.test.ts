/**
 * docs/decisions/015 "Data that ages": the sweep deletes read notifications and alert matches older
 * than RETENTION_DAYS and expired sessions, in batches, and keeps everything else: unread
 * notifications, recent ones, a live session. Meals whose window has passed are marked ended (out of
 * the list indexes) by a trigger and by the sweep, and whether a meal is listed never waits for it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { markEndedMeals } from "../../src/server/features/meals/availability";
import { sweepAgedRows } from "../../src/server/retention";
import { buildMeal, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("data that ages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("deletes read notifications and alert matches past the retention and expired sessions, and keeps the rest", async () => {
    const ana = await buildSignedInUser(t.db);
    const ben = await buildSignedInUser(t.db);
    // 5,100 old read notifications (more than one batch), one old unread, one recent read.
    await t.db.execute(sql`
      insert into notifications (user_id, type, text, link, is_read, created_at)
      select ${ana.user.id}, 'request_new', 'Old news ' || n, '/requests', true, now() - interval '400 days'
      from generate_series(1, 5100) as n`);
    await t.db.execute(sql`
      insert into notifications (user_id, type, text, link, is_read, created_at) values
        (${ana.user.id}, 'request_new', 'Old but unread', '/requests', false, now() - interval '400 days'),
        (${ana.user.id}, 'request_new', 'Recent and read', '/requests', true, now() - interval '10 days'),
        (${ben.user.id}, 'request_new', 'Ben''s recent', '/requests', true, now() - interval '364 days')`);
    // An alert of Ben's that matched two meals: a year and a half ago, and yesterday.
    const home = await t.api({
      method: "PUT",
      url: "/api/user/home-area",
      cookie: ben.cookie,
      payload: { latitude: 48.85, longitude: 2.35, radiusKm: 5 },
    });
    expect(home.statusCode).toBe(200);
    const alert = await t.api({
      method: "POST",
      url: "/api/alerts",
      cookie: ben.cookie,
      payload: { q: "soup" },
    });
    expect(alert.statusCode).toBe(201);
    const [oldMeal, newMeal] = [await buildMeal(t.db, ana.user), await buildMeal(t.db, ana.user)];
    await t.db.execute(sql`
      insert into alert_matches (alert_id, meal_id, user_id, created_at) values
        (${alert.json().id}, ${oldMeal.id}, ${ben.user.id}, now() - interval '540 days'),
        (${alert.json().id}, ${newMeal.id}, ${ben.user.id}, now() - interval '1 day')`);
    // Ana's expired session; her live one is the cookie.
    await t.db.execute(sql`
      insert into sessions (id, user_id, expires_at) values ('expired-session-hash', ${ana.user.id}, now() - interval '1 minute')`);

    const swept = await sweepAgedRows(t.db, 365);
    expect(swept).toEqual({
      notifications: 5100,
      alertMatches: 1,
      sessions: 1,
      unconfirmedSignUps: 0,
      signInCodes: 0,
    });

    const left = await queryRows<{ text: string }>(
      t.db,
      sql`select text from notifications where user_id in (${ana.user.id}, ${ben.user.id}) order by text`,
    );
    expect(left.map((row) => row.text)).toEqual(["Ben's recent", "Old but unread", "Recent and read"]);
    const matches = await queryRows<{ mealId: string }>(
      t.db,
      sql`select meal_id as "mealId" from alert_matches where user_id = ${ben.user.id}`,
    );
    expect(matches).toEqual([{ mealId: newMeal.id }]);
    const me = await t.api({ url: "/api/auth/user", cookie: ana.cookie });
    expect(me.statusCode).toBe(200);
    // A second sweep finds nothing more.
    expect(await sweepAgedRows(t.db, 365)).toEqual({
      notifications: 0,
      alertMatches: 0,
      sessions: 0,
      unconfirmedSignUps: 0,
      signInCodes: 0,
    });
  });

  it("marks a meal ended when its window is written in the past or passes, lists it by its window alone, and unmarks it when the window moves on", async () => {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user, { title: "Ended lentil soup" });
    const endedOf = async () =>
      (await queryRows<{ ended: boolean }>(t.db, sql`select ended from meals where id = ${meal.id}`))[0]
        .ended;
    const listed = async () =>
      (await t.api({ url: "/api/meals?q=lentil", cookie: eater.cookie }))
        .json()
        .some((listedMeal: { id: string }) => listedMeal.id === meal.id);
    expect(await endedOf()).toBe(false);
    expect(await listed()).toBe(true);

    // Its window written in the past: the trigger marks it.
    await t.db.execute(sql`
      update meals set pickup_window_start = now() - interval '3 hours', pickup_window_end = now() - interval '1 hour'
      where id = ${meal.id}`);
    expect(await endedOf()).toBe(true);
    expect(await listed()).toBe(false);

    // A window that passed with nobody writing it (the sweep has not run yet): not listed all the same,
    // and the sweep marks it once, whichever instance runs it.
    await t.db.execute(sql`update meals set ended = false where id = ${meal.id}`);
    expect(await listed()).toBe(false);
    const [first, second] = await Promise.all([markEndedMeals(t.db), markEndedMeals(t.db)]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await endedOf()).toBe(true);
    expect(await markEndedMeals(t.db)).toBe(0);

    // Its window moved on again (an edit): listed again.
    await t.db.execute(sql`
      update meals set pickup_window_start = now() + interval '1 hour', pickup_window_end = now() + interval '3 hours'
      where id = ${meal.id}`);
    expect(await endedOf()).toBe(false);
    expect(await listed()).toBe(true);
  });
});
