/**
 * Live updates (docs/features/exchange.md): `GET /api/stream` over real HTTP, fed by LISTEN/NOTIFY.
 * Includes two app instances on one database: on PostgreSQL each has its own pool and listener
 * connection, so a message must cross the database to reach the other instance's client.
 */
import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveRequestEvent } from "../../src/contract/live";
import { allowedMoves } from "../../src/contract/requests";
import { inTransaction, queryRows } from "../../src/server/db/client";
import { liveEvent, publishLiveEvents } from "../../src/server/live/hub";
import { buildExchange, buildSignedInUser, signIn } from "../factories";
import { openStream, type ReceivedEvent, type TestStream } from "../sse-client";
import { ADMIN_EMAIL, createTestApp, openSecondDatabase, type TestApp, testDatabaseKind } from "./harness";

describe("live updates (SSE)", () => {
  let t: TestApp;
  const streams: TestStream[] = [];
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  const open = async (cookie: string, lastEventId?: string, base = t.config.publicUrl) => {
    const stream = await openStream(base, cookie, lastEventId);
    streams.push(stream);
    if (stream.status === 200) await stream.waitFor((e) => e.event === "ready");
    return stream;
  };
  const post = (cookie: string, url: string, payload: unknown, method: "POST" | "PUT" = "POST") =>
    fetch(`${t.config.publicUrl}${url}`, {
      method,
      headers: { cookie, origin: t.config.publicUrl, "content-type": "application/json" },
      body: JSON.stringify(payload),
    });

  const exchange = () => buildExchange(t.db, { meal: { title: "Pho" } });
  const isMessage = (body: string) => (e: ReceivedEvent) =>
    e.event === "message" && (e.data as { message: { body: string } }).message.body === body;

  it("answers 401 when signed out", async () => {
    const response = await fetch(`${t.config.publicUrl}/api/stream`, {
      headers: { accept: "text/event-stream" },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: "Unauthorized" });
  });

  it("streams as text/event-stream and opens with ready", async () => {
    const { cook } = await exchange();
    const response = await fetch(`${t.config.publicUrl}/api/stream`, {
      headers: { cookie: cook.cookie, accept: "text/event-stream" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    await response.body?.cancel();
  });

  it("delivers the other party's message, its notification and a status change to an open stream", async () => {
    const { cook, eater, request } = await exchange();
    const cookStream = await open(cook.cookie);
    const eaterStream = await open(eater.cookie);

    expect(
      (await post(eater.cookie, `/api/requests/${request.id}/messages`, { body: "On my way" })).status,
    ).toBe(201);
    const message = await cookStream.waitFor(isMessage("On my way"));
    expect(message.data).toMatchObject({ requestId: request.id, message: { sender: { id: eater.user.id } } });
    expect(Number(message.id)).toBeGreaterThan(0);
    const notification = await cookStream.waitFor((e) => e.event === "notification");
    expect(notification.data).toMatchObject({
      type: "message_new",
      link: `/request/${request.id}`,
      // The thread it is about, by id: what the client refreshes (docs/decisions/005).
      requestId: request.id,
      isRead: false,
    });
    // The sender's other tabs see their own message too.
    await eaterStream.waitFor(isMessage("On my way"));

    expect(
      (await post(cook.cookie, `/api/requests/${request.id}/status`, { status: "accepted" }, "PUT")).status,
    ).toBe(200);
    const forEater = await eaterStream.waitFor((e) => e.event === "request");
    expect(forEater.data).toMatchObject({
      requestId: request.id,
      mealId: request.mealId,
      status: "accepted",
    });
    // The pickup window is still open: a no-show is reported once it has ended (decision 012).
    expect(allowedMoves((forEater.data as LiveRequestEvent).abilities)).toEqual(["completed", "cancelled"]);
    const forCook = await cookStream.waitFor((e) => e.event === "request");
    expect(forCook.data).toMatchObject({ status: "accepted" });
    expect(allowedMoves((forCook.data as LiveRequestEvent).abilities)).toEqual(["completed", "cancelled"]);
    expect((forCook.data as LiveRequestEvent).abilities.enterCode.allowed).toBe(true);
  });

  it("delivers nothing of someone else's exchange", async () => {
    const { eater, request } = await exchange();
    const stranger = await exchange();
    const strangerStream = await open(stranger.cook.cookie);
    await post(eater.cookie, `/api/requests/${request.id}/messages`, { body: "Private note" });
    // A message in the stranger's own thread, sent afterwards, arrives; the private one never did.
    await post(stranger.eater.cookie, `/api/requests/${stranger.request.id}/messages`, {
      body: "For the stranger",
    });
    await strangerStream.waitFor(isMessage("For the stranger"));
    expect(strangerStream.events.some(isMessage("Private note"))).toBe(false);
  });

  it("replays what a reconnecting client missed after its Last-Event-ID", async () => {
    const { cook, eater, request } = await exchange();
    const first = await open(cook.cookie);
    await post(eater.cookie, `/api/requests/${request.id}/messages`, { body: "Before" });
    const seen = await first.waitFor(isMessage("Before"));
    await first.waitFor((e) => e.event === "notification");
    const lastId = first.events.filter((e) => e.id).at(-1)?.id;
    first.close();

    await post(eater.cookie, `/api/requests/${request.id}/messages`, { body: "While away 1" });
    await post(eater.cookie, `/api/requests/${request.id}/messages`, { body: "While away 2" });

    const again = await open(cook.cookie, lastId);
    await again.waitFor(isMessage("While away 1"));
    await again.waitFor(isMessage("While away 2"));
    expect(again.events.some(isMessage("Before"))).toBe(false);
    expect(Number(again.events.find(isMessage("While away 1"))?.id)).toBeGreaterThan(Number(seen.id));
  });

  it("cuts off a client that stops reading, which comes back to a resync", async () => {
    const { cook, eater } = await exchange();
    // Another member's stream, which reads: its marker, published after the flood, tells when this
    // instance has dispatched the flood (one notification after another, in commit order).
    const witness = await open(eater.cookie);
    // The events waiting for it must not pile listeners on the response (Node warns of a leak).
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", onWarning);
    // A client that reads the first bytes (ready), then nothing: a phone asleep behind a proxy.
    const started = new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          `${t.config.publicUrl}/api/stream`,
          { headers: { cookie: cook.cookie, accept: "text/event-stream" } },
          resolve,
        )
        .once("error", reject),
    );
    const response = await started;
    expect(response.statusCode).toBe(200);
    let firstId: string | undefined;
    await new Promise<void>((resolve) =>
      response.once("data", () => {
        response.pause();
        resolve();
      }),
    );
    const closed = new Promise<void>((resolve) => response.socket.once("close", () => resolve()));
    // 24 MiB of events for them, far beyond what the kernel's buffers and SLOW_CLIENT_BYTES hold.
    const text = "x".repeat(8 * 1024);
    for (let batch = 0; batch < 3; batch++) {
      await inTransaction(t.db, (tx) =>
        publishLiveEvents(
          tx,
          Array.from({ length: 1024 }, (_, index) =>
            liveEvent(cook.user.id, "notification", { text, index } as never),
          ),
        ),
      );
      const [{ first }] = await queryRows<{ first: string }>(
        t.db,
        sql`select min(id)::text as first from live_events where user_id = ${cook.user.id}`,
      );
      firstId ??= first;
    }
    // The instance let go of the socket, without the client reading a byte more.
    await closed;
    // Reconnecting while the flood is still being dispatched would hand the new stream the flood
    // as live events, and cut it off in turn: the test waits for the dispatch to end first.
    await inTransaction(t.db, (tx) =>
      publishLiveEvents(tx, [liveEvent(eater.user.id, "notification", { text: "marker" } as never)]),
    );
    // 24 MiB read back and dispatched: more than a quiet machine's few seconds on a busy CI one.
    await witness.waitFor(
      (e) => e.event === "notification" && (e.data as { text?: string }).text === "marker",
      {
        timeoutMs: 20_000,
      },
    );
    process.off("warning", onWarning);
    expect(warnings.filter((warning) => warning.startsWith("MaxListenersExceededWarning"))).toEqual([]);
    // Back, it has missed more than a replay holds: told to resync.
    const again = await open(cook.cookie, firstId);
    await again.waitFor((e) => e.event === "resync");
  });

  it("ignores a malformed Last-Event-ID", async () => {
    const { cook } = await exchange();
    const stream = await open(cook.cookie, "not-a-number");
    expect(stream.status).toBe(200);
  });

  it("reaches a client of a second app instance on the same database", async () => {
    // PostgreSQL: a second pool and LISTEN connection of its own. PGlite (single process): the
    // second app shares the embedded database, which still exercises its in-process NOTIFY.
    const secondDatabase =
      testDatabaseKind() === "postgres" ? await openSecondDatabase(t.database.url!) : t.database;
    const second = await createTestApp({ listen: true, database: secondDatabase });
    try {
      const { cook, eater, request } = await exchange();
      const onSecond = await open(cook.cookie, undefined, second.config.publicUrl);
      expect(
        (await post(eater.cookie, `/api/requests/${request.id}/messages`, { body: "Across instances" }))
          .status,
      ).toBe(201);
      const received = await onSecond.waitFor(isMessage("Across instances"));
      expect(received.data).toMatchObject({ requestId: request.id });
      onSecond.close();
    } finally {
      await second.close();
      if (secondDatabase !== t.database) await secondDatabase.close();
    }
  });

  it("ends a stream when its session signs out, on any instance; the member's other devices stay", async () => {
    const secondDatabase =
      testDatabaseKind() === "postgres" ? await openSecondDatabase(t.database.url!) : t.database;
    const second = await createTestApp({ listen: true, database: secondDatabase });
    try {
      const { cook, eater, request } = await exchange();
      const laptop = await open(cook.cookie);
      const phoneCookie = await signIn(t.db, cook.user);
      const phone = await open(phoneCookie, undefined, second.config.publicUrl);

      // Signed out on the other instance: the laptop's stream here ends at once.
      const signOut = await fetch(`${second.config.publicUrl}/api/logout`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: cook.cookie, origin: second.config.publicUrl },
      });
      expect(signOut.status).toBe(303);
      await laptop.waitForEnd();

      // The phone's session is still signed in, and its stream still carries the thread.
      expect(
        (await post(eater.cookie, `/api/requests/${request.id}/messages`, { body: "Still here?" })).status,
      ).toBe(201);
      await phone.waitFor(isMessage("Still here?"));
      expect(phone.ended()).toBe(false);
    } finally {
      await second.close();
      if (secondDatabase !== t.database) await secondDatabase.close();
    }
  });

  it("ends every stream of a member an admin suspends", async () => {
    const { cook } = await exchange();
    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    const first = await open(cook.cookie);
    const second = await open(await signIn(t.db, cook.user));
    const suspended = await post(
      admin.cookie,
      `/api/admin/users/${cook.user.id}/suspend`,
      {
        reason: "Spam",
      },
      "PUT",
    );
    expect(suspended.status).toBe(200);
    await first.waitForEnd();
    await second.waitForEnd();
  });
});
