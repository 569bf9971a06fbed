/**
 * docs/features/languages-currency-impact.md points 1 and 2 on the server: error messages in the
 * member's language (the app's language cookie, else Accept-Language, else the saved language, else the
 * deployment's default), money in the deployment's currency, a member's language remembered, and
 * notifications kept as keys so each reader sees them in their own language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeal, buildSignedInUser, hoursFromNow } from "../factories";
import { createTestApp, type TestApp } from "./harness";

/** A meal validation refuses on two fields: an empty title and no portions. */
const invalidMeal = {
  kind: "free",
  title: "",
  description: "Dal with rice",
  ingredients: "lentils, rice",
  allergenCodes: [],
  noMajorAllergens: true,
  portionSize: 0,
  pickupLocation: "12 Elm Street",
  pickupWindowStart: hoursFromNow(1),
  pickupWindowEnd: hoursFromNow(3),
};

describe("the server's words in the member's language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const postMeal = (cookie: string, headers: Record<string, string> = {}) =>
    t.api({ method: "POST", url: "/api/meals", cookie, headers, payload: invalidMeal });

  it("answers a validation error in the language Accept-Language prefers, per field", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const spanish = await postMeal(cookie, { "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toMatchObject({
      code: "validation_failed",
      message: "El título es obligatorio",
      errors: { title: "El título es obligatorio", portionSize: "Debe tener al menos 1 ración" },
    });
    const german = await postMeal(cookie, { "accept-language": "nl;q=1, de;q=0.8" });
    expect(german.json().errors.title).toBe("Ein Titel ist erforderlich");
    // A language we do not ship falls back to the deployment's default, English here.
    const dutch = await postMeal(cookie, { "accept-language": "nl" });
    expect(dutch.json().errors.title).toBe("Title is required");
  });

  it("prefers the app's language cookie to the browser's Accept-Language", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const response = await postMeal(`${cookie}; mealshare_lang=de`, { "accept-language": "es" });
    expect(response.json().errors.title).toBe("Ein Titel ist erforderlich");
  });

  it("answers service errors, not only validation, in that language", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const missing = await t.api({
      url: "/api/meals/00000000-0000-4000-8000-000000000000",
      cookie,
      headers: { "accept-language": "es" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "not_found", message: "Comida no encontrada" });
    const signedOut = await t.api({ url: "/api/notifications", headers: { "accept-language": "de" } });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe("Nicht angemeldet");
  });

  it("remembers a member's language and answers in it when the request names none", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const saved = await t.api({ method: "PUT", url: "/api/user/locale", cookie, payload: { locale: "es" } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().locale).toBe("es");
    expect((await t.api({ url: "/api/auth/user", cookie })).json().locale).toBe("es");
    expect((await postMeal(cookie)).json().errors.title).toBe("El título es obligatorio");
    // A request that names a language still wins: the member may be on a borrowed phone.
    expect((await postMeal(cookie, { "accept-language": "de" })).json().errors.title).toBe(
      "Ein Titel ist erforderlich",
    );
  });

  it("refuses a language we do not ship, and a signed-out caller", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const dutch = await t.api({ method: "PUT", url: "/api/user/locale", cookie, payload: { locale: "nl" } });
    expect(dutch.statusCode).toBe(400);
    expect(dutch.json()).toMatchObject({
      code: "validation_failed",
      errors: { locale: expect.any(String) },
    });
    const signedOut = await t.api({ method: "PUT", url: "/api/user/locale", payload: { locale: "es" } });
    expect(signedOut.statusCode).toBe(401);
    // Another site cannot change it either (docs/DESIGN.md §5 CSRF).
    const crossSite = await t.api({
      method: "PUT",
      url: "/api/user/locale",
      cookie,
      headers: { origin: "https://evil.example" },
      payload: { locale: "de" },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await t.api({ url: "/api/auth/user", cookie })).json().locale).toBeNull();
  });

  it("keeps notifications as a key and values, so each reader sees them in their language", async () => {
    const cook = await buildSignedInUser(t.db, { firstName: "Maria", lastName: "Lopez" });
    const eater = await buildSignedInUser(t.db, { firstName: "Sam", lastName: "Okafor" });
    const meal = await buildMeal(t.db, cook.user, { title: "Lentil dal" });
    const request = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: eater.cookie,
      headers: { "accept-language": "es" },
      payload: { mealId: meal.id, message: "Hola" },
    });
    expect(request.statusCode).toBe(201);
    const [notification] = (await t.api({ url: "/api/notifications", cookie: cook.cookie })).json();
    expect(notification).toMatchObject({
      text: 'Sam O. requested "Lentil dal"',
      textKey: '{{name}} requested "{{title}}"',
      textParams: { name: "Sam O.", title: "Lentil dal" },
    });
  });

  it("tells the app the deployment's currency and languages", async () => {
    const response = await t.api({ url: "/api/deployment" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      currency: "USD",
      defaultLanguage: "en",
      languages: ["en", "es", "de", "fr", "ar", "tr", "uk", "pl"],
      // docs/features/neighbourhood.md: OpenStreetMap's tiles unless configured; no place search.
      map: {
        tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
        attribution:
          '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
        center: { latitude: 20, longitude: 0, zoom: 2 },
      },
      placeSearch: false,
      // docs/decisions/017: what the Privacy page says of this deployment.
      privacy: { retentionDays: 365, accountDeletionDays: 14, supportEmail: null },
      // docs/decisions/020: the newcomer limits, published.
      newcomerLimits: { openRequests: 3, linksPerText: 1, drawEntries: 2, newContactsPerDay: 5 },
    });
  });
});

describe("a deployment in euros whose default language is German", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { currency: "EUR", defaultLanguage: "de" } });
  });
  afterAll(() => t.close());

  it("answers in German when nothing names a language, with money in euros", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const response = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie,
      payload: { ...invalidMeal, title: "Dal", portionSize: 2, kind: "paid", priceCents: 100_000_000 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.priceCents).toBe("Der Preis darf höchstens 1.000,00\u00a0€ betragen");
    const deployment = (await t.api({ url: "/api/deployment" })).json();
    expect(deployment).toMatchObject({ currency: "EUR", defaultLanguage: "de" });
  });
});
