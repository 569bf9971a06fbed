import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../../src/server/db/schema";
import {
  buildMeal,
  buildRequest,
  buildSignedInUser,
  buildUser,
  hoursFromNow,
  mealPayload,
} from "../factories";
import { createTestApp, type TestApp } from "./harness";

const validMeal = (overrides: Record<string, unknown> = {}) =>
  mealPayload({
    title: "  Chickpea curry  ",
    kind: "paid",
    priceCents: 750,
    allergens: "mustard, celery",
    deliveryAvailable: true,
    ...overrides,
  });

/** Great-circle distance in metres between two points (haversine). */
function metresBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

describe("meals API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe("signed out", () => {
    it.each([
      ["GET", "/api/meals"],
      ["GET", "/api/meals/my/all"],
      ["GET", "/api/meals/00000000-0000-4000-8000-000000000000"],
      ["POST", "/api/meals"],
      ["PUT", "/api/meals/00000000-0000-4000-8000-000000000000"],
      ["GET", "/api/user/00000000-0000-4000-8000-000000000000/rating"],
    ])("%s %s requires authentication (401)", async (method, url) => {
      const response = await t.api({
        method: method as "GET",
        url,
        payload: method === "GET" ? undefined : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe("Unauthorized");
    });
  });

  describe("POST /api/meals", () => {
    it("creates a meal with trimmed text, stores the price in cents and answers 201", async () => {
      const { user, cookie } = await buildSignedInUser(t.db, { isRegisteredCook: true });
      const response = await t.api({ method: "POST", url: "/api/meals", cookie, payload: validMeal() });
      expect(response.statusCode).toBe(201);
      const meal = response.json();
      expect(meal).toMatchObject({
        title: "Chickpea curry",
        kind: "paid",
        priceCents: 750,
        portionSize: 3,
        portionsLeft: 3,
        isActive: true,
        owner: { id: user.id, firstName: user.firstName },
        ownerRating: null,
        ownerReviewCount: 0,
      });
      expect(meal.owner.email).toBeUndefined();
    });

    it("stores a free meal with a null price", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const response = await t.api({
        method: "POST",
        url: "/api/meals",
        cookie,
        payload: validMeal({ kind: "free", priceCents: null }),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().priceCents).toBeNull();
    });

    it("keeps the pickup point rounded to 3 decimals for its feeder, and shows others a point 150–250 m away", async () => {
      const { cookie } = await buildSignedInUser(t.db, { isRegisteredCook: true });
      const response = await t.api({
        method: "POST",
        url: "/api/meals",
        cookie,
        payload: validMeal({ latitude: 51.507351, longitude: -0.127758, pickupDetails: "Flat 3, ring Ada" }),
      });
      const shown = response.json();
      const moved = metresBetween(shown, { latitude: 51.507, longitude: -0.128 });
      expect(moved).toBeGreaterThan(140);
      expect(moved).toBeLessThan(260);
      const own = (await t.api({ url: `/api/meals/${shown.id}`, cookie })).json();
      expect(own.privatePickup).toEqual({
        point: { latitude: 51.507, longitude: -0.128 },
        details: "Flat 3, ring Ada",
      });
      const other = await buildSignedInUser(t.db);
      const seen = (await t.api({ url: `/api/meals/${shown.id}`, cookie: other.cookie })).json();
      expect(seen.privatePickup).toBeNull();
      expect(JSON.stringify(seen)).not.toContain("ring Ada");
      expect([seen.latitude, seen.longitude]).toEqual([shown.latitude, shown.longitude]);
    });

    it.each([
      ["title", { title: "   " }, "Title is required"],
      ["description", { description: "" }, "Description is required"],
      ["ingredients", { ingredients: undefined }, "Ingredients are required"],
      ["pickupLocation", { pickupLocation: "" }, "Pickup location is required"],
      ["pickupWindowStart", { pickupWindowStart: undefined }, "Pickup start time is required"],
      ["pickupWindowEnd", { pickupWindowEnd: "" }, "Pickup end time is required"],
      ["portionSize", { portionSize: 0 }, "Must have at least 1 portion"],
      ["priceCents", { priceCents: null }, "Price is required for paid meals"],
      ["priceCents", { priceCents: -5 }, "Price cannot be negative"],
      ["priceCents", { kind: "free", priceCents: 300 }, "Free meals have no price"],
      [
        "pickupWindowEnd",
        { pickupWindowEnd: hoursFromNow(0.5) },
        "Pickup end time must be after the start time",
      ],
      [
        "pickupWindowEnd",
        { pickupWindowStart: hoursFromNow(-3), pickupWindowEnd: hoursFromNow(-1) },
        "Pickup end time must be in the future",
      ],
      ["title", { title: "x".repeat(121) }, "Title must be at most 120 characters"],
    ])("refuses a bad %s with 400 and the spec's message", async (field, overrides, message) => {
      const { cookie } = await buildSignedInUser(t.db);
      const response = await t.api({
        method: "POST",
        url: "/api/meals",
        cookie,
        payload: validMeal(overrides),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toBe(message);
    });

    it("answers 400, not 500, for a body that is not JSON", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const response = await t.api({
        method: "POST",
        url: "/api/meals",
        cookie,
        headers: { "content-type": "application/json" },
        payload: "{not json",
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    });
  });

  describe("GET /api/meals", () => {
    it("lists only active meals whose pickup has not ended, filtered by kind, newest first", async () => {
      const { user: cook, cookie } = await buildSignedInUser(t.db);
      const free = await buildMeal(t.db, cook, { title: "Open free soup" });
      const paid = await buildMeal(t.db, cook, { title: "Open paid pie", kind: "paid", priceCents: 500 });
      const inactive = await buildMeal(t.db, cook, { isActive: false });
      const ended = await buildMeal(t.db, cook, {
        pickupWindowStart: new Date(Date.now() - 5 * 3600_000),
        pickupWindowEnd: new Date(Date.now() - 3600_000),
      });

      const all = (await t.api({ url: "/api/meals", cookie })).json().map((m: { id: string }) => m.id);
      expect(all).toContain(free.id);
      expect(all).toContain(paid.id);
      expect(all).not.toContain(inactive.id);
      expect(all).not.toContain(ended.id);
      expect(all.indexOf(paid.id)).toBeLessThan(all.indexOf(free.id));

      const freeOnly = (await t.api({ url: "/api/meals?kind=free", cookie })).json();
      expect(freeOnly.every((m: { kind: string }) => m.kind === "free")).toBe(true);
      expect(freeOnly.map((m: { id: string }) => m.id)).toContain(free.id);
      const paidOnly = (await t.api({ url: "/api/meals?kind=paid", cookie })).json();
      expect(paidOnly.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([paid.id]));
      expect(paidOnly.map((m: { id: string }) => m.id)).not.toContain(free.id);
    });

    it("answers 400 for kind=bogus", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const response = await t.api({ url: "/api/meals?kind=bogus", cookie });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.kind).toBe("Kind must be free or paid");
    });

    it("carries the owner's rating, review count and portions left", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const cook = await buildUser(t.db);
      const eater = await buildUser(t.db);
      const meal = await buildMeal(t.db, cook, { portionSize: 3 });
      const accepted = await buildRequest(t.db, meal, eater, { status: "accepted" });
      const other = await buildUser(t.db);
      await buildRequest(t.db, meal, other, { status: "pending" });
      for (const rating of [5, 4]) {
        await t.db.insert(reviews).values({
          requestId: accepted.id,
          mealId: meal.id,
          reviewerId: (await buildUser(t.db)).id,
          revieweeId: cook.id,
          reviewerRole: "eater",
          rating,
          text: "Lovely food, thank you!",
        });
      }
      const listed = (await t.api({ url: "/api/meals", cookie }))
        .json()
        .find((m: { id: string }) => m.id === meal.id);
      expect(listed).toMatchObject({ ownerRating: 4.5, ownerReviewCount: 2, portionsLeft: 2 });
    });

    it("paginates with an opaque cursor in the Link header, without gaps or repeats", async () => {
      const { user: cook, cookie } = await buildSignedInUser(t.db);
      for (let i = 0; i < 5; i++)
        await buildMeal(t.db, cook, { title: `Paged ${i}`, kind: "paid", priceCents: 100 + i });
      const all = (await t.api({ url: "/api/meals?kind=paid&limit=100", cookie })).json();
      const seen: string[] = [];
      let url: string | null = "/api/meals?kind=paid&limit=2";
      while (url) {
        const response = await t.api({ url, cookie });
        expect(response.statusCode).toBe(200);
        seen.push(...response.json().map((m: { id: string }) => m.id));
        const link = response.headers.link as string | undefined;
        url = link ? /<([^>]+)>; rel="next"/.exec(link)![1] : null;
      }
      expect(seen).toEqual(all.map((m: { id: string }) => m.id));
    });

    it("answers 400 for a forged cursor and for limit above 100", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      expect((await t.api({ url: "/api/meals?cursor=bm9wZQ", cookie })).statusCode).toBe(400);
      expect((await t.api({ url: "/api/meals?limit=101", cookie })).statusCode).toBe(400);
    });
  });

  describe("GET /api/meals/:id", () => {
    it("returns an inactive meal too, with isActive false", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const meal = await buildMeal(t.db, await buildUser(t.db), { isActive: false });
      const response = await t.api({ url: `/api/meals/${meal.id}`, cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: meal.id, isActive: false, portionsLeft: 2 });
    });

    it("answers 404 'Meal not found' for an unknown id and 400 for a malformed one", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const missing = await t.api({ url: "/api/meals/00000000-0000-4000-8000-000000000000", cookie });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe("Meal not found");
      expect((await t.api({ url: "/api/meals/not-a-uuid", cookie })).statusCode).toBe(400);
    });
  });

  describe("GET /api/meals/my/all", () => {
    it("lists only the signed-in user's meals, inactive ones included", async () => {
      const { user, cookie } = await buildSignedInUser(t.db);
      const mine = await buildMeal(t.db, user, { isActive: false });
      const theirs = await buildMeal(t.db, await buildUser(t.db));
      const ids = (await t.api({ url: "/api/meals/my/all", cookie })).json().map((m: { id: string }) => m.id);
      expect(ids).toEqual([mine.id]);
      expect(ids).not.toContain(theirs.id);
    });
  });

  describe("PUT /api/meals/:id", () => {
    it("lets the owner deactivate and activate their meal", async () => {
      const { user, cookie } = await buildSignedInUser(t.db);
      const meal = await buildMeal(t.db, user);
      const off = await t.api({
        method: "PUT",
        url: `/api/meals/${meal.id}`,
        cookie,
        payload: { isActive: false },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().isActive).toBe(false);
      const on = await t.api({
        method: "PUT",
        url: `/api/meals/${meal.id}`,
        cookie,
        payload: { isActive: true },
      });
      expect(on.json().isActive).toBe(true);
    });

    it("refuses someone else with 403 and changes nothing", async () => {
      const meal = await buildMeal(t.db, await buildUser(t.db));
      const { cookie } = await buildSignedInUser(t.db);
      const response = await t.api({
        method: "PUT",
        url: `/api/meals/${meal.id}`,
        cookie,
        payload: { isActive: false },
      });
      expect(response.statusCode).toBe(403);
      const after = await t.api({ url: `/api/meals/${meal.id}`, cookie });
      expect(after.json().isActive).toBe(true);
    });

    it("answers 404 for an unknown meal, 400 for unknown fields or a broken rule", async () => {
      const { user, cookie } = await buildSignedInUser(t.db);
      const meal = await buildMeal(t.db, user);
      const missing = await t.api({
        method: "PUT",
        url: "/api/meals/00000000-0000-4000-8000-000000000000",
        cookie,
        payload: { isActive: false },
      });
      expect(missing.statusCode).toBe(404);
      const unknown = await t.api({
        method: "PUT",
        url: `/api/meals/${meal.id}`,
        cookie,
        payload: { ownerId: user.id },
      });
      expect(unknown.statusCode).toBe(400);
      const paidWithoutPrice = await t.api({
        method: "PUT",
        url: `/api/meals/${meal.id}`,
        cookie,
        payload: { kind: "paid" },
      });
      expect(paidWithoutPrice.statusCode).toBe(400);
      expect(paidWithoutPrice.json().errors.priceCents).toBe("Price is required for paid meals");
    });
  });

  describe("GET /api/user/:id/rating", () => {
    it("gives null and 0 without reviews, and 404 for an unknown user", async () => {
      const { user, cookie } = await buildSignedInUser(t.db);
      expect((await t.api({ url: `/api/user/${user.id}/rating`, cookie })).json()).toEqual({
        average: null,
        count: 0,
        completedExchanges: 0,
        mealsShared: 0,
        portionsShared: 0,
        trustedMember: false,
      });
      const missing = await t.api({ url: "/api/user/00000000-0000-4000-8000-000000000000/rating", cookie });
      expect(missing.statusCode).toBe(404);
    });
  });
});

describe("the meal page's link to the viewer's request", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("names the viewer's open request, nobody else's, and none once it is cancelled", async () => {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const other = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user);
    const detail = (cookie: string) => t.api({ url: `/api/meals/${meal.id}`, cookie }).then((r) => r.json());
    expect((await detail(eater.cookie)).myOpenRequestId).toBeNull();
    const sent = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: eater.cookie,
      payload: { mealId: meal.id, message: "" },
    });
    expect(sent.statusCode).toBe(201);
    expect((await detail(eater.cookie)).myOpenRequestId).toBe(sent.json().id);
    expect((await detail(other.cookie)).myOpenRequestId).toBeNull();
    expect((await detail(cook.cookie)).myOpenRequestId).toBeNull();
    await t.api({
      method: "PUT",
      url: `/api/requests/${sent.json().id}/status`,
      cookie: eater.cookie,
      payload: { status: "cancelled" },
    });
    expect((await detail(eater.cookie)).myOpenRequestId).toBeNull();
  });
});
