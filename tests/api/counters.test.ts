/**
 * The counters lists read instead of counting (docs/features/discovery.md, docs/decisions/006): portions
 * taken per meal and rating totals per user, kept by triggers in the transaction of each change. Every
 * test ends by recounting from the source rows, so a counter that drifts fails here.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Executor, migrateDatabase, queryRows } from "../../src/server/db/client";
import { buildMeal, buildRequest, buildSignedInUser, buildUser } from "../factories";
import { createTestApp, openDatabaseBefore, type TestApp } from "./harness";
import { setStatus } from "./steps";

/** Meals and users whose counters disagree with a fresh count of their rows. */
async function driftedCounters(db: Executor) {
  return queryRows(
    db,
    sql`
    select 'meal' as kind, id from meals m
    where portions_taken <> (select coalesce(sum(r.portions), 0) from requests r
                             where r.meal_id = m.id and r.status in ('accepted', 'held', 'completed', 'no_show'))
    union all
    select 'user', id from users u
    where rating_count <> (select count(*) from reviews where reviewee_id = u.id)
       or rating_sum <> (select coalesce(sum(rating), 0) from reviews where reviewee_id = u.id)`,
  );
}

describe("counters", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const sendRequest = (cookie: string, mealId: string) =>
    t.api({ method: "POST", url: "/api/requests", cookie, payload: { mealId, message: null } });
  const portionsLeft = async (cookie: string, mealId: string) =>
    (await t.api({ url: `/api/meals/${mealId}`, cookie })).json().portionsLeft;

  it("portions left follow accept, cancel, complete and decline, on the detail and in the list", async () => {
    const cook = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user, { portionSize: 3 });
    const eaters = await Promise.all([1, 2, 3, 4].map(() => buildSignedInUser(t.db)));
    const requestIds: string[] = [];
    for (const eater of eaters) {
      const response = await sendRequest(eater.cookie, meal.id);
      expect(response.statusCode).toBe(201);
      requestIds.push(response.json().id);
    }
    const [a, b, c, d] = requestIds;
    expect(await portionsLeft(cook.cookie, meal.id)).toBe(3);

    const steps: [string, string, string, number][] = [
      [cook.cookie, a, "accepted", 2],
      [cook.cookie, b, "accepted", 1],
      [eaters[0].cookie, a, "cancelled", 2],
      [eaters[1].cookie, b, "completed", 2],
      [cook.cookie, c, "declined", 2],
      [cook.cookie, d, "completed", 1],
    ];
    for (const [cookie, id, status, left] of steps) {
      expect((await setStatus(t, cookie, id, status)).statusCode).toBe(200);
      expect(await portionsLeft(cook.cookie, meal.id), `after ${status}`).toBe(left);
    }
    const listed = (await t.api({ url: "/api/meals?limit=100", cookie: cook.cookie }))
      .json()
      .find((m: { id: string }) => m.id === meal.id);
    expect(listed.portionsLeft).toBe(1);
    expect(await driftedCounters(t.db)).toEqual([]);
  });

  it("concurrent accepts take exactly the portions there are, and the counter agrees", async () => {
    const cook = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user, { portionSize: 3 });
    const pending = await Promise.all(
      Array.from({ length: 6 }, async () => buildRequest(t.db, meal, await buildUser(t.db))),
    );
    const results = await Promise.all(pending.map((r) => setStatus(t, cook.cookie, r.id, "accepted")));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect(await portionsLeft(cook.cookie, meal.id)).toBe(0);
    expect(await driftedCounters(t.db)).toEqual([]);
  });

  it("concurrent requests for the last portion let one through", async () => {
    const cook = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user, { portionSize: 1 });
    const eaters = await Promise.all([1, 2, 3].map(() => buildSignedInUser(t.db)));
    const sent = await Promise.all(eaters.map((eater) => sendRequest(eater.cookie, meal.id)));
    expect(sent.every((r) => r.statusCode === 201)).toBe(true);
    const accepts = await Promise.all(sent.map((r) => setStatus(t, cook.cookie, r.json().id, "accepted")));
    expect(accepts.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const late = await sendRequest((await buildSignedInUser(t.db)).cookie, meal.id);
    expect(late.statusCode).toBe(409);
    expect(await driftedCounters(t.db)).toEqual([]);
  });

  it("ratings follow reviews: the mean to one decimal and the count, on the rating and on meals", async () => {
    const cook = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user, { portionSize: 5 });
    const ratings = [5, 4, 4];
    for (const rating of ratings) {
      const eater = await buildSignedInUser(t.db);
      await buildRequest(t.db, meal, eater.user, { status: "completed" });
      const review = await t.api({
        method: "POST",
        url: "/api/reviews",
        cookie: eater.cookie,
        payload: { revieweeId: cook.user.id, mealId: meal.id, rating, text: "Lovely food, thank you!" },
      });
      expect(review.statusCode).toBe(201);
    }
    const rating = (await t.api({ url: `/api/user/${cook.user.id}/rating`, cookie: cook.cookie })).json();
    // Good reviews alone make nobody trusted: that takes a trusted member's vouch (docs/decisions/020).
    expect(rating).toMatchObject({ average: 4.3, count: 3, completedExchanges: 3, trustedMember: false });
    const detail = (await t.api({ url: `/api/meals/${meal.id}`, cookie: cook.cookie })).json();
    expect(detail).toMatchObject({ ownerRating: 4.3, ownerReviewCount: 3, portionsLeft: 2 });
    expect(await driftedCounters(t.db)).toEqual([]);
  });

  it("concurrent reviews of one cook all count", async () => {
    const cook = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user, { portionSize: 10 });
    const eaters = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const eater = await buildSignedInUser(t.db);
        await buildRequest(t.db, meal, eater.user, { status: "completed" });
        return eater;
      }),
    );
    const results = await Promise.all(
      eaters.map((eater, i) =>
        t.api({
          method: "POST",
          url: "/api/reviews",
          cookie: eater.cookie,
          payload: {
            revieweeId: cook.user.id,
            mealId: meal.id,
            rating: (i % 5) + 1,
            text: "Ten letters at least",
          },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const rating = (await t.api({ url: `/api/user/${cook.user.id}/rating`, cookie: cook.cookie })).json();
    expect(rating).toMatchObject({ count: 6, average: 2.7 });
    expect(await driftedCounters(t.db)).toEqual([]);
  });
});

describe("migration 0004", () => {
  it("backfills portions taken, rating totals, earth points and the search vocabulary", async () => {
    // A database as it was before 0004: the migrations up to 0003 only.
    const before = await openDatabaseBefore("0004");
    try {
      const { db } = before;
      await db.execute(sql`
        insert into users (id, oidc_issuer, oidc_subject, email, first_name) values
          ('00000000-0000-4000-8000-000000000001', 'i', 's1', 'cook@example.test', 'Cook'),
          ('00000000-0000-4000-8000-000000000002', 'i', 's2', 'eater@example.test', 'Eater'),
          ('00000000-0000-4000-8000-000000000003', 'i', 's3', 'other@example.test', 'Other')`);
      await db.execute(sql`
        insert into meals (id, owner_id, title, description, ingredients, allergens, kind, portion_size,
                           pickup_window_start, pickup_window_end, pickup_location, latitude, longitude) values
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'Crème brûlée',
           'Rich', 'cream, eggs', 'milk, eggs', 'free', 4, now(), now() + interval '2 hours', 'Hall', 51.5, -0.12)`);
      await db.execute(sql`
        insert into requests (meal_id, eater_id, owner_id, status) values
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'completed'),
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', 'accepted'),
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', 'cancelled')`);
      await db.execute(sql`
        insert into reviews (request_id, meal_id, reviewer_id, reviewee_id, reviewer_role, rating, text)
        select id, meal_id, eater_id, owner_id, 'eater', 4, 'Very good indeed' from requests where status = 'completed'`);

      await migrateDatabase(before);
      expect(await driftedCounters(db)).toEqual([]);
      const [meal] = await queryRows<{
        portions_taken: number;
        distance: number;
        moved: number;
        matches: boolean;
      }>(
        db,
        sql`select portions_taken,
                   earth_distance(geo_point::earth, ll_to_earth(latitude, longitude)) as distance,
                   earth_distance(ll_to_earth(pickup_latitude, pickup_longitude), ll_to_earth(51.5, -0.12)) as moved,
                   search_doc @@ to_tsquery('mealshare', 'creme & brulee') as matches
            from meals`,
      );
      expect(meal.portions_taken).toBe(2);
      // The earth point is the shown point's (0024 later moved the shown point off the pickup point).
      expect(Number(meal.distance)).toBeLessThan(1);
      expect(Number(meal.moved)).toBe(0);
      expect(meal.matches).toBe(true);
      const [cook] = await queryRows<{ rating_sum: number; rating_count: number }>(
        db,
        sql`select rating_sum, rating_count from users where first_name = 'Cook'`,
      );
      expect(cook).toEqual({ rating_sum: 4, rating_count: 1 });
      const words = await queryRows<{ word: string }>(db, sql`select word from search_words order by word`);
      expect(words.map((w) => w.word)).toEqual(expect.arrayContaining(["creme", "brulee", "cream", "eggs"]));
    } finally {
      await before.close();
    }
  });
});
