/** docs/features/food-safety.md points 5 (blocking) and 6 (public profiles). */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../../src/server/db/schema";
import { buildMeal, buildRequest, buildSignedInUser, buildUser } from "../factories";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "./harness";
import { setStatus } from "./steps";

describe("blocking and public profiles", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ids = (response: { json(): { id: string }[] }) => response.json().map((row) => row.id);

  describe("blocking", () => {
    it("refuses requests and messages both ways (403) and hides each other's meals; unblock restores", async () => {
      const cook = await buildSignedInUser(t.db);
      const eater = await buildSignedInUser(t.db);
      const word = `blk${Date.now()}`;
      const meal = await buildMeal(t.db, cook.user, { title: `${word} soup` });
      const eatersMeal = await buildMeal(t.db, eater.user, { title: `${word} bread` });
      const thread = await buildRequest(t.db, meal, eater.user);

      const block = await t.api({
        method: "PUT",
        url: `/api/user/blocks/${eater.user.id}`,
        cookie: cook.cookie,
      });
      expect(block.json()).toEqual({ userId: eater.user.id, blocked: true });
      // Twice is harmless.
      expect(
        (await t.api({ method: "PUT", url: `/api/user/blocks/${eater.user.id}`, cookie: cook.cookie }))
          .statusCode,
      ).toBe(200);

      // The blocked eater cannot request a new meal of the cook's.
      const other = await buildMeal(t.db, cook.user, { title: `${word} stew` });
      const request = await t.api({
        method: "POST",
        url: "/api/requests",
        cookie: eater.cookie,
        payload: { mealId: other.id, message: "Hi" },
      });
      expect(request.statusCode).toBe(403);
      expect(request.json()).toMatchObject({
        code: "blocked",
        message: "You can't request this meal because one of you has blocked the other.",
      });
      // Nor can the blocker request the blocked one's meal.
      const back = await t.api({
        method: "POST",
        url: "/api/requests",
        cookie: cook.cookie,
        payload: { mealId: eatersMeal.id, message: "Hi" },
      });
      expect(back.statusCode).toBe(403);
      // Neither can message in their existing thread.
      for (const who of [eater, cook]) {
        const message = await t.api({
          method: "POST",
          url: `/api/requests/${thread.id}/messages`,
          cookie: who.cookie,
          payload: { body: "Hello?" },
        });
        expect(message.statusCode).toBe(403);
        expect(message.json().message).toBe(
          "You can't message this person because one of you has blocked the other.",
        );
      }
      // Each other's meals leave the lists and the profile, both ways.
      const list = (cookie: string) => t.api({ url: `/api/meals?q=${word}`, cookie });
      expect(ids(await list(eater.cookie))).toEqual([eatersMeal.id]);
      expect(ids(await list(cook.cookie)).sort()).toEqual([meal.id, other.id].sort());
      expect((await t.api({ url: `/api/users/${cook.user.id}/meals`, cookie: eater.cookie })).json()).toEqual(
        [],
      );
      // A third person still sees everything.
      const neighbour = await buildSignedInUser(t.db);
      expect(ids(await list(neighbour.cookie))).toHaveLength(3);

      // Settings lists the block; unblocking restores all.
      const blocked = await t.api({ url: "/api/user/blocks", cookie: cook.cookie });
      expect(blocked.json()).toEqual([
        expect.objectContaining({ id: eater.user.id, firstName: eater.user.firstName }),
      ]);
      expect((await t.api({ url: "/api/user/blocks", cookie: eater.cookie })).json()).toEqual([]);
      await t.api({ method: "DELETE", url: `/api/user/blocks/${eater.user.id}`, cookie: cook.cookie });
      expect(ids(await list(eater.cookie))).toHaveLength(3);
      const retry = await t.api({
        method: "POST",
        url: "/api/requests",
        cookie: eater.cookie,
        payload: { mealId: other.id, message: "Hi" },
      });
      expect(retry.statusCode).toBe(201);
    });

    it("refuses the blocked party's status changes and reviews either way; the blocker may still wind up", async () => {
      const cook = await buildSignedInUser(t.db);
      const eater = await buildSignedInUser(t.db);
      const meal = await buildMeal(t.db, cook.user, { portionSize: 5 });
      const pending = await buildRequest(t.db, await buildMeal(t.db, cook.user), eater.user);
      const accepted = await buildRequest(t.db, await buildMeal(t.db, cook.user), eater.user, {
        status: "accepted",
      });
      const done = await buildRequest(t.db, meal, eater.user, { status: "completed" });
      const review = (cookie: string, revieweeId: string) =>
        t.api({
          method: "POST",
          url: "/api/reviews",
          cookie,
          payload: { revieweeId, mealId: meal.id, rating: 1, text: "Written after the block." },
        });

      await t.api({ method: "PUT", url: `/api/user/blocks/${eater.user.id}`, cookie: cook.cookie });

      // The blocked eater can neither cancel nor complete (each would notify the cook).
      for (const [id, status] of [
        [pending.id, "cancelled"],
        [accepted.id, "completed"],
      ]) {
        const refused = await setStatus(t, eater.cookie, id, status);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({
          code: "blocked",
          message: "You can't request this meal because one of you has blocked the other.",
        });
      }
      // No public review either way.
      for (const [who, reviewee] of [
        [eater, cook],
        [cook, eater],
      ]) {
        const refused = await review(who.cookie, reviewee.user.id);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(
          "You can't review this person because one of you has blocked the other.",
        );
      }
      expect(await t.db.select().from(reviews).where(eq(reviews.requestId, done.id))).toEqual([]);

      // The blocker winds the exchange up.
      expect((await setStatus(t, cook.cookie, pending.id, "declined")).statusCode).toBe(200);
      expect((await setStatus(t, cook.cookie, accepted.id, "completed")).statusCode).toBe(200);
    });

    it("refuses blocking oneself (400) and an unknown user (404)", async () => {
      const me = await buildSignedInUser(t.db);
      expect(
        (await t.api({ method: "PUT", url: `/api/user/blocks/${me.user.id}`, cookie: me.cookie })).statusCode,
      ).toBe(400);
      expect(
        (
          await t.api({
            method: "PUT",
            url: "/api/user/blocks/00000000-0000-4000-8000-000000000000",
            cookie: me.cookie,
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe("public profiles", () => {
    it("show name, bio, badges, rating and open meals, never email or allergies", async () => {
      const viewer = await buildSignedInUser(t.db);
      const cook = await buildUser(t.db, {
        bio: "I bake on Sundays.",
        isRegisteredCook: true,
        allergyCodes: ["milk"],
        allergiesOther: "kiwi",
      });
      const open = await buildMeal(t.db, cook, { title: "Open loaf" });
      await buildMeal(t.db, cook, { title: "Hidden loaf", isActive: false });
      const profile = await t.api({ url: `/api/users/${cook.id}`, cookie: viewer.cookie });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({
        id: cook.id,
        bio: "I bake on Sundays.",
        isCook: true,
        rating: { average: null, count: 0, trustedMember: false },
        blockedByMe: false,
        suspended: false,
      });
      const text = profile.body;
      expect(text).not.toContain(cook.email);
      expect(text).not.toContain("kiwi");
      expect(ids(await t.api({ url: `/api/users/${cook.id}/meals`, cookie: viewer.cookie }))).toEqual([
        open.id,
      ]);
      expect(
        (await t.api({ url: "/api/users/00000000-0000-4000-8000-000000000000", cookie: viewer.cookie }))
          .statusCode,
      ).toBe(404);
      expect((await t.api({ url: `/api/users/${cook.id}` })).statusCode).toBe(401);
    });

    it("list the reviews received newest first, page by page, with the reviewer", async () => {
      const viewer = await buildSignedInUser(t.db);
      const cook = await buildUser(t.db);
      const meal = await buildMeal(t.db, cook, { portionSize: 20 });
      const written: string[] = [];
      for (let i = 0; i < 12; i++) {
        const eater = await buildUser(t.db, { firstName: `Reviewer${i}` });
        const request = await buildRequest(t.db, meal, eater, { status: "completed" });
        const [row] = await t.db
          .insert(reviews)
          .values({
            requestId: request.id,
            mealId: meal.id,
            reviewerId: eater.id,
            revieweeId: cook.id,
            reviewerRole: "eater",
            rating: (i % 5) + 1,
            text: `Review number ${i}, very tasty.`,
            createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
          })
          .returning();
        written.push(row.id);
      }
      const first = await t.api({ url: `/api/users/${cook.id}/reviews`, cookie: viewer.cookie });
      expect(ids(first)).toEqual(written.slice(2).reverse());
      expect(first.json()[0]).toMatchObject({
        rating: 2,
        text: "Review number 11, very tasty.",
        reviewer: { firstName: "Reviewer11" },
      });
      const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)?.[1];
      expect(next).toBeTruthy();
      const second = await t.api({ url: next!, cookie: viewer.cookie });
      expect(ids(second)).toEqual([written[1], written[0]]);
      expect(second.headers.link).toBeUndefined();
    });

    it("are gone for a suspended account, except to admins", async () => {
      const viewer = await buildSignedInUser(t.db);
      const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
      const gone = await buildUser(t.db, { suspendedAt: new Date(), suspendedReason: "Spam" });
      expect((await t.api({ url: `/api/users/${gone.id}`, cookie: viewer.cookie })).statusCode).toBe(404);
      const seen = await t.api({ url: `/api/users/${gone.id}`, cookie: admin.cookie });
      expect(seen.statusCode).toBe(200);
      // The admin's profile view offers Unsuspend.
      expect(seen.json().suspended).toBe(true);
    });
  });
});
