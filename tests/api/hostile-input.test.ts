import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeal, buildRequest, buildSignedInUser, hoursFromNow, mealPayload } from "../factories";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "./harness";
import { signInThroughProvider } from "./oidc-flow";

/**
 * docs/features/operations.md finding 2: input PostgreSQL cannot store (NUL characters, dates outside
 * its range) is a 400 naming the field, never a 500.
 */
describe("values PostgreSQL cannot hold are refused with 400 naming the field", () => {
  let t: TestApp;
  let cook: Awaited<ReturnType<typeof buildSignedInUser>>;
  let eater: Awaited<ReturnType<typeof buildSignedInUser>>;
  let admin: Awaited<ReturnType<typeof buildSignedInUser>>;
  let mealId: string;
  let requestId: string;

  beforeAll(async () => {
    t = await createTestApp();
    cook = await buildSignedInUser(t.db);
    eater = await buildSignedInUser(t.db);
    admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    mealId = (await buildMeal(t.db, cook.user)).id;
    requestId = (await buildRequest(t.db, { id: mealId, ownerId: cook.user.id }, eater.user)).id;
  });
  afterAll(() => t.close());

  const meal = mealPayload;
  const NUL = "bad\u0000text";

  const cases: [string, () => Parameters<TestApp["api"]>[0], string][] = [
    ["meal title", () => ({ method: "POST", url: "/api/meals", payload: meal({ title: NUL }) }), "title"],
    [
      "meal allergens",
      () => ({ method: "POST", url: "/api/meals", payload: meal({ allergens: NUL }) }),
      "allergens",
    ],
    [
      "meal description on edit",
      () => ({ method: "PUT", url: `/api/meals/${mealId}`, payload: { description: NUL } }),
      "description",
    ],
    ["search text", () => ({ method: "GET", url: "/api/meals?q=lasa%00gne" }), "q"],
    [
      "excluded allergens",
      () => ({ method: "GET", url: "/api/meals?excludeAllergens=nuts%00" }),
      "excludeAllergens",
    ],
    [
      "request message",
      () => ({ method: "POST", url: "/api/requests", payload: { mealId, message: NUL } }),
      "message",
    ],
    [
      "thread message",
      () => ({ method: "POST", url: `/api/requests/${requestId}/messages`, payload: { body: NUL } }),
      "body",
    ],
    [
      "report reason",
      () => ({
        method: "POST",
        url: "/api/reports",
        payload: { targetType: "meal", targetId: mealId, reason: NUL },
      }),
      "reason",
    ],
    [
      "profile first name",
      () => ({
        method: "PUT",
        url: "/api/user/profile",
        payload: { firstName: NUL, lastName: "X", bio: null, dietaryPrefs: null, profileImageUrl: null },
      }),
      "firstName",
    ],
    [
      "newsletter email",
      () => ({ method: "POST", url: "/api/newsletter", payload: { email: `a${NUL}@x.org` } }),
      "email",
    ],
  ];

  it.each(cases)("a NUL character in the %s", async (_, request, field) => {
    const who = request().url?.toString().startsWith("/api/requests/") ? eater : cook;
    const response = await t.api({ ...request(), cookie: who.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation_failed",
      errors: { [field]: "Must not contain NUL characters" },
    });
  });

  it.each([
    ["a carriage return in a meal title", { title: "Soup\rX-INJECTED:1" }, "title"],
    ["a line break in a pickup location", { pickupLocation: "Oak St\nATTENDEE:evil" }, "pickupLocation"],
    ["a tab in a meal title", { title: "Soup\tof the day" }, "title"],
    ["an escape character in the allergens", { allergens: "mustard\u001b[31m" }, "allergens"],
    ["a lone carriage return in a description", { description: "Mild\rwith rice" }, "description"],
  ])("%s", async (_, fields, field) => {
    const response = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: cook.cookie,
      payload: meal(fields),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation_failed",
      errors: { [field]: "Must not contain control characters such as line breaks" },
    });
  });

  it.each([
    ["a right-to-left override in a meal title", { title: "Soup \u202Egnp.exe" }, "title"],
    [
      "a directional isolate in a pickup location",
      { pickupLocation: "Oak St \u2067evil\u2069" },
      "pickupLocation",
    ],
    ["a zero-width space in a meal title", { title: "So\u200Bup" }, "title"],
    ["a line separator in the pickup details", { pickupDetails: "Flat 2\u2028ring" }, "pickupDetails"],
  ])("refuses %s, as it refuses control characters", async (_, fields, field) => {
    const response = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: cook.cookie,
      payload: meal(fields),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation_failed",
      errors: { [field]: "Must not contain invisible formatting characters" },
    });
  });

  it("answers 400 naming photoPath for a malformed photo path, or one that is not the member's upload", async () => {
    for (const photoPath of [
      "/objects/photos/x.webp",
      "../../etc/passwd",
      "/objects/photos/00000000-0000-4000-8000-000000000000.webp",
    ]) {
      const response = await t.api({
        method: "POST",
        url: "/api/meals",
        cookie: cook.cookie,
        payload: meal({ photoPath }),
      });
      expect(response.statusCode, photoPath).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), photoPath).toEqual(["photoPath"]);
    }
  });

  it.each([
    [
      "a window from 1970",
      { pickupWindowStart: "1970-01-01T00:00:00Z", pickupWindowEnd: "2099-01-01T00:00:00Z" },
      "pickupWindowStart",
    ],
    ["a window ending in 9999", { pickupWindowEnd: "9999-12-31T00:00:00Z" }, "pickupWindowEnd"],
    [
      "a window of three weeks",
      { pickupWindowEnd: new Date(Date.now() + 21 * 24 * 3_600_000).toISOString() },
      "pickupWindowEnd",
    ],
  ])("refuses an implausible pickup window: %s", async (_, fields, field) => {
    const response = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: cook.cookie,
      payload: meal(fields),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it("keeps tab and newline in multi-line fields, with a pasted CRLF stored as a newline", async () => {
    const response = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: cook.cookie,
      payload: meal({
        description: "Mild.\r\nWith rice,\tnaan\nand raita.",
        ingredients: "chickpeas\ntomato",
      }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      description: "Mild.\nWith rice,\tnaan\nand raita.",
      ingredients: "chickpeas\ntomato",
    });
    const search = await t.api({ url: "/api/meals?q=soup%0D", cookie: cook.cookie });
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual({ q: "Must not contain control characters such as line breaks" });
  });

  it("a NUL character in an admin's event title", async () => {
    const response = await t.api({
      method: "POST",
      url: "/api/admin/events",
      cookie: admin.cookie,
      payload: { title: NUL, description: "Bring a dish", startsAt: hoursFromNow(48) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ title: "Must not contain NUL characters" });
  });

  it.each([
    ["year 0000", "0000-06-01T12:00:00Z"],
    ["year 0000 with an offset", "0000-01-01T00:30:00+01:00"],
    ["an extended year (+8.64e15 ms)", "+275760-09-13T00:00:00.000Z"],
    ["an extended negative year (-8.64e15 ms)", "-271821-04-20T00:00:00.000Z"],
    ["year 9999 + 1 day", "10000-01-01T00:00:00Z"],
  ])("a pickup time in %s", async (_, date) => {
    const response = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: cook.cookie,
      payload: meal({ pickupWindowStart: date }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ pickupWindowStart: "Enter a valid date and time" });
  });

  it("an event starting in year 0000", async () => {
    const response = await t.api({
      method: "POST",
      url: "/api/admin/events",
      cookie: admin.cookie,
      payload: { title: "Potluck", description: "Bring a dish", startsAt: "0000-06-01T18:00:00Z" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ startsAt: "Enter a valid date and time" });
  });

  const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString("base64url");
  it.each([
    ["a date in year 0000", cursorOf(["0000-01-01T00:00:00.000Z", "00000000-0000-4000-8000-000000000000"])],
    ["a date of 8.64e15 ms", cursorOf([8.64e15, "00000000-0000-4000-8000-000000000000"])],
    ["a date of -8.64e15 ms", cursorOf([-8.64e15, "00000000-0000-4000-8000-000000000000"])],
    ["text that is not base64url JSON", "%%%not-a-cursor"],
    ["JSON that is not a key", cursorOf({ createdAt: 1 })],
  ])("a cursor holding %s", async (_, cursor) => {
    for (const url of ["/api/meals?", "/api/meals/my/all?", "/api/requests?type=incoming&"]) {
      const response = await t.api({
        method: "GET",
        url: `${url}cursor=${encodeURIComponent(cursor)}`,
        cookie: eater.cookie,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors, url).toHaveProperty("cursor");
    }
  });
});

describe("the sign-in form refuses a NUL character in a name", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
  });
  afterAll(() => t.close());

  it("answers the sign-in page with its error, and signs nobody in", async () => {
    const trace = await signInThroughProvider(t.config.publicUrl, {
      email: "nul@example.test",
      firstName: "Nu\u0000l",
      lastName: "Char",
    });
    expect(trace.jar.get("sid")).toBeUndefined();
    expect(trace.formStatus).toBe(400);
    expect(trace.formPage).toContain("Enter a valid email and a first name.");
  });
});
