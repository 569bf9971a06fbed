/**
 * Bad input never hurts (docs/features/operations.md "Done when"): thousands of malformed requests
 * across every API endpoint — each field of each body swapped for a hostile value, hostile path ids and
 * query values, broken bodies, and random JSON from fast-check — answer no 5xx, and every 4xx is the
 * JSON error shape `{ message, code?, errors? }` (docs/DESIGN.md §4 "Errors"). The endpoint table must
 * cover every route the API documents, so a new one cannot be left out.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorSchema } from "../../src/contract/common";
import { buildMeal, buildRequest, buildSignedInUser, hoursFromNow } from "../factories";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "./harness";

/** Values a client can put in any JSON field. */
const deep = (depth: number): unknown => (depth === 0 ? "bottom" : { nested: deep(depth - 1) });
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\u202Egnp.exe",
  "😀".repeat(500),
  "x".repeat(20_000),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00%ff",
  "\r\nSet-Cookie: a=b",
  // C0 control characters: a lone CR, a tab, an escape, a bell, a form feed, CRLF.
  "Soup\rX-INJECTED:1",
  "Soup\tof the day",
  "red\u001b[31m",
  "ding\u0007",
  "page\u000cbreak",
  "line\r\nline",
  "0000-01-01T00:00:00Z",
  "+275760-09-13T00:00:00.000Z",
  "2026-02-30T10:00:00Z",
  "not a date",
  "00000000-0000-0000-0000-000000000000",
  "/objects/photos/00000000-0000-4000-8000-000000000000.webp",
  "http://169.254.169.254/latest/meta-data",
  [],
  [1, "a", null],
  {},
  { $gt: "" },
  deep(60),
];

/** Values a client can put in a path segment or a query parameter (already URL-encoded). */
const HOSTILE_SEGMENTS = [
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  "%00",
  "%E0%A4%A",
  "..%2F..%2Fetc%2Fpasswd",
  "%27%20OR%201%3D1",
  "a".repeat(300),
  "-1",
  "1e309",
  "NaN",
  "%F0%9F%98%80",
  "%0D%0ALocation%3A%20x",
  "soup%0D",
  "tab%09bed",
  "esc%1B%5B31m",
];

/** Bodies that are wrong as a whole: [content-type, raw payload]. */
/**
 * Language names a client may send (docs/features/languages-currency-impact.md): malformed, unknown,
 * huge, with odd q-values.
 */
const HOSTILE_LANGUAGES = [
  "",
  "*",
  "xx-ZZ",
  "es;q=abc, de;q=-1",
  ";;;,,,",
  "de;q=2, es;q=NaN",
  "ES-mx",
  "en-GB-x-".concat("a".repeat(3000)),
  "\u00e9s, d\u00e9",
  "../../etc/passwd",
];

const BROKEN_BODIES: [string, string][] = [
  ["application/json", "{"],
  ["application/json", '{"a":'],
  ["application/json", "[]"],
  ["application/json", '"text"'],
  ["application/json", "null"],
  ["application/json", '{"__proto__":{"polluted":true}}'],
  ["application/json", '{"constructor":{"prototype":{"polluted":true}}}'],
  ["application/json", "\u0000"],
  ["application/json", ""],
  ["text/plain", "hello"],
  ["application/x-www-form-urlencoded", "a=1&b=2"],
  ["multipart/form-data; boundary=x", "--x\r\n\r\n--x--"],
  ["application/json", `{"a":"${"x".repeat(1_100_000)}"}`],
];

interface Endpoint {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The route as the API documents it, with `{id}` placeholders. */
  route: string;
  /** A valid body to mutate field by field. */
  body?: Record<string, unknown>;
  /** Valid query parameters to mutate one by one. */
  query?: Record<string, string>;
  admin?: boolean;
}

describe("fuzzing every endpoint with malformed requests", () => {
  let t: TestApp;
  let cookie: string;
  let adminCookie: string;
  let ids: Record<string, string>;
  let endpoints: Endpoint[];

  beforeAll(async () => {
    t = await createTestApp({
      // Emailed sign-in: its passkey and account routes are documented only there.
      env: { SIGN_IN: "email" },
      config: {
        rateLimits: { signInPerMinute: 100_000, writesPerMinute: 100_000, messagesPerMinute: 100_000 },
      },
    });
    // A registered cook, so paid meals get past the cook rule to the validation under test.
    const me = await buildSignedInUser(t.db, { isRegisteredCook: true });
    const cook = await buildSignedInUser(t.db);
    cookie = me.cookie;
    adminCookie = (await buildSignedInUser(t.db, { email: ADMIN_EMAIL })).cookie;
    const myMeal = await buildMeal(t.db, me.user);
    const theirMeal = await buildMeal(t.db, cook.user, { portionSize: 50 });
    const request = await buildRequest(t.db, theirMeal, me.user, { status: "completed" });
    // A home area and an alert around it (docs/features/neighbourhood.md), for the routes that need them.
    await t.api({
      method: "PUT",
      url: "/api/user/home-area",
      cookie,
      payload: { latitude: 51.5, longitude: -0.12, radiusKm: 5 },
    });
    const alert = await t.api({ method: "POST", url: "/api/alerts", cookie, payload: { q: "curry" } });
    // docs/features/groups.md: a group the signed-in member owns, for the group routes.
    const group = await t.api({
      method: "POST",
      url: "/api/groups",
      cookie,
      payload: { name: "Elm Street building", rules: "Label what you share." },
    });
    ids = {
      meal: myMeal.id,
      theirMeal: theirMeal.id,
      request: request.id,
      cook: cook.user.id,
      alert: alert.json().id,
      group: group.json().id,
    };
    const meal = {
      title: "Chickpea curry",
      description: "Mild, with rice.",
      kind: "paid",
      priceCents: 750,
      portionSize: 3,
      allergens: "mustard",
      allergenCodes: ["mustard"],
      allergensOther: "coriander",
      noMajorAllergens: false,
      dietTags: ["vegan"],
      preparedAt: hoursFromNow(-1),
      storage: "chilled",
      reheating: "Microwave 2 minutes",
      ingredients: "chickpeas, rice",
      pickupLocation: "Corner of Oak and 3rd",
      pickupWindowStart: hoursFromNow(1),
      pickupWindowEnd: hoursFromNow(3),
      deliveryAvailable: true,
      photoPath: null,
      latitude: 51.5,
      longitude: -0.12,
    };
    const page = { limit: "10", cursor: "" };
    endpoints = [
      { method: "GET", route: "/api/auth/user" },
      {
        method: "GET",
        route: "/api/meals",
        query: {
          q: "lasagne",
          kind: "free",
          near: "51.5,-0.12",
          radiusKm: "5",
          excludeAllergens: "nuts",
          ...page,
        },
      },
      {
        method: "POST",
        route: "/api/meals",
        body: { ...meal, weekly: { weeks: 3, timeZone: "Europe/Berlin" } },
      },
      { method: "GET", route: "/api/meals/allergens" },
      { method: "GET", route: "/api/meals/my/all", query: page },
      { method: "GET", route: "/api/meals/{id}" },
      { method: "GET", route: "/api/meals/{id}/preview" },
      { method: "PUT", route: "/api/meals/{id}", body: { ...meal, isActive: true } },
      { method: "GET", route: "/api/user/{id}/rating" },
      {
        method: "POST",
        route: "/api/requests",
        body: { mealId: ids.theirMeal, message: "Hello!", portions: 2 },
      },
      { method: "GET", route: "/api/requests", query: { type: "outgoing", ...page } },
      { method: "GET", route: "/api/threads", query: page },
      { method: "PUT", route: "/api/meals/{id}/save" },
      { method: "DELETE", route: "/api/meals/{id}/save" },
      { method: "GET", route: "/api/user/saved-meals", query: page },
      { method: "GET", route: "/api/user/saved-meal-ids" },
      { method: "GET", route: "/api/user/hidden" },
      { method: "PUT", route: "/api/user/hidden/meals/{id}" },
      { method: "DELETE", route: "/api/user/hidden/meals/{id}" },
      { method: "PUT", route: "/api/user/hidden/cooks/{id}" },
      { method: "DELETE", route: "/api/user/hidden/cooks/{id}" },
      { method: "GET", route: "/api/requests/{id}" },
      { method: "GET", route: "/api/requests/{id}/messages", query: page },
      { method: "POST", route: "/api/requests/{id}/messages", body: { body: "On my way" } },
      {
        method: "PUT",
        route: "/api/requests/{id}/status",
        body: { status: "no_show", reason: "Not there", portions: 1 },
      },
      { method: "GET", route: "/api/notifications" },
      { method: "PUT", route: "/api/notifications/read", body: { requestId: ids.request } },
      {
        method: "POST",
        route: "/api/reports",
        body: { targetType: "meal", targetId: ids.theirMeal, reason: "Smelled off" },
      },
      { method: "GET", route: "/api/reviews/pending" },
      {
        method: "POST",
        route: "/api/reviews",
        body: { revieweeId: ids.cook, mealId: ids.theirMeal, rating: 5, text: "Lovely" },
      },
      { method: "PUT", route: "/api/user/role", body: { role: "feeder" } },
      { method: "POST", route: "/api/user/email-delivery" },
      {
        method: "PUT",
        route: "/api/user/profile",
        body: {
          firstName: "Fuzz",
          lastName: "Er",
          bio: "Hi",
          dietaryPrefs: "none",
          profileImageUrl: null,
          allergyCodes: ["peanuts"],
          allergiesOther: "kiwi",
          dietTags: ["halal"],
        },
      },
      { method: "POST", route: "/api/objects/upload", body: { contentLength: 1000 } },
      { method: "PUT", route: "/api/meal-photos", body: { photoURL: "http://localhost:5000/api/uploads/x" } },
      { method: "PUT", route: "/api/uploads/{id}" },
      { method: "GET", route: "/api/events" },
      { method: "PUT", route: "/api/user/newsletter", body: { subscribed: true } },
      { method: "POST", route: "/api/newsletter", body: { email: "fuzz@example.test" } },
      { method: "GET", route: "/api/auth/passkeys" },
      { method: "POST", route: "/api/auth/passkeys/options" },
      {
        method: "POST",
        route: "/api/auth/passkeys",
        body: {
          challengeId: "00000000-0000-4000-8000-000000000000",
          name: "Phone",
          response: { id: "abc", rawId: "abc", type: "public-key", response: {}, clientExtensionResults: {} },
        },
      },
      { method: "DELETE", route: "/api/auth/passkeys/{id}" },
      { method: "POST", route: "/api/login/passkey/options" },
      {
        method: "POST",
        route: "/api/login/passkey",
        body: {
          challengeId: "00000000-0000-4000-8000-000000000000",
          response: { id: "abc", rawId: "abc", type: "public-key", response: {}, clientExtensionResults: {} },
        },
      },
      { method: "GET", route: "/api/auth/sessions" },
      { method: "DELETE", route: "/api/auth/sessions/{id}" },
      { method: "POST", route: "/api/auth/sessions/end-others" },
      { method: "POST", route: "/api/auth/email/proof" },
      { method: "POST", route: "/api/auth/email", body: { email: "fuzz-new@example.test", code: "123456" } },
      { method: "POST", route: "/api/auth/email/confirm", body: { code: "123456" } },
      { method: "POST", route: "/api/account/deletion/code" },
      { method: "POST", route: "/api/account/deletion", body: { code: "123456" } },
      { method: "POST", route: "/api/account/deletion/keep" },
      { method: "POST", route: "/api/admin/users/{id}/delete", body: { reason: "Fuzzing" }, admin: true },
      { method: "POST", route: "/api/account/exports" },
      { method: "GET", route: "/api/account/exports" },
      { method: "GET", route: "/api/account/exports/{id}/download" },
      { method: "POST", route: "/api/admin/users/{id}/export", admin: true },
      { method: "GET", route: "/api/admin/reports", admin: true },
      { method: "GET", route: "/api/admin/stats", admin: true },
      { method: "GET", route: "/api/admin/disputes", admin: true },
      { method: "PUT", route: "/api/admin/disputes/{id}", body: { outcome: "completed" }, admin: true },
      { method: "PUT", route: "/api/admin/reports/{id}/resolve", body: {}, admin: true },
      { method: "GET", route: "/api/admin/mailinglist.csv", admin: true },
      {
        method: "POST",
        route: "/api/admin/events",
        body: { title: "Potluck", description: "Bring a dish", startsAt: hoursFromNow(48), location: "Hall" },
        admin: true,
      },
      { method: "DELETE", route: "/api/admin/events/{id}", admin: true },
      { method: "PUT", route: "/api/admin/users/{id}/suspend", body: { reason: "Fuzzing" }, admin: true },
      { method: "PUT", route: "/api/admin/users/{id}/unsuspend", admin: true },
      { method: "GET", route: "/api/users/{id}" },
      { method: "GET", route: "/api/users/{id}/reviews", query: page },
      { method: "GET", route: "/api/users/{id}/meals", query: page },
      { method: "GET", route: "/api/user/blocks" },
      { method: "PUT", route: "/api/user/blocks/{id}" },
      { method: "DELETE", route: "/api/user/blocks/{id}" },
      {
        method: "POST",
        route: "/api/cook-applications",
        body: {
          kitchenName: "Fuzz Kitchen",
          registrationNumber: "FBR-1",
          registrationAuthority: "Council",
          certificateLevel: "Level 2",
          certificateIssuer: "Trainer",
          certificateExpiresOn: "2099-01-01",
          documentURL: "http://localhost:5000/api/uploads/00000000-0000-4000-8000-000000000000",
          declaration: true,
        },
      },
      { method: "GET", route: "/api/cook-applications/mine" },
      { method: "GET", route: "/api/impact" },
      { method: "GET", route: "/api/requests/{id}/calendar.ics" },
      { method: "GET", route: "/api/user/calendar" },
      { method: "PUT", route: "/api/user/calendar" },
      { method: "DELETE", route: "/api/user/calendar" },
      { method: "GET", route: "/api/calendar/{file}" },
      // docs/features/handover.md: a thread's photos, the container label and its public page.
      { method: "GET", route: "/api/requests/{id}/photos/{file}" },
      { method: "GET", route: "/api/requests/{id}/pass" },
      // docs/features/fair-shares.md: a meal's draw, entering and leaving it, Draw now.
      { method: "GET", route: "/api/meals/{id}/draw" },
      { method: "POST", route: "/api/meals/{id}/draw/entry", body: { portions: 1 } },
      { method: "DELETE", route: "/api/meals/{id}/draw/entry" },
      { method: "POST", route: "/api/meals/{id}/draw/run" },
      { method: "GET", route: "/api/user/fair-use" },
      { method: "POST", route: "/api/meals/{id}/label" },
      { method: "GET", route: "/api/labels/{token}" },
      { method: "GET", route: "/api/cook-applications/{id}/document" },
      { method: "GET", route: "/api/admin/cook-applications", query: { status: "pending" }, admin: true },
      { method: "PUT", route: "/api/admin/cook-applications/{id}/approve", admin: true },
      // docs/features/notifications.md: preferences, this device's push subscription, unsubscribe links.
      { method: "GET", route: "/api/user/notification-preferences" },
      {
        method: "PUT",
        route: "/api/user/notification-preferences",
        body: { messages: { email: false }, newsletter: { email: true } },
      },
      { method: "GET", route: "/api/push/public-key" },
      {
        method: "PUT",
        route: "/api/push/subscription",
        body: {
          endpoint: "https://fcm.googleapis.com/fcm/send/fuzz",
          keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
        },
      },
      {
        method: "DELETE",
        route: "/api/push/subscription",
        body: { endpoint: "https://fcm.googleapis.com/fcm/send/fuzz" },
      },
      { method: "GET", route: "/api/unsubscribe", query: { token: "abc.def" } },
      { method: "POST", route: "/api/unsubscribe", query: { token: "abc.def" } },
      {
        method: "PUT",
        route: "/api/admin/cook-applications/{id}/reject",
        body: { reason: "Fuzz" },
        admin: true,
      },
      // docs/features/languages-currency-impact.md: the deployment's languages and currency, a member's
      // language.
      { method: "GET", route: "/api/deployment" },
      { method: "PUT", route: "/api/user/locale", body: { locale: "es" } },
      // docs/features/neighbourhood.md: the home area, local lists, the map, place search, alerts.
      {
        method: "PUT",
        route: "/api/user/home-area",
        body: { latitude: 51.5, longitude: -0.12, radiusKm: 5, label: "Soho, London" },
      },
      {
        method: "GET",
        route: "/api/meals",
        query: { near: "home", sort: "newest", radiusKm: "10", ...page },
      },
      {
        method: "GET",
        route: "/api/meals/map",
        query: { bbox: "-0.2,51.4,0.0,51.6", kind: "free", q: "soup", excludeAllergens: "nuts", limit: "50" },
      },
      { method: "GET", route: "/api/places", query: { q: "Soho" } },
      { method: "GET", route: "/api/alerts" },
      {
        method: "POST",
        route: "/api/alerts",
        body: { q: "soup", kind: "free", excludeAllergens: ["peanuts"], radiusKm: 10 },
      },
      { method: "PUT", route: "/api/alerts/{id}", body: { paused: true } },
      { method: "DELETE", route: "/api/alerts/{id}" },
      { method: "DELETE", route: "/api/user/home-area" },
      // docs/features/households.md: portions, the pickup code, the waiting list, weekly meals.
      { method: "POST", route: "/api/requests/{id}/pickup-code", body: { code: "1234" } },
      // docs/features/exchange.md: the eater's answer to changed terms.
      { method: "POST", route: "/api/requests/{id}/terms", body: { answer: "kept" } },
      { method: "POST", route: "/api/meals/{id}/waitlist", body: { portions: 2 } },
      { method: "DELETE", route: "/api/meals/{id}/waitlist" },
      { method: "PUT", route: "/api/meal-series/{id}", body: { status: "paused" } },
      // docs/features/groups.md: groups, their members, applications, invites and meals.
      { method: "GET", route: "/api/groups", query: { q: "elm", mine: "true", ...page } },
      {
        method: "POST",
        route: "/api/groups",
        body: {
          name: "School gate",
          description: "Parents of Elm Primary",
          welcome: "Hello!",
          rules: "Label allergens.",
          visibility: "listed",
          joinRule: "application",
          emailDomain: null,
          questions: ["Which class?"],
          newcomersMayRequest: false,
          place: { latitude: 51.5, longitude: -0.12, radiusKm: 1 },
        },
      },
      { method: "GET", route: "/api/groups/{id}" },
      { method: "PUT", route: "/api/groups/{id}", body: { description: "Our building", rules: "Be kind." } },
      { method: "POST", route: "/api/groups/{id}/join", body: { rulesVersion: 1 } },
      { method: "POST", route: "/api/groups/{id}/rules/accept", body: { rulesVersion: 1 } },
      { method: "DELETE", route: "/api/groups/{id}/membership" },
      { method: "POST", route: "/api/groups/{id}/applications", body: { answers: ["3B"], rulesVersion: 1 } },
      { method: "DELETE", route: "/api/groups/{id}/applications/mine" },
      { method: "GET", route: "/api/groups/{id}/applications", query: page },
      {
        method: "PUT",
        route: "/api/groups/{id}/applications/{itemId}",
        body: { decision: "approve", message: "Welcome" },
      },
      { method: "GET", route: "/api/groups/{id}/members", query: page },
      { method: "PUT", route: "/api/groups/{id}/members/{userId}", body: { role: "moderator" } },
      { method: "POST", route: "/api/groups/{id}/members/{userId}/removal", body: { reason: "Spam" } },
      { method: "PUT", route: "/api/groups/{id}/owner", body: { userId: ids.cook } },
      { method: "GET", route: "/api/groups/{id}/meals", query: page },
      { method: "POST", route: "/api/groups/{id}/meals/{itemId}/removal", body: { reason: "Off topic" } },
      { method: "GET", route: "/api/groups/{id}/reports" },
      { method: "GET", route: "/api/groups/{id}/invites" },
      { method: "POST", route: "/api/groups/{id}/invites", body: { days: 7 } },
      { method: "DELETE", route: "/api/groups/{id}/invites/{itemId}" },
      { method: "GET", route: "/api/invites/{token}" },
      { method: "POST", route: "/api/invites/{token}/accept", body: { rulesVersion: 1 } },
      // docs/decisions/020: trust, the review queue and membership reviews.
      { method: "GET", route: "/api/user/trust" },
      { method: "PUT", route: "/api/users/{id}/vouch" },
      { method: "GET", route: "/api/moderation/queue", admin: true },
      {
        method: "POST",
        route: "/api/moderation/items/{id}/decision",
        body: { action: "release" },
        admin: true,
      },
      { method: "GET", route: "/api/moderation/log", query: page, admin: true },
      { method: "POST", route: "/api/groups/{id}/reviews", body: { memberId: ids.cook, reason: "Spam" } },
      { method: "GET", route: "/api/groups/{id}/reviews" },
      { method: "GET", route: "/api/groups/{id}/reviews/{reviewId}" },
      { method: "PUT", route: "/api/groups/{id}/reviews/{reviewId}/vote", body: { vote: "remove" } },
      { method: "PUT", route: "/api/groups/{id}/reviews/{reviewId}/answer", body: { answer: "It was me" } },
    ];
  });
  afterAll(() => t.close());

  it("documents every status a route can answer, and only the standard methods", () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, { responses?: object }>> })
      .paths;
    const responses = (path: string, method = "get") => Object.keys(paths[path][method].responses ?? {});
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(["get", "post", "put", "delete"], `${method} ${path}`).toContain(method);
        if (path.startsWith("/api/") && path.includes("{")) {
          expect(Object.keys(operation.responses ?? {}), `${method} ${path}`).toContain("414");
        }
      }
    }
    expect(responses("/api/stream")).toEqual(expect.arrayContaining(["401", "503"]));
    expect(responses("/api/admin/mailinglist.csv")).toEqual(expect.arrayContaining(["401", "403"]));
    expect(responses("/api/cook-applications/{id}/document")).toEqual(
      expect.arrayContaining(["401", "404", "414"]),
    );
    expect(responses("/api/meals", "post")).toEqual(expect.arrayContaining(["401", "403", "429", "503"]));
  });

  it("covers every route the API documents (the SSE stream is tested on its own)", () => {
    const documented = Object.entries((t.app.swagger() as { paths: Record<string, object> }).paths).flatMap(
      ([route, operations]) =>
        Object.keys(operations)
          .filter((method) => ["get", "post", "put", "delete"].includes(method))
          .map((method) => `${method.toUpperCase()} ${route}`),
    );
    const covered = new Set(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.route}`));
    const apiRoutes = documented.filter((route) => route.includes(" /api/") && route !== "GET /api/stream");
    expect(apiRoutes.filter((route) => !covered.has(route))).toEqual([]);
  });

  it("answers ≥ 2,000 malformed requests with no 5xx and the JSON error shape for every 4xx", async () => {
    const problems: string[] = [];
    let sent = 0;
    const statuses: Record<number, number> = {};
    const send = async (
      endpoint: Endpoint,
      label: string,
      options: { url: string; payload?: string; contentType?: string; headers?: Record<string, string> },
    ) => {
      sent++;
      const response = await t.api({
        method: endpoint.method,
        url: options.url,
        cookie: endpoint.admin ? adminCookie : cookie,
        payload: options.payload,
        headers: {
          ...(options.payload === undefined
            ? {}
            : { "content-type": options.contentType ?? "application/json" }),
          ...options.headers,
        },
      });
      const where = `${endpoint.method} ${endpoint.route} ${label}`;
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      if (response.statusCode >= 500) {
        problems.push(`${where} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      } else if (response.statusCode >= 400) {
        let shaped = false;
        try {
          shaped = errorSchema.strict().safeParse(response.json()).success;
        } catch {}
        if (!shaped)
          problems.push(
            `${where} → ${response.statusCode} not the error shape: ${response.body.slice(0, 200)}`,
          );
      }
    };
    // The other path parameters keep real-looking values while `{id}` takes the hostile ones.
    const withOthers = (route: string) =>
      route
        .replace("{userId}", ids.cook)
        .replace("{itemId}", ids.meal)
        .replace("{reviewId}", ids.meal)
        // An invite's token is the route's only parameter: it takes the hostile values as `{id}` does.
        .replace("{token}", "{id}");
    const urlOf = (endpoint: Endpoint, id: string, query = endpoint.query) => {
      const path = withOthers(endpoint.route).replace("{id}", id);
      const search = query ? new URLSearchParams(query).toString() : "";
      return search ? `${path}?${search}` : path;
    };
    const realId = (endpoint: Endpoint) =>
      endpoint.route.startsWith("/api/user/")
        ? ids.cook
        : endpoint.route.startsWith("/api/requests/")
          ? ids.request
          : endpoint.route.startsWith("/api/alerts/")
            ? ids.alert
            : endpoint.route.startsWith("/api/groups/")
              ? ids.group
              : endpoint.route.startsWith("/api/invites/")
                ? "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
                : ids.meal;
    const json = (value: unknown) => JSON.stringify(value);

    for (const endpoint of endpoints) {
      const id = realId(endpoint);
      const url = urlOf(endpoint, id);
      const body = endpoint.body ? json(endpoint.body) : undefined;
      if (withOthers(endpoint.route).includes("{id}")) {
        for (const segment of HOSTILE_SEGMENTS) {
          await send(endpoint, `id=${segment.slice(0, 20)}`, {
            url: urlOf(endpoint, segment),
            payload: body,
          });
        }
      }
      for (const key of Object.keys(endpoint.query ?? {})) {
        for (const segment of HOSTILE_SEGMENTS) {
          const rest = new URLSearchParams({ ...endpoint.query, [key]: "" });
          rest.delete(key);
          await send(endpoint, `${key}=${segment.slice(0, 20)}`, {
            url: `${withOthers(endpoint.route).replace("{id}", id)}?${rest}&${key}=${segment}`,
          });
        }
      }
      // docs/features/languages-currency-impact.md: whatever language a client names, by header or by
      // the app's cookie.
      for (const language of HOSTILE_LANGUAGES) {
        await send(endpoint, `accept-language ${language.slice(0, 20)}`, {
          url,
          payload: body,
          headers: { "accept-language": language },
        });
        await send(endpoint, `language cookie ${language.slice(0, 20)}`, {
          url,
          payload: body,
          headers: {
            cookie: `${endpoint.admin ? adminCookie : cookie}; mealshare_lang=${encodeURIComponent(language)}`,
          },
        });
      }
      if (endpoint.method === "GET" || endpoint.method === "DELETE") continue;
      for (const field of Object.keys(endpoint.body ?? {})) {
        for (const value of HOSTILE_VALUES) {
          await send(endpoint, `${field}=${json(value)?.slice(0, 20)}`, {
            url,
            payload: json({ ...endpoint.body, [field]: value }),
          });
        }
        const { [field]: _, ...without } = endpoint.body ?? {};
        await send(endpoint, `without ${field}`, { url, payload: json(without) });
      }
      for (const [contentType, payload] of BROKEN_BODIES) {
        await send(endpoint, `body ${contentType} ${payload.slice(0, 20)}`, { url, payload, contentType });
      }
      // Random JSON, the same every run (a fixed seed), as whole bodies and as extra fields.
      const randomBodies = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: 25, seed: 2026 });
      for (const random of randomBodies) {
        await send(endpoint, `random ${json(random)?.slice(0, 30)}`, { url, payload: json(random) });
        if (random && typeof random === "object" && !Array.isArray(random)) {
          await send(endpoint, "random merged", { url, payload: json({ ...endpoint.body, ...random }) });
        }
      }
    }

    console.log(`fuzz: ${sent} malformed requests, answers by status: ${JSON.stringify(statuses)}`);
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(2_000);
    // 14,000 requests: about 35 s alone on PostgreSQL and 140 s on PGlite, but CI's two cores run it
    // beside three other API files, and one run there took 308 s. A budget, not a wait.
  }, 900_000);
});
