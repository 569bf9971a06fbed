/**
 * docs/features/languages-currency-impact.md "Impact": the neighbourhood's totals and a user's, after a
 * series of exchanges.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});
