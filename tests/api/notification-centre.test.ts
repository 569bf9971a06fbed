/** docs/features/everyday-journey.md's notification centre: what it lists and how it is read. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "./harness";

describe("the notification centre", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = (cookie: string) => t.api({ url: "/api/notifications", cookie }).then((r) => r.json());

  it("tells a reporter when an admin resolves the report, linking to the meal", async () => {
    const neighbour = await buildSignedInUser(t.db);
    const cook = await buildSignedInUser(t.db);
    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    const meal = await buildMeal(t.db, cook.user);
    const report = await t.api({
      method: "POST",
      url: "/api/reports",
      cookie: neighbour.cookie,
      payload: { targetType: "meal", targetId: meal.id, reason: "Smelled off" },
    });
    expect(report.statusCode).toBe(201);
    const resolve = () =>
      t.api({ method: "PUT", url: `/api/admin/reports/${report.json().id}/resolve`, cookie: admin.cookie });
    expect((await resolve()).statusCode).toBe(200);
    expect((await resolve()).statusCode).toBe(200);
    const resolved = (await list(neighbour.cookie)).filter(
      (n: { type: string }) => n.type === "report_resolved",
    );
    expect(resolved).toEqual([
      expect.objectContaining({
        link: `/meal/${meal.id}`,
        isRead: false,
        text: expect.stringContaining("resolved"),
      }),
    ]);
  });

  it("reads one type at a time (the reviews page), or everything (Mark all as read)", async () => {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user);
    const request = await buildRequest(t.db, meal, eater.user, { status: "completed" });
    await t.api({
      method: "POST",
      url: `/api/requests/${request.id}/messages`,
      cookie: eater.cookie,
      payload: { body: "Thanks!" },
    });
    const review = await t.api({
      method: "POST",
      url: "/api/reviews",
      cookie: eater.cookie,
      payload: { revieweeId: cook.user.id, mealId: meal.id, rating: 5, text: "Delicious, thank you!" },
    });
    expect(review.statusCode).toBe(201);
    const unread = async () =>
      (await list(cook.cookie))
        .filter((n: { isRead: boolean }) => !n.isRead)
        .map((n: { type: string }) => n.type);
    expect((await unread()).sort()).toEqual(["message_new", "review_received"]);
    const reviewNotice = (await list(cook.cookie)).find(
      (n: { type: string }) => n.type === "review_received",
    );
    expect(reviewNotice.link).toBe("/reviews");

    const read = (payload: object) =>
      t.api({ method: "PUT", url: "/api/notifications/read", cookie: cook.cookie, payload });
    expect((await read({ type: "review_received" })).json()).toEqual({ updated: 1 });
    expect(await unread()).toEqual(["message_new"]);
    expect((await read({})).json()).toEqual({ updated: 1 });
    expect(await unread()).toEqual([]);
    expect((await read({ type: "not-a-type" })).statusCode).toBe(400);
  });
});
