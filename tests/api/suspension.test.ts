/**
 * docs/features/food-safety.md point 5: an admin suspends an account; it is locked out at once and can
 * come back.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { buildMeal, buildSignedInUser, buildUser } from "../factories";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "./harness";
import { signInThroughProvider } from "./oidc-flow";

describe("suspending an account", () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    baseUrl = t.config.publicUrl;
  });
  afterAll(() => t.close());

  const suspend = (cookie: string, id: string, payload: object = { reason: "Harassed a neighbour" }) =>
    t.api({ method: "PUT", url: `/api/admin/users/${id}/suspend`, cookie, payload });

  it("ends their sessions, refuses their sign-in, hides their meals; lifting it restores the meals", async () => {
    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    const person = { email: "suspended@example.test", firstName: "Sus", lastName: "Pended" };
    const { jar } = await signInThroughProvider(baseUrl, person);
    const cookie = `sid=${jar.get("sid")}`;
    const me = await t.api({ url: "/api/auth/user", cookie });
    expect(me.statusCode).toBe(200);
    const userId = me.json().id;
    const active = await buildMeal(t.db, { id: userId }, { title: "Suspended stew" });
    const inactive = await buildMeal(t.db, { id: userId }, { title: "Already off", isActive: false });
    const neighbour = await buildSignedInUser(t.db);
    const listed = async () =>
      (await t.api({ url: "/api/meals?q=stew", cookie: neighbour.cookie }))
        .json()
        .map((m: { id: string }) => m.id);
    expect(await listed()).toContain(active.id);

    const suspended = await suspend(admin.cookie, userId);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toEqual({ userId, suspended: true, reason: "Harassed a neighbour", meals: 1 });
    expect((await t.api({ url: "/api/auth/user", cookie })).statusCode).toBe(401);
    expect(await listed()).not.toContain(active.id);
    expect((await signInThroughProvider(baseUrl, person)).jar.get("sid")).toBeUndefined();

    const lifted = await t.api({
      method: "PUT",
      url: `/api/admin/users/${userId}/unsuspend`,
      cookie: admin.cookie,
    });
    expect(lifted.json()).toEqual({ userId, suspended: false, reason: null, meals: 1 });
    expect(await listed()).toContain(active.id);
    const meal = await t.api({ url: `/api/meals/${inactive.id}`, cookie: neighbour.cookie });
    expect(meal.json().isActive).toBe(false);
    expect((await signInThroughProvider(baseUrl, person)).jar.get("sid")).toBeTruthy();
  });

  it("refuses the suspended person's sign-in with 'Your account is suspended.'", async () => {
    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    const person = { email: "locked@example.test", firstName: "Lock", lastName: "Ed" };
    const first = await signInThroughProvider(baseUrl, person);
    const id = (await t.api({ url: "/api/auth/user", cookie: `sid=${first.jar.get("sid")}` })).json().id;
    expect((await suspend(admin.cookie, id)).statusCode).toBe(200);

    const trace = await signInThroughProvider(baseUrl, person);
    expect(trace.jar.get("sid")).toBeUndefined();
    expect(trace.lastStatus).toBe(403);
    expect(trace.lastPage).toContain("Your account is suspended.");
  });

  it("is for admins only, needs a reason, and not for the admin's own account", async () => {
    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    const member = await buildSignedInUser(t.db);
    const other = await buildSignedInUser(t.db);
    expect((await suspend(member.cookie, other.user.id)).statusCode).toBe(403);
    const noReason = await suspend(admin.cookie, other.user.id, { reason: "   " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: "A reason is required" });
    expect((await suspend(admin.cookie, admin.user.id)).statusCode).toBe(409);
    expect((await suspend(admin.cookie, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await t.api({ url: "/api/auth/user", cookie: other.cookie })).statusCode).toBe(200);
  });

  it("keeps a lapsed cook's paid meals off when lifted, and hides reviews and rating while suspended", async () => {
    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    const viewer = await buildSignedInUser(t.db);
    const cook = await buildUser(t.db, { isRegisteredCook: true });
    const soup = await buildMeal(t.db, cook, { title: "Free soup" });
    const pie = await buildMeal(t.db, cook, { title: "Paid pie", kind: "paid", priceCents: 450 });
    expect((await suspend(admin.cookie, cook.id)).json().meals).toBe(2);

    // Reviews and rating are gone like the profile, except to admins.
    for (const url of [
      `/api/users/${cook.id}/reviews`,
      `/api/user/${cook.id}/rating`,
      `/api/users/${cook.id}/meals`,
    ]) {
      expect((await t.api({ url, cookie: viewer.cookie })).statusCode).toBe(404);
      expect((await t.api({ url, cookie: admin.cookie })).statusCode).toBe(200);
    }

    // The certificate lapsed during the suspension: only the free meal comes back.
    await t.db.update(users).set({ isRegisteredCook: false }).where(eq(users.id, cook.id));
    const lifted = await t.api({
      method: "PUT",
      url: `/api/admin/users/${cook.id}/unsuspend`,
      cookie: admin.cookie,
    });
    expect(lifted.json().meals).toBe(1);
    const active = async (id: string) =>
      (await t.api({ url: `/api/meals/${id}`, cookie: viewer.cookie })).json().isActive;
    expect(await active(soup.id)).toBe(true);
    expect(await active(pie.id)).toBe(false);
    expect((await t.api({ url: `/api/users/${cook.id}/reviews`, cookie: viewer.cookie })).statusCode).toBe(
      200,
    );
    expect((await t.api({ url: `/api/user/${cook.id}/rating`, cookie: viewer.cookie })).statusCode).toBe(200);
  });
});
