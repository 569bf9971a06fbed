/** Reviews, ratings and the user's own settings (docs/features/trust.md; docs/DESIGN.md §4 "Reviews"). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildExchange, buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("reviews and profile API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A cook and an eater with one exchange for a meal, in `status`. */
  const exchange = (status: "completed" | "accepted" = "completed") =>
    buildExchange(t.db, { status, meal: { title: "Paella" } });
  const review = (cookie: string, payload: Record<string, unknown>) =>
    t.api({ method: "POST", url: "/api/reviews", cookie, payload });
  const pending = async (cookie: string) => (await t.api({ url: "/api/reviews/pending", cookie })).json();
  const rating = async (userId: string, cookie: string) =>
    (await t.api({ url: `/api/user/${userId}/rating`, cookie })).json();

  it("lists the owed review for each side and shrinks after reviewing", async () => {
    const { cook, eater, meal, request } = await exchange();
    expect(await pending(eater.cookie)).toEqual([
      {
        requestId: request.id,
        revieweeId: cook.user.id,
        revieweeName: "Cora Cook",
        mealId: meal.id,
        mealTitle: "Paella",
        reviewerRole: "eater",
      },
    ]);
    expect(await pending(cook.cookie)).toEqual([
      expect.objectContaining({
        revieweeId: eater.user.id,
        revieweeName: "Eli Eater",
        reviewerRole: "feeder",
      }),
    ]);

    const created = await review(eater.cookie, {
      revieweeId: cook.user.id,
      mealId: meal.id,
      rating: 5,
      text: "  Delicious and generous  ",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      rating: 5,
      text: "Delicious and generous",
      reviewerRole: "eater",
    });
    expect(await pending(eater.cookie)).toEqual([]);
    expect(await pending(cook.cookie)).toHaveLength(1);

    const notifications = (await t.api({ url: "/api/notifications", cookie: cook.cookie })).json();
    expect(notifications[0]).toMatchObject({
      type: "review_received",
      text: 'Eli E. left you a 5-star review for "Paella"',
    });
  });

  it("refuses a duplicate (409), a stranger and an unfinished exchange (403)", async () => {
    const { cook, eater, meal } = await exchange();
    const payload = { revieweeId: cook.user.id, mealId: meal.id, rating: 4, text: "Tasty, thank you!" };
    expect((await review(eater.cookie, payload)).statusCode).toBe(201);
    const again = await review(eater.cookie, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already reviewed this exchange.");

    const stranger = await buildSignedInUser(t.db);
    const fromStranger = await review(stranger.cookie, payload);
    expect(fromStranger.statusCode).toBe(403);
    expect(fromStranger.json().message).toBe(
      "You can only review someone after a completed exchange with them.",
    );
    // A participant naming someone who was not in the exchange.
    expect((await review(eater.cookie, { ...payload, revieweeId: stranger.user.id })).statusCode).toBe(403);
    expect((await review(cook.cookie, { ...payload, revieweeId: cook.user.id })).statusCode).toBe(403);

    const open = await exchange("accepted");
    const early = await review(open.eater.cookie, {
      ...payload,
      revieweeId: open.cook.user.id,
      mealId: open.meal.id,
    });
    expect(early.statusCode).toBe(403);
    expect(await pending(open.eater.cookie)).toEqual([]);
  });

  it("validates rating and text with the spec's messages, and needs a session", async () => {
    const { cook, eater, meal } = await exchange();
    const base = { revieweeId: cook.user.id, mealId: meal.id, rating: 3, text: "Pretty good meal" };
    const short = await review(eater.cookie, { ...base, text: "  too short " });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.text).toBe("Review must be at least 10 characters");
    for (const bad of [0, 6, 2.5, "5"]) {
      expect((await review(eater.cookie, { ...base, rating: bad })).statusCode).toBe(400);
    }
    expect((await t.api({ method: "POST", url: "/api/reviews", payload: base })).statusCode).toBe(401);
    expect((await t.api({ url: "/api/reviews/pending" })).statusCode).toBe(401);
  });

  it("takes stars alone as a review (no text, or only spaces), and shows no empty words", async () => {
    const { cook, eater, meal } = await exchange();
    const starsOnly = await review(eater.cookie, { revieweeId: cook.user.id, mealId: meal.id, rating: 5 });
    expect(starsOnly.statusCode).toBe(201);
    expect(starsOnly.json()).toMatchObject({ rating: 5, text: "" });
    const second = await exchange();
    const spaces = await review(second.eater.cookie, {
      revieweeId: second.cook.user.id,
      mealId: second.meal.id,
      rating: 4,
      text: "   ",
    });
    expect(spaces.json()).toMatchObject({ rating: 4, text: "" });
  });

  it("averages ratings to one decimal for 1, 2 and 3 reviews, and shows them on meals", async () => {
    const cook = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user, { portionSize: 5 });
    expect(await rating(cook.user.id, cook.cookie)).toMatchObject({ average: null, count: 0 });
    const expected = [
      [5, 5, 1],
      [4, 4.5, 2],
      [4, 4.3, 3],
    ] as const;
    for (const [stars, average, count] of expected) {
      const eater = await buildSignedInUser(t.db);
      await buildRequest(t.db, meal, eater.user, { status: "completed" });
      await review(eater.cookie, {
        revieweeId: cook.user.id,
        mealId: meal.id,
        rating: stars,
        text: "Lovely food, thanks",
      });
      expect(await rating(cook.user.id, cook.cookie)).toMatchObject({ average, count });
    }
    const listed = (await t.api({ url: `/api/meals/${meal.id}`, cookie: cook.cookie })).json();
    expect(listed).toMatchObject({ ownerRating: 4.3, ownerReviewCount: 3 });
    // Three completed exchanges and 4.3 stars, but no trusted member's vouch: not a Trusted Member
    // (docs/decisions/020; trust.test.ts shows the badge earned).
    expect(await rating(cook.user.id, cook.cookie)).toMatchObject({
      completedExchanges: 3,
      trustedMember: false,
    });
  });

  it("switches role and edits the profile, for oneself only", async () => {
    const user = await buildSignedInUser(t.db);
    const role = await t.api({
      method: "PUT",
      url: "/api/user/role",
      cookie: user.cookie,
      payload: { role: "feeder" },
    });
    expect(role.statusCode).toBe(200);
    expect(role.json().role).toBe("feeder");
    expect(
      (await t.api({ method: "PUT", url: "/api/user/role", cookie: user.cookie, payload: { role: "chef" } }))
        .statusCode,
    ).toBe(400);

    const profile = await t.api({
      method: "PUT",
      url: "/api/user/profile",
      cookie: user.cookie,
      payload: { firstName: " Sam ", lastName: "Lee", bio: "I bake on Sundays.", dietaryPrefs: "vegetarian" },
    });
    expect(profile.json()).toMatchObject({
      firstName: "Sam",
      lastName: "Lee",
      bio: "I bake on Sundays.",
      dietaryPrefs: "vegetarian",
    });
    const blank = await t.api({
      method: "PUT",
      url: "/api/user/profile",
      cookie: user.cookie,
      payload: { firstName: "  " },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.firstName).toBe("First name is required");
    const foreignPhoto = await t.api({
      method: "PUT",
      url: "/api/user/profile",
      cookie: user.cookie,
      payload: { profileImageUrl: "https://evil.example/x.png" },
    });
    expect(foreignPhoto.statusCode).toBe(400);
    expect(
      (await t.api({ method: "PUT", url: "/api/user/role", payload: { role: "feeder" } })).statusCode,
    ).toBe(401);
  });
});
