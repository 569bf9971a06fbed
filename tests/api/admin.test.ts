/**
 * Reports, the admin API, events and the mailing list (docs/features/safety-and-admin.md; docs/DESIGN.md
 * §4 "Reports", "Admin", "Mailing list").
 */
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers, reports } from "../../src/server/db/schema";
import { confirmationToken } from "../../src/server/features/newsletter/confirmation";
import { buildMeal, buildSignedInUser, buildUser } from "../factories";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "./harness";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe("reports, admin, events and mailing list API", () => {
  let t: TestApp;
  let admin: { cookie: string };
  let member: { cookie: string; user: { id: string; email: string } };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    member = await buildSignedInUser(t.db);
  });
  afterAll(() => t.close());

  const report = (cookie: string | undefined, payload: unknown) =>
    t.api({ method: "POST", url: "/api/reports", cookie, payload: payload as Record<string, unknown> });

  describe("every /api/admin route", () => {
    const routes: [string, string, Record<string, unknown>?][] = [
      ["GET", "/api/admin/reports"],
      ["GET", "/api/admin/stats"],
      ["PUT", `/api/admin/reports/${UNKNOWN}/resolve`, {}],
      ["GET", "/api/admin/mailinglist.csv"],
      ["POST", "/api/admin/events", {}],
      ["DELETE", `/api/admin/events/${UNKNOWN}`],
    ];
    it.each(routes)("%s %s: 401 signed out, 403 for a member", async (method, url, payload) => {
      const call = (cookie?: string) => t.api({ method: method as "GET", url, cookie, payload });
      const anonymous = await call();
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe("Unauthorized");
      const asMember = await call(member.cookie);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json().message).toBe("Admins only.");
    });
  });

  describe("POST /api/reports and the admin's view", () => {
    it("files a report, lists it for the admin, counts it, resolves it once", async () => {
      const meal = await buildMeal(t.db, await buildUser(t.db));
      const reporter = await buildSignedInUser(t.db);
      const created = await report(reporter.cookie, {
        targetType: "meal",
        targetId: meal.id,
        reason: "  Smelled off  ",
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        targetType: "meal",
        targetId: meal.id,
        reason: "Smelled off",
        resolved: false,
      });
      const id = created.json().id;

      const listed = (await t.api({ url: "/api/admin/reports", cookie: admin.cookie })).json();
      expect(listed.find((r: { id: string }) => r.id === id)).toMatchObject({ resolved: false });
      const before = (await t.api({ url: "/api/admin/stats", cookie: admin.cookie })).json();

      const resolved = await t.api({
        method: "PUT",
        url: `/api/admin/reports/${id}/resolve`,
        cookie: admin.cookie,
      });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json()).toMatchObject({ id, resolved: true, resolvedAt: expect.any(String) });
      const again = await t.api({
        method: "PUT",
        url: `/api/admin/reports/${id}/resolve`,
        cookie: admin.cookie,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().resolvedAt).toBe(resolved.json().resolvedAt);

      const after = (await t.api({ url: "/api/admin/stats", cookie: admin.cookie })).json();
      expect(after).toEqual({
        openReports: before.openReports - 1,
        resolvedReports: before.resolvedReports + 1,
        totalReports: before.totalReports,
      });
      const unknown = await t.api({
        method: "PUT",
        url: `/api/admin/reports/${UNKNOWN}/resolve`,
        cookie: admin.cookie,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it("is idempotent per reporter and open target, and a resolved target can be reported again", async () => {
      const meal = await buildMeal(t.db, await buildUser(t.db));
      const reporter = await buildSignedInUser(t.db);
      const first = await report(reporter.cookie, {
        targetType: "meal",
        targetId: meal.id,
        reason: "Mouldy",
      });
      const second = await report(reporter.cookie, {
        targetType: "meal",
        targetId: meal.id,
        reason: "Still mouldy",
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().id).toBe(first.json().id);
      const other = await report(member.cookie, {
        targetType: "meal",
        targetId: meal.id,
        reason: "Mouldy too",
      });
      expect(other.statusCode).toBe(201);

      await t.api({
        method: "PUT",
        url: `/api/admin/reports/${first.json().id}/resolve`,
        cookie: admin.cookie,
      });
      const fresh = await report(reporter.cookie, { targetType: "meal", targetId: meal.id, reason: "Again" });
      expect(fresh.statusCode).toBe(201);
      expect(fresh.json().id).not.toBe(first.json().id);
    });

    it("lets an admin take a reported meal down, but not edit it; a member can do neither", async () => {
      const meal = await buildMeal(t.db, await buildUser(t.db));
      const put = (cookie: string, payload: Record<string, unknown>) =>
        t.api({ method: "PUT", url: `/api/meals/${meal.id}`, cookie, payload });
      expect((await put(member.cookie, { isActive: false })).statusCode).toBe(403);
      const down = await put(admin.cookie, { isActive: false });
      expect(down.statusCode).toBe(200);
      expect(down.json().isActive).toBe(false);
      expect((await put(admin.cookie, { title: "Hijacked" })).statusCode).toBe(403);
      expect((await put(admin.cookie, { isActive: true, title: "Hijacked" })).statusCode).toBe(403);
    });

    it("reports users and other content", async () => {
      const target = await buildUser(t.db);
      expect(
        (await report(member.cookie, { targetType: "user", targetId: target.id, reason: "Rude" })).statusCode,
      ).toBe(201);
      expect(
        (await report(member.cookie, { targetType: "other", targetId: "event:street-party", reason: "Spam" }))
          .statusCode,
      ).toBe(201);
    });

    it("validates: empty reason, unknown type, missing or unknown target", async () => {
      const meal = await buildMeal(t.db, await buildUser(t.db));
      const empty = await report(member.cookie, { targetType: "meal", targetId: meal.id, reason: "   " });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors.reason).toBe("Please describe the reason for reporting");
      const long = await report(member.cookie, {
        targetType: "meal",
        targetId: meal.id,
        reason: "x".repeat(1001),
      });
      expect(long.statusCode).toBe(400);
      expect(
        (await report(member.cookie, { targetType: "recipe", targetId: meal.id, reason: "Bad" })).statusCode,
      ).toBe(400);
      expect((await report(member.cookie, { targetType: "meal", reason: "Bad" })).statusCode).toBe(400);
      const unknownMeal = await report(member.cookie, {
        targetType: "meal",
        targetId: UNKNOWN,
        reason: "Bad",
      });
      expect(unknownMeal.statusCode).toBe(404);
      expect(
        (await report(member.cookie, { targetType: "user", targetId: "not-a-uuid", reason: "Bad" }))
          .statusCode,
      ).toBe(404);
      expect(
        (await report(undefined, { targetType: "meal", targetId: meal.id, reason: "Bad" })).statusCode,
      ).toBe(401);
    });
  });

  describe("events", () => {
    it("lists upcoming soonest first, then past latest first; admins create and delete", async () => {
      const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
      const create = (title: string, startsAt: string, extra: Record<string, unknown> = {}) =>
        t.api({
          method: "POST",
          url: "/api/admin/events",
          cookie: admin.cookie,
          payload: { title, description: "Bring a dish", startsAt, ...extra },
        });
      const later = await create("Later potluck", hours(48), {
        rsvpUrl: "https://example.org/rsvp",
        location: "Hall",
      });
      expect(later.statusCode).toBe(201);
      expect(later.json()).toMatchObject({
        title: "Later potluck",
        rsvpUrl: "https://example.org/rsvp",
        location: "Hall",
      });
      await create("Soon swap", hours(2));
      await create("Last week", hours(-170));
      await create("Yesterday", hours(-24));

      const titles = (await t.api({ url: "/api/events", cookie: member.cookie }))
        .json()
        .map((e: { title: string }) => e.title);
      expect(titles).toEqual(["Soon swap", "Later potluck", "Yesterday", "Last week"]);

      const bad = await create("Script", hours(1), { rsvpUrl: "javascript:alert(1)" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.rsvpUrl).toBe("RSVP link must be an http(s) URL");
      expect((await create("", hours(1))).json().errors.title).toBe("Title is required");

      const gone = await t.api({
        method: "DELETE",
        url: `/api/admin/events/${later.json().id}`,
        cookie: admin.cookie,
      });
      expect(gone.statusCode).toBe(204);
      const again = await t.api({
        method: "DELETE",
        url: `/api/admin/events/${later.json().id}`,
        cookie: admin.cookie,
      });
      expect(again.statusCode).toBe(404);
      expect((await t.api({ url: "/api/events" })).statusCode).toBe(401);
    });
  });

  describe("mailing list", () => {
    const subscribe = (email: unknown, headers: Record<string, string> = {}) =>
      t.api({ method: "POST", url: "/api/newsletter", payload: { email }, headers });
    const csv = async () => {
      const response = await t.api({ url: "/api/admin/mailinglist.csv", cookie: admin.cookie });
      expect(response.statusCode).toBe(200);
      return response;
    };

    it("subscribes visitors idempotently once they confirm, and exports them as an attachment", async () => {
      expect((await subscribe("  Neighbour@Example.TEST ")).json()).toEqual({
        subscribed: true,
        confirmByEmail: true,
      });
      expect((await subscribe("neighbour@example.test")).statusCode).toBe(200);
      // Double opt-in: listed only once the emailed link is confirmed (tests/api/exchange-edges.test.ts).
      expect((await csv()).body).not.toContain("neighbour@example.test");
      const [waiting] = await t.db
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, "neighbour@example.test"));
      const token = confirmationToken(t.config.sessionSecret, waiting.id);
      expect(
        (await t.api({ method: "POST", url: `/api/newsletter/confirm?token=${token}` })).statusCode,
      ).toBe(200);
      const response = await csv();
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe('attachment; filename="mailing-list.csv"');
      const rows = parse(response.body, { columns: true }) as Record<string, string>[];
      expect(Object.keys(rows[0])).toEqual(["email", "source", "subscribed_at"]);
      expect(rows.filter((row) => row.email === "neighbour@example.test")).toEqual([
        {
          email: "neighbour@example.test",
          source: "landing",
          subscribed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ]);
    });

    it("refuses an invalid address with 400 and a cross-origin post with 403", async () => {
      for (const email of ["", "not-an-email", 42]) {
        const response = await subscribe(email);
        expect(response.statusCode).toBe(400);
        expect(response.json().errors.email).toBe("Please enter a valid email address");
      }
      expect((await subscribe("x@example.test", { origin: "https://evil.example" })).statusCode).toBe(403);
    });

    it("quotes commas and quotes, and neutralises formulas, so a CSV parser reads the cells back safely", async () => {
      const nasty = '=HYPERLINK("http://evil.example","click"),x@example.test';
      await t.db.insert(newsletterSubscribers).values([
        { email: nasty, source: "landing", confirmedAt: new Date() },
        { email: "plain@example.test", source: '+cmd|" /C calc"!A0, "quoted"', confirmedAt: new Date() },
      ]);
      const rows = parse((await csv()).body, { columns: true }) as Record<string, string>[];
      expect(rows.find((row) => row.email.includes("HYPERLINK"))?.email).toBe(`'${nasty}`);
      expect(rows.find((row) => row.email === "plain@example.test")?.source).toBe(
        `'+cmd|" /C calc"!A0, "quoted"`,
      );
      for (const row of rows) {
        expect(row.email).not.toMatch(/^[=+\-@]/);
        expect(row.source).not.toMatch(/^[=+\-@]/);
      }
    });

    it("adds and removes a member from the profile opt-in", async () => {
      const user = await buildSignedInUser(t.db, { email: "optin@example.test" });
      const optIn = (subscribed: boolean) =>
        t.api({ method: "PUT", url: "/api/user/newsletter", cookie: user.cookie, payload: { subscribed } });
      expect((await optIn(true)).json()).toEqual({ subscribed: true });
      expect((await t.api({ url: "/api/auth/user", cookie: user.cookie })).json().newsletterOptIn).toBe(true);
      let rows = parse((await csv()).body, { columns: true }) as Record<string, string>[];
      expect(rows.find((row) => row.email === "optin@example.test")?.source).toBe("profile");
      await optIn(false);
      rows = parse((await csv()).body, { columns: true }) as Record<string, string>[];
      expect(rows.some((row) => row.email === "optin@example.test")).toBe(false);
      expect(
        (await t.api({ method: "PUT", url: "/api/user/newsletter", payload: { subscribed: true } }))
          .statusCode,
      ).toBe(401);
    });
  });

  it("lists the newest 500 open reports while the stats count them all", async () => {
    const busy = await createTestApp();
    try {
      const reporter = await buildUser(busy.db);
      const boss = await buildSignedInUser(busy.db, { email: ADMIN_EMAIL });
      const start = Date.parse("2026-01-01T00:00:00Z");
      await busy.db.insert(reports).values(
        Array.from({ length: 502 }, (_, i) => ({
          reporterId: reporter.id,
          targetType: "other" as const,
          targetId: `case-${i}`,
          reason: `Report number ${i}`,
          createdAt: new Date(start + i * 60_000),
        })),
      );
      const listed = (
        await busy.api({ method: "GET", url: "/api/admin/reports", cookie: boss.cookie })
      ).json();
      const open = listed.filter((row: { resolved: boolean }) => !row.resolved);
      expect(open).toHaveLength(500);
      expect(open[0].targetId).toBe("case-501");
      expect(open.map((row: { targetId: string }) => row.targetId)).not.toContain("case-0");
      const stats = (await busy.api({ method: "GET", url: "/api/admin/stats", cookie: boss.cookie })).json();
      expect(stats).toMatchObject({ openReports: 502, totalReports: 502, resolvedReports: 0 });
    } finally {
      await busy.close();
    }
  });

  it("rate-limits newsletter sign-ups per client (429 with Retry-After)", async () => {
    const limited = await createTestApp();
    try {
      const post = () =>
        limited.api({ method: "POST", url: "/api/newsletter", payload: { email: "many@example.test" } });
      const codes: number[] = [];
      let last = await post();
      codes.push(last.statusCode);
      while (last.statusCode === 200 && codes.length < 50) {
        last = await post();
        codes.push(last.statusCode);
      }
      expect(codes.filter((code) => code === 200)).toHaveLength(10);
      expect(last.statusCode).toBe(429);
      expect(last.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
