import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeal, buildSignedInUser, buildUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("security baseline (DESIGN.md §5)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { signInPerMinute: 3, writesPerMinute: 5 } } });
  });
  afterAll(() => t.close());

  it("refuses cross-origin writes with 403 and writes nothing", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, await buildUser(t.db));
    const evil = await t.app.inject({
      method: "POST",
      url: "/api/requests",
      headers: { cookie, origin: "https://evil.example" },
      payload: { mealId: meal.id },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().message).toBe("Cross-origin request refused.");

    const noOrigin = await t.app.inject({
      method: "POST",
      url: "/api/requests",
      headers: { cookie },
      payload: { mealId: meal.id },
    });
    expect(noOrigin.statusCode).toBe(403);

    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/requests",
      headers: { cookie, "sec-fetch-site": "cross-site", origin: t.config.publicUrl },
      payload: { mealId: meal.id },
    });
    expect(crossSite.statusCode).toBe(403);

    const incoming = await t.api({ url: "/api/requests?type=outgoing", cookie });
    expect(incoming.json()).toEqual([]);
  });

  it("accepts a same-origin write marked by Sec-Fetch-Site", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, await buildUser(t.db));
    const response = await t.app.inject({
      method: "POST",
      url: "/api/requests",
      headers: { cookie, "sec-fetch-site": "same-origin" },
      payload: { mealId: meal.id },
    });
    expect(response.statusCode).toBe(201);
  });

  it("sends a strict Content-Security-Policy and no-sniff headers", async () => {
    const response = await t.api({ url: "/api/auth/user" });
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await t.api({ url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: "Not found" });
  });

  it("rate-limits writes with 429 and Retry-After", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 8; i++) {
      const response = await t.api({ method: "POST", url: "/api/meals", cookie, payload: {} });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        retryAfter = response.headers["retry-after"] as string;
        expect(response.json().message).toMatch(/Too many requests/);
      }
    }
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("rate-limits sign-in", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.api({ url: "/api/login" })).statusCode);
    expect(statuses.slice(-1)).toEqual([429]);
  });
});
