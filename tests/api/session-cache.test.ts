/**
 * The session cache (src/server/auth/session-cache.ts; docs/decisions/011): each instance remembers
 * who a session is for a few seconds, and hears of every sign-out, suspension and change to a member
 * on any instance through the live channel. On PostgreSQL the two instances have pools and listeners
 * of their own; on PGlite they share the embedded database and its in-process NOTIFY.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_CACHE_TTL_MS } from "../../src/server/auth/session-cache";
import { buildSignedInUser } from "../factories";
import { ADMIN_EMAIL, createTestApp, openSecondDatabase, type TestApp, testDatabaseKind } from "./harness";

describe("the session cache across two instances", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ listen: true });
    const database =
      testDatabaseKind() === "postgres" ? await openSecondDatabase(a.database.url!) : a.database;
    b = await createTestApp({ listen: true, database });
  });
  afterAll(async () => {
    await b.close();
    if (b.database !== a.database) await b.database.close();
    await a.close();
  });

  const currentUser = async (instance: TestApp, cookie: string) => {
    const response = await fetch(`${instance.config.publicUrl}/api/auth/user`, { headers: { cookie } });
    return { status: response.status, body: await response.json() };
  };
  const write = (instance: TestApp, cookie: string, method: string, path: string, body?: unknown) =>
    fetch(`${instance.config.publicUrl}${path}`, {
      method,
      redirect: "manual",
      headers: {
        cookie,
        origin: instance.config.publicUrl,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /**
   * What `instance` answers for the cookie to a request sent `deadlineMs` after `since` (a
   * `performance.now()`): the cache's promise is about when an instance knows, so the probe is sent at
   * the deadline and its own time in flight is not counted. Counting it, as an earlier version did,
   * failed on a busy machine where one request took longer than the 100 ms.
   */
  const answerAt = async (instance: TestApp, cookie: string, since: number, deadlineMs: number) => {
    const wait = since + deadlineMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return currentUser(instance, cookie);
  };

  it("refuses a session on instance A within 100 ms of its sign-out on instance B", async () => {
    const { cookie } = await buildSignedInUser(a.db);
    expect((await currentUser(a, cookie)).status).toBe(200);
    const signOut = await write(b, cookie, "POST", "/api/logout");
    const signedOut = performance.now();
    expect(signOut.status).toBe(303);
    expect((await answerAt(a, cookie, signedOut, 100)).status).toBe(401);
    // And on B itself at once: the sign-out's own answer came after it forgot the session.
    expect((await currentUser(b, cookie)).status).toBe(401);
  });

  it("refuses a member an admin suspends on B, on A within 100 ms", async () => {
    const member = await buildSignedInUser(a.db);
    const admin = await buildSignedInUser(a.db, { email: ADMIN_EMAIL });
    expect((await currentUser(a, member.cookie)).status).toBe(200);
    const suspended = await write(b, admin.cookie, "PUT", `/api/admin/users/${member.user.id}/suspend`, {
      reason: "Unsafe food reported twice",
    });
    const suspendedAt = performance.now();
    expect(suspended.status).toBe(200);
    expect((await answerAt(a, member.cookie, suspendedAt, 100)).status).toBe(401);
  });

  it("shows a member's own change on their next request, and on the other instance within 100 ms", async () => {
    const { cookie } = await buildSignedInUser(a.db);
    expect((await currentUser(a, cookie)).body.homeArea).toBeNull();
    expect((await currentUser(b, cookie)).body.homeArea).toBeNull();
    const saved = await write(a, cookie, "PUT", "/api/user/home-area", {
      latitude: 51.5,
      longitude: -0.12,
      radiusKm: 2,
    });
    const savedAt = performance.now();
    expect(saved.status).toBe(200);
    expect((await currentUser(a, cookie)).body.homeArea).toMatchObject({ radiusKm: 2 });
    expect((await answerAt(b, cookie, savedAt, 100)).body.homeArea).toMatchObject({ radiusKm: 2 });
  });

  it("a change nobody announced (a session deleted by hand) is seen within the cache's few seconds", async () => {
    const { cookie } = await buildSignedInUser(a.db);
    // Cached by this answer, at the latest when it came back.
    expect((await currentUser(a, cookie)).status).toBe(200);
    const cachedBy = performance.now();
    const token = cookie.slice("sid=".length);
    await a.db.execute(
      sql`delete from sessions where id = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`,
    );
    // Still remembered for now: the cache, not the table, answered.
    expect((await currentUser(a, cookie)).status).toBe(200);
    // Forgotten by the cache's few seconds: the probe is sent at that deadline, and its own time in
    // flight is not counted (on a busy machine one request can take longer than any margin).
    expect((await answerAt(a, cookie, cachedBy, SESSION_CACHE_TTL_MS + 100)).status).toBe(401);
  });
});
