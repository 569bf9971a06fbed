/**
 * `GET /api/stream`: the signed-in user's live updates as Server-Sent Events (docs/features/exchange.md). The
 * stream opens with `ready`, replays what a reconnecting browser missed after its `Last-Event-ID`,
 * then forwards this instance's hub events; @fastify/sse writes a heartbeat comment every 25 s. It
 * ends when its session does: sign-out or suspension on any instance closes it (`announceSessionsEnded`),
 * and when its client stops reading (`SLOW_CLIENT_BYTES`).
 */
import type { ServerResponse } from "node:http";
import { desc, eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from "fastify";
import { LIVE_HEARTBEAT_MS } from "../../contract/live";
import { findSessionUser, SESSION_COOKIE } from "../auth/sessions";
import { requireActor } from "../auth/users";
import type { Db } from "../db/client";
import { liveEvents } from "../db/schema";
import type { LiveEvent, LiveHub } from "./hub";

/** Plugin options for @fastify/sse. */
export const sseOptions = { heartbeatInterval: LIVE_HEARTBEAT_MS };
/**
 * The stream's serializer: an event's data comes already encoded (`send` encodes it once, to count
 * its bytes), anything else as JSON.
 */
const serializeData = (data: unknown): string => (typeof data === "string" ? data : JSON.stringify(data));
/** Least time a client waits before reconnecting after its instance shut down (up to twice this). */
const RECONNECT_AFTER_SHUTDOWN_MS = 1_000;
/**
 * Bytes a stream may have waiting to be sent (beyond what the kernel holds: in the socket and in the
 * stream's own queue) before it is cut off (docs/decisions/015): a client that stops reading — a
 * phone asleep behind a proxy that keeps its socket open — would otherwise make the instance keep
 * every event for it in memory. A live client never comes near it (an event is under 2 KiB); a
 * cut-off one reconnects with Last-Event-ID and is replayed what it missed, or told to resync.
 */
export const SLOW_CLIENT_BYTES = 256 * 1024;

/**
 * Makes `response` ignore a `Connection` header. @fastify/sse sets `Connection: keep-alive` on every
 * stream; HTTP/2 forbids connection-specific headers (RFC 9113 §8.2.2), and Node's HTTP/2 response
 * drops it with a process warning (an `UnsupportedWarning` in the log of an app serving HTTPS,
 * docs/DESIGN.md §1). Over HTTP/1.1 the header stays.
 */
function leaveOutConnectionHeader(response: ServerResponse) {
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) =>
    name.toLowerCase() === "connection" ? response : setHeader(name, value);
}

/** Registers the stream route; the caller's scope already requires a signed-in user. */
export function registerLiveRoutes(app: FastifyInstance, { db, hub }: { db: Db; hub: LiveHub }) {
  app.get(
    "/api/stream",
    {
      sse: { kind: "only", serializer: serializeData },
      schema: {
        tags: ["live"],
        summary: "Live updates (SSE): message, request, notification, resync; Last-Event-ID replays",
      },
    },
    async (request, reply) => {
      const user = requireActor(request);
      const token = request.cookies[SESSION_COOKIE] ?? "";
      if (request.raw.httpVersionMajor === 2) leaveOutConnectionHeader(reply.raw);
      const sse = reply.sse;
      const send = eventSender(reply, request.log);

      // Subscribe before replaying, holding live events back, so nothing falls between the two.
      let held: LiveEvent[] | null = [];
      const unsubscribe = hub.subscribe(user.id, {
        deliver: (event) => (held ? held.push(event) : send(event)),
        stillSignedIn: async () => (await findSessionUser(db, token))?.id === user.id,
        close: (shuttingDown) => {
          if (!shuttingDown || !sse.isConnected) return sse.close();
          // A retry hint spread over a few seconds, so the clients of a stopping instance do not
          // all reconnect (to the others) at the same moment; the browser's EventSource obeys it.
          const retry = RECONNECT_AFTER_SHUTDOWN_MS + Math.floor(Math.random() * RECONNECT_AFTER_SHUTDOWN_MS);
          sse
            .send({ event: "shutdown", data: {}, retry })
            .catch(() => {})
            .finally(() => sse.close());
        },
      });
      sse.onClose(unsubscribe);
      sse.keepAlive();
      await sendReady(db, sse, user.id);

      const lastId = Number(sse.lastEventId);
      const replayed = new Set<number>();
      if (sse.lastEventId && Number.isSafeInteger(lastId) && lastId >= 0) {
        const missed = await hub.replay(user.id, lastId);
        if (missed === null) send({ id: 0, type: "resync", payload: {} });
        for (const event of missed ?? []) {
          replayed.add(event.id);
          send(event);
        }
      }
      const live = held;
      held = null;
      for (const event of live) if (!replayed.has(event.id)) send(event);
    },
  );
}

/**
 * `send(event)` for one member's stream (docs/DESIGN.md §1 "Live updates"): events are written one at
 * a time, in order, the rest waiting; a client that stops reading, with more than `SLOW_CLIENT_BYTES`
 * unsent, is cut off. One at a time because @fastify/sse adds a `drain` and an `error` listener to the
 * response for every write the socket does not take at once, until the next drain: writing each event
 * without waiting gave a backed-up stream a pair per event (Node's "possible EventEmitter memory leak"
 * warning from the eleventh, then a drain that removes thousands one by one).
 */
function eventSender(reply: FastifyReply, log: FastifyBaseLogger): (event: LiveEvent) => void {
  const sse = reply.sse;
  const waiting: { message: { id?: string; event: string; data: string }; bytes: number }[] = [];
  let waitingBytes = 0;
  let writing = false;
  const writeWaiting = async () => {
    writing = true;
    try {
      for (let next = waiting.shift(); next && sse.isConnected; next = waiting.shift()) {
        waitingBytes -= next.bytes;
        await sse.send(next.message);
      }
    } catch (error) {
      log.debug({ err: error }, "live event not sent");
    } finally {
      writing = false;
    }
  };
  const send = (event: LiveEvent) => {
    if (!sse.isConnected) return;
    const data = JSON.stringify(event.payload);
    const bytes = Buffer.byteLength(data);
    const unsent = reply.raw.writableLength + waitingBytes + bytes;
    if (unsent > SLOW_CLIENT_BYTES) {
      // Destroyed, not ended: an end would wait behind the very bytes the client does not read.
      log.info({ unsent }, "live stream cut off: the client stopped reading");
      waiting.length = 0;
      reply.raw.destroy();
      return;
    }
    waiting.push({
      message: { id: event.id > 0 ? String(event.id) : undefined, event: event.type, data },
      bytes,
    });
    waitingBytes += bytes;
    if (!writing) void writeWaiting();
  };
  return send;
}

/**
 * The stream's first event, `ready`, with the moment of the member's newest event (ISO date-time, or
 * null): the app compares it with the answers its page was drawn from (src/client/lib/first-answers.ts).
 */
async function sendReady(db: Db, sse: FastifyReply["sse"], userId: string): Promise<void> {
  const [newest] = await db
    .select({ at: liveEvents.createdAt })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId))
    .orderBy(desc(liveEvents.id))
    .limit(1);
  await sse.send({
    event: "ready",
    data: { latestAt: newest?.at.toISOString() ?? null },
    retry: 3000,
  });
}
