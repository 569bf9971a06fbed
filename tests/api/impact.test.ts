/**
 * docs/features/languages-currency-impact.md "Impact": the neighbourhood's totals and a user's, after a
 * series of exchanges.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { buildMeal, buildRequest, buildSignedInUser, buildUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("impact", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("counts meals, sharers and portions picked up; cancelled, declined and open requests do not count", async () => {
    const before = (await t.api({ url: "/api/impact" })).json();
    const ana = await buildSignedInUser(t.db);
    const ben = await buildUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const soup = await buildMeal(t.db, ana.user, { portionSize: 10 });
    const pie = await buildMeal(t.db, ana.user, { portionSize: 10 });
    const bread = await buildMeal(t.db, ben, { portionSize: 10 });

    // Through the API, as the app moves them: pending → accepted → completed (both sides say so).
    const request = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: eater.cookie,
      payload: { mealId: soup.id, message: "One please" },
    });
    const id = request.json().id;
    for (const [status, cookie] of [
      ["accepted", ana.cookie],
      ["completed", ana.cookie],
      ["completed", eater.cookie],
    ] as const) {
      const moved = await t.api({
        method: "PUT",
        url: `/api/requests/${id}/status`,
        cookie,
        payload: { status },
      });
      expect(moved.statusCode).toBe(200);
    }
    await buildRequest(t.db, pie, await buildUser(t.db), { status: "completed" });
    await buildRequest(t.db, bread, await buildUser(t.db), { status: "completed" });
    await buildRequest(t.db, soup, await buildUser(t.db), { status: "cancelled" });
    await buildRequest(t.db, pie, await buildUser(t.db), { status: "declined" });
    await buildRequest(t.db, bread, await buildUser(t.db), { status: "pending" });
    await buildRequest(t.db, bread, await buildUser(t.db), { status: "accepted" });

    // Public: no cookie.
    const after = await t.api({ url: "/api/impact" });
    expect(after.statusCode).toBe(200);
    const impact = after.json();
    expect(impact.mealsShared - before.mealsShared).toBe(3);
    expect(impact.neighboursShared - before.neighboursShared).toBe(2);
    expect(impact.portionsPickedUp - before.portionsPickedUp).toBe(3);
    expect(impact.factors).toEqual({ portionKg: 0.4, co2eKgPerKgFood: 2 });
    expect(impact.foodSavedKg).toBeCloseTo(impact.portionsPickedUp * 0.4, 5);
    expect(impact.co2eAvoidedKg).toBeCloseTo(impact.portionsPickedUp * 0.8, 5);

    const rating = (await t.api({ url: `/api/user/${ana.user.id}/rating`, cookie: eater.cookie })).json();
    expect(rating).toMatchObject({ mealsShared: 2, portionsShared: 2 });
    const eaters = (await t.api({ url: `/api/user/${eater.user.id}/rating`, cookie: eater.cookie })).json();
    expect(eaters).toMatchObject({ mealsShared: 0, portionsShared: 0 });
  });

  it("counts a statement that adds or removes thousands of meals of several cooks once per cook (docs/decisions/014)", async () => {
    const before = (await t.api({ url: "/api/impact" })).json();
    const seasoned = await buildUser(t.db);
    await buildMeal(t.db, seasoned);
    const newcomer = await buildUser(t.db);
    const quiet = await buildUser(t.db);
    const mealsOf = async (id: string) =>
      Number(
        (await queryRows<{ n: number }>(t.db, sql`select meals_shared as n from users where id = ${id}`))[0]
          .n,
      );
    const [group] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into groups (name, owner_id) values ('Our building', ${quiet.id}) returning id`,
    );
    // One statement: 1,500 meals each for two cooks, and 40 members-only meals that count only once shared.
    await queryRows(
      t.db,
      sql`insert into meals (owner_id, title, description, ingredients, kind, portion_size,
            pickup_window_start, pickup_window_end, pickup_location, members_only, group_id)
          select case when n % 2 = 0 then ${seasoned.id}::uuid else ${newcomer.id}::uuid end, 'Import ' || n, 'd', 'i',
                 'free'::meal_kind, 1, now(), now() + interval '2 hours', 'here', false, null
          from generate_series(1, 3000) as n
          union all
          select ${quiet.id}::uuid, 'Group ' || n, 'd', 'i', 'free'::meal_kind, 1, now(), now() + interval '2 hours', 'here', true,
                 ${group.id}::uuid
          from generate_series(1, 40) as n`,
    );
    const imported = (await t.api({ url: "/api/impact" })).json();
    expect(imported.mealsShared - before.mealsShared).toBe(3001);
    expect(imported.neighboursShared - before.neighboursShared).toBe(2);
    expect([await mealsOf(seasoned.id), await mealsOf(newcomer.id), await mealsOf(quiet.id)]).toEqual([
      1501, 1500, 0,
    ]);

    // The newcomer's meals go in one statement, the seasoned cook keeps their first one.
    await queryRows(
      t.db,
      sql`delete from meals where (owner_id = ${newcomer.id} or owner_id = ${seasoned.id}) and title like 'Import %'`,
    );
    const removed = (await t.api({ url: "/api/impact" })).json();
    expect(removed.mealsShared - before.mealsShared).toBe(1);
    expect(removed.neighboursShared - before.neighboursShared).toBe(1);
    expect([await mealsOf(seasoned.id), await mealsOf(newcomer.id)]).toEqual([1, 0]);

    // A members-only meal shared with everyone counts then, and again not when taken back.
    await queryRows(
      t.db,
      sql`update meals set members_only = false where owner_id = ${quiet.id} and title = 'Group 1'`,
    );
    expect((await t.api({ url: "/api/impact" })).json().neighboursShared - before.neighboursShared).toBe(2);
    expect(await mealsOf(quiet.id)).toBe(1);
    await queryRows(t.db, sql`update meals set members_only = true where owner_id = ${quiet.id}`);
    expect((await t.api({ url: "/api/impact" })).json().mealsShared - before.mealsShared).toBe(1);
    expect(await mealsOf(quiet.id)).toBe(0);
  });
});
