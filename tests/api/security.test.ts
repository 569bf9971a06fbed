import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeal, buildSignedInUser, buildUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("security baseline (docs/DESIGN.md §5)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { rateLimits: { signInPerMinute: 3, writesPerMinute: 5, messagesPerMinute: 10_000 } },
    });
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

  it.each([
    ["no bucket: only ourselves", undefined, "connect-src 'self'"],
    [
      "AWS by region: the bucket's virtual-hosted origin",
      { region: "eu-west-1", endpoint: undefined, forcePathStyle: false },
      "connect-src 'self' https://meal-photos.s3.eu-west-1.amazonaws.com",
    ],
    [
      "MinIO path-style: the endpoint",
      { region: "us-east-1", endpoint: "http://minio.internal:9000", forcePathStyle: true },
      "connect-src 'self' http://minio.internal:9000",
    ],
    [
      "R2 virtual-hosted: the bucket under the endpoint",
      { region: "auto", endpoint: "https://abc123.r2.cloudflarestorage.com", forcePathStyle: false },
      "connect-src 'self' https://meal-photos.abc123.r2.cloudflarestorage.com",
    ],
  ])("lets the browser upload to where presigned URLs point (%s)", async (_name, s3, expected) => {
    const app = await createTestApp({
      database: t.database,
      config: {
        s3: s3 && { bucket: "meal-photos", accessKeyId: "key", secretAccessKey: "secret", ...s3 },
      },
    });
    try {
      const response = await app.api({ url: "/api/auth/user" });
      const directives = String(response.headers["content-security-policy"]).split(";");
      expect(directives.find((directive) => directive.startsWith("connect-src"))).toBe(expected);
    } finally {
      await app.close();
    }
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

  it.each(["1", "loopback"])(
    "keys rate limits on the address the trusted proxy saw, whatever the client put in X-Forwarded-For (TRUST_PROXY=%s)",
    async (trustProxy) => {
      // One nginx in front (one hop, or its address) that appends the address it saw: the entries
      // before it are the client's own invention and change with every request.
      const proxied = await createTestApp({
        env: { TRUST_PROXY: trustProxy },
        config: { rateLimits: { signInPerMinute: 3, writesPerMinute: 1000, messagesPerMinute: 10_000 } },
      });
      try {
        const signIn = (i: number, client: string) =>
          proxied.api({
            url: "/api/login",
            remoteAddress: "127.0.0.1",
            headers: { "x-forwarded-for": `198.51.100.${i}, 10.9.${i}.1, ${client}` },
          });
        const statuses: number[] = [];
        for (let i = 1; i <= 5; i++) statuses.push((await signIn(i, "203.0.113.7")).statusCode);
        // (Not listening, the sign-in start answers 503; what counts is whether it was limited.)
        expect(statuses.slice(0, 3)).not.toContain(429);
        expect(statuses.slice(3)).toEqual([429, 429]);
        // Another neighbour behind the same proxy is counted on their own.
        expect((await signIn(6, "203.0.113.8")).statusCode).not.toBe(429);
      } finally {
        await proxied.close();
      }
    },
  );
});
