import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedMoves } from "../../src/contract/requests";
import { buildMeal, buildRequest, buildSignedInUser, buildUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("requests API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (cookie: string, payload: Record<string, unknown>) =>
    t.api({ method: "POST", url: "/api/requests", cookie, payload });

  describe("signed out", () => {
    it.each([
      ["POST", "/api/requests"],
      ["GET", "/api/requests?type=incoming"],
      ["GET", "/api/requests/00000000-0000-4000-8000-000000000000"],
      ["GET", "/api/notifications"],
    ])("%s %s requires authentication (401)", async (method, url) => {
      const response = await t.api({
        method: method as "GET",
        url,
        payload: method === "GET" ? undefined : {},
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe("POST /api/requests", () => {
    it("sends a request, answers 201 and notifies the cook", async () => {
      const { user: cook, cookie: cookCookie } = await buildSignedInUser(t.db);
      const { user: eater, cookie } = await buildSignedInUser(t.db, { firstName: "Bea", lastName: "Eater" });
      const meal = await buildMeal(t.db, cook, { title: "Dal" });
      const response = await send(cookie, { mealId: meal.id, message: "  Could I pick up at 6?  " });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        status: "pending",
        message: "Could I pick up at 6?",
        meal: { id: meal.id, title: "Dal" },
        eater: { id: eater.id },
        owner: { id: cook.id },
      });
      expect(allowedMoves(response.json().abilities)).toEqual(["cancelled"]);
      const notifications = (await t.api({ url: "/api/notifications", cookie: cookCookie })).json();
      expect(notifications[0]).toMatchObject({
        type: "request_new",
        text: 'Bea E. requested "Dal"',
        link: `/request/${response.json().id}`,
        isRead: false,
      });
    });

    it("stores an empty message as none", async () => {
      const meal = await buildMeal(t.db, await buildUser(t.db));
      const { cookie } = await buildSignedInUser(t.db);
      const response = await send(cookie, { mealId: meal.id, message: "   " });
      expect(response.json().message).toBeNull();
    });

    it("refuses the owner's own meal with 403", async () => {
      const { user, cookie } = await buildSignedInUser(t.db);
      const meal = await buildMeal(t.db, user);
      const response = await send(cookie, { mealId: meal.id });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("You cannot request your own meal.");
    });

    it("answers 404 for an unknown meal and 400 for a malformed id or an over-long message", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      expect((await send(cookie, { mealId: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
      expect((await send(cookie, { mealId: "nope" })).statusCode).toBe(400);
      const meal = await buildMeal(t.db, await buildUser(t.db));
      const long = await send(cookie, { mealId: meal.id, message: "x".repeat(2001) });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors.message).toBe("Message must be at most 2000 characters");
    });

    it.each([
      ["inactive", { isActive: false }, "This meal is no longer available."],
      [
        "expired",
        {
          pickupWindowStart: new Date(Date.now() - 7200_000),
          pickupWindowEnd: new Date(Date.now() - 3600_000),
        },
        "The pickup window for this meal has ended.",
      ],
    ])("refuses an %s meal with 409", async (_name, overrides, message) => {
      const meal = await buildMeal(t.db, await buildUser(t.db), overrides);
      const { cookie } = await buildSignedInUser(t.db);
      const response = await send(cookie, { mealId: meal.id });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(message);
    });

    it("refuses a fully reserved meal with 409", async () => {
      const cook = await buildUser(t.db);
      const meal = await buildMeal(t.db, cook, { portionSize: 1 });
      await buildRequest(t.db, meal, await buildUser(t.db), { status: "accepted" });
      const { cookie } = await buildSignedInUser(t.db);
      const response = await send(cookie, { mealId: meal.id });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe("This meal is fully reserved.");
    });

    it("refuses a second open request for the same meal with 409, but allows one after cancelling", async () => {
      const meal = await buildMeal(t.db, await buildUser(t.db), { portionSize: 5 });
      const { user: eater, cookie } = await buildSignedInUser(t.db);
      expect((await send(cookie, { mealId: meal.id })).statusCode).toBe(201);
      const again = await send(cookie, { mealId: meal.id });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("You already have an open request for this meal.");

      const other = await buildMeal(t.db, await buildUser(t.db));
      await buildRequest(t.db, other, eater, { status: "cancelled" });
      expect((await send(cookie, { mealId: other.id })).statusCode).toBe(201);
    });

    it("lets only one of many simultaneous identical requests through", async () => {
      const meal = await buildMeal(t.db, await buildUser(t.db), { portionSize: 5 });
      const { cookie } = await buildSignedInUser(t.db);
      const results = await Promise.all(Array.from({ length: 5 }, () => send(cookie, { mealId: meal.id })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    });
  });

  describe("GET /api/requests", () => {
    it("lists incoming requests for the cook and outgoing ones for the eater, and nobody else's", async () => {
      const { user: cook, cookie: cookCookie } = await buildSignedInUser(t.db);
      const { user: eater, cookie: eaterCookie } = await buildSignedInUser(t.db);
      const { cookie: strangerCookie } = await buildSignedInUser(t.db);
      const meal = await buildMeal(t.db, cook);
      const request = await buildRequest(t.db, meal, eater);

      const incoming = (await t.api({ url: "/api/requests?type=incoming", cookie: cookCookie })).json();
      expect(incoming.map((r: { id: string }) => r.id)).toEqual([request.id]);
      expect(allowedMoves(incoming[0].abilities)).toEqual(["accepted", "declined", "completed", "cancelled"]);
      expect((await t.api({ url: "/api/requests?type=outgoing", cookie: cookCookie })).json()).toEqual([]);

      const outgoing = (await t.api({ url: "/api/requests?type=outgoing", cookie: eaterCookie })).json();
      expect(outgoing.map((r: { id: string }) => r.id)).toEqual([request.id]);
      expect(outgoing[0].eater.email).toBeUndefined();

      expect((await t.api({ url: "/api/requests?type=incoming", cookie: strangerCookie })).json()).toEqual(
        [],
      );
      expect((await t.api({ url: "/api/requests?type=outgoing", cookie: strangerCookie })).json()).toEqual(
        [],
      );
    });

    it("answers 400 without a valid type", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      expect((await t.api({ url: "/api/requests", cookie })).statusCode).toBe(400);
      expect((await t.api({ url: "/api/requests?type=all", cookie })).statusCode).toBe(400);
    });
  });

  describe("GET /api/requests/:id", () => {
    it("shows the thread to the eater and the cook, and 404 to anyone else", async () => {
      const { user: cook, cookie: cookCookie } = await buildSignedInUser(t.db);
      const { user: eater, cookie: eaterCookie } = await buildSignedInUser(t.db);
      const { cookie: strangerCookie } = await buildSignedInUser(t.db);
      const request = await buildRequest(t.db, await buildMeal(t.db, cook), eater);

      for (const cookie of [cookCookie, eaterCookie]) {
        const response = await t.api({ url: `/api/requests/${request.id}`, cookie });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: request.id, message: "Could I have one?", messages: [] });
      }
      const stranger = await t.api({ url: `/api/requests/${request.id}`, cookie: strangerCookie });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().message).toBe("Request not found");
    });
  });
});
