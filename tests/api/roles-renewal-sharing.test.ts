/**
 * docs/features/everyday-journey.md: the role switch follows what a member does, renewal
 * is offered only when due, and a shared meal link tells a visitor who is not signed in the meal's
 * title and photo — never where or from whom.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeal, buildSignedInUser, daysFromToday, hoursFromNow } from "../factories";
import { createTestApp, type TestApp } from "./harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freeMeal = {
  title: "Lentil soup",
  description: "With lemon.",
  kind: "free",
  portionSize: 2,
  allergens: "",
  noMajorAllergens: true,
  ingredients: "lentils, lemon",
  pickupLocation: "Rosa-Luxemburg-Platz",
  pickupWindowStart: hoursFromNow(1),
  pickupWindowEnd: hoursFromNow(3),
  deliveryAvailable: false,
};

describe("the role switch", () => {
  it("turns to feeder when a member posts a meal, and stays where the member puts it afterwards", async () => {
    const member = await buildSignedInUser(t.db, { role: "eater" });
    const me = async () => (await t.api({ url: "/api/auth/user", cookie: member.cookie })).json();
    expect((await me()).role).toBe("eater");
    const posted = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: member.cookie,
      payload: freeMeal,
    });
    expect(posted.statusCode).toBe(201);
    expect((await me()).role).toBe("feeder");
    // Their own switch still decides after that.
    const back = await t.api({
      method: "PUT",
      url: "/api/user/role",
      cookie: member.cookie,
      payload: { role: "eater" },
    });
    expect(back.json().role).toBe("eater");
    expect((await me()).role).toBe("eater");
  });

  it("leaves the role alone when a post is refused", async () => {
    const member = await buildSignedInUser(t.db, { role: "eater" });
    const refused = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: member.cookie,
      payload: { ...freeMeal, kind: "paid", priceCents: 500 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.api({ url: "/api/auth/user", cookie: member.cookie })).json().role).toBe("eater");
  });
});

describe("the cook's renewal", () => {
  it("is due only within 30 days of the certificate's expiry", async () => {
    const renewalDue = async (overrides: object) => {
      const { cookie } = await buildSignedInUser(t.db, overrides);
      return (await t.api({ url: "/api/auth/user", cookie })).json().cookRenewalDue;
    };
    expect(await renewalDue({ isRegisteredCook: true, cookCertificateExpiresOn: daysFromToday(200) })).toBe(
      false,
    );
    expect(await renewalDue({ isRegisteredCook: true, cookCertificateExpiresOn: daysFromToday(31) })).toBe(
      false,
    );
    expect(await renewalDue({ isRegisteredCook: true, cookCertificateExpiresOn: daysFromToday(30) })).toBe(
      true,
    );
    expect(await renewalDue({ isRegisteredCook: true, cookCertificateExpiresOn: daysFromToday(3) })).toBe(
      true,
    );
    // Not a cook: nothing to renew.
    expect(await renewalDue({ isRegisteredCook: false, cookCertificateExpiresOn: daysFromToday(3) })).toBe(
      false,
    );
  });
});

describe("a shared meal link, signed out", () => {
  it("shows an open meal's title, kind and photo, and nothing of its place, pickup or cook", async () => {
    const cook = await buildSignedInUser(t.db, { firstName: "Hedwig", lastName: "Herd" });
    const meal = await buildMeal(t.db, cook.user, {
      title: "Dumplings",
      pickupLocation: "Hinterhof, Tür links",
      pickupDetails: "Bell: Herd, 3rd floor",
      pickupLatitude: 52.5301,
      pickupLongitude: 13.4102,
    });
    const response = await t.api({ url: `/api/meals/${meal.id}/preview` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: meal.id, title: "Dumplings", kind: "free", photoPath: null });
    expect(response.body).not.toMatch(/Hinterhof|Herd|Hedwig|52\.5|13\.4|floor/);
  });

  it("answers 404 for a meal that is not open and 400 for an id that cannot be one", async () => {
    const cook = await buildSignedInUser(t.db);
    const off = await buildMeal(t.db, cook.user, { isActive: false });
    const ended = await buildMeal(t.db, cook.user, {
      pickupWindowStart: new Date(Date.now() - 5 * 3600_000),
      pickupWindowEnd: new Date(Date.now() - 3600_000),
    });
    for (const meal of [off, ended]) {
      const response = await t.api({ url: `/api/meals/${meal.id}/preview` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: "Meal not found" });
    }
    expect((await t.api({ url: "/api/meals/00000000-0000-4000-8000-000000000000/preview" })).statusCode).toBe(
      404,
    );
    expect((await t.api({ url: "/api/meals/abc/preview" })).statusCode).toBe(400);
    // The meal itself still needs signing in.
    expect((await t.api({ url: `/api/meals/${off.id}` })).statusCode).toBe(401);
  });
});
