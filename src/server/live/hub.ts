/**
 * Live updates across app instances (docs/features/exchange.md; docs/DESIGN.md §1 "many app instances on one
 * PostgreSQL"). A change writes one `live_events` row per recipient in its own transaction and
 * announces the new ids with `NOTIFY`; PostgreSQL delivers the notification only on commit, to
 * every instance that `LISTEN`s. Each instance's hub then loads the rows for the users it has SSE
 * connections for and hands them to those connections. PGlite supports LISTEN/NOTIFY in-process,
 * so the same code runs on the embedded database.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { LiveEventPayloads, LiveEventType } from "../../contract/live";
import { type Database, type Db, type Executor, queryRows } from "../db/client";
import { liveEvents } from "../db/schema";

/**
 * The NOTIFY channel. Its payload is a JSON array of `[eventId, userId]` pairs,
 * `{"sessionsEnded": userId}` when some of a user's sessions ended (sign-out, suspension), or
 * `{"userChanged": userId}` when their `users` row changed (the `users_announce_change` trigger,
 * migration 0020), or `flush:<nonce>` (`LiveHub.flush`).
 */
export const LIVE_CHANNEL = "mealshare_live";

/** How long events stay replayable for a reconnecting client. */
const RETENTION = "1 day";
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** A client that missed more than this gets `resync` instead of a replay. */
const REPLAY_LIMIT = 200;
/** Open streams per user and instance; the oldest is closed beyond this (many tabs, leaked tabs). */
const MAX_STREAMS_PER_USER = 10;

/** One event for one user, as stored and as sent over SSE. */
export interface LiveEvent<T extends LiveEventType = LiveEventType> {
  id: number;
  type: T;
  payload: LiveEventPayloads[T];
}

/** An event to publish: who receives it and what. */
export interface NewLiveEvent<T extends LiveEventType = LiveEventType> {
  userId: string;
  type: T;
  payload: LiveEventPayloads[T];
}

/** A helper for typed event literals. */
export const liveEvent = <T extends LiveEventType>(
  userId: string,
  type: T,
  payload: LiveEventPayloads[T],
): NewLiveEvent<T> => ({ userId, type, payload });

/**
 * Stores events and announces them; call it inside the transaction of the change they report, so
 * nobody hears of a change that was rolled back.
 */
export async function publishLiveEvents(tx: Executor, events: NewLiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  // One statement with one JSON parameter however many events (a draw tells thousands at once).
  const given = events.map(({ userId, type, payload }) => ({ user_id: userId, type, payload }));
  const rows = await queryRows<{ id: number | string; user_id: string }>(
    tx,
    sql`insert into ${liveEvents} (user_id, type, payload)
        select user_id, type, payload
        from jsonb_to_recordset(${JSON.stringify(given)}::jsonb) as given(user_id uuid, type text, payload jsonb)
        returning id, user_id`,
  );
  // A NOTIFY payload is limited to 8000 bytes; one pair is about 50, so 100 a notification, all sent
  // by one statement.
  const chunks: [number, string][][] = [];
  for (let start = 0; start < rows.length; start += 100) {
    chunks.push(rows.slice(start, start + 100).map((row) => [Number(row.id), row.user_id]));
  }
  await tx.execute(
    sql`select pg_notify(${LIVE_CHANNEL}, chunk::text) from jsonb_array_elements(${JSON.stringify(chunks)}::jsonb) as chunk`,
  );
}

/**
 * Tells every instance that some of `userId`'s sessions ended, so their open streams are checked
 * again and closed where their session is gone: a stream is opened by one signed-in request and
 * would otherwise go on carrying message bodies after sign-out or suspension. Call it in the
 * transaction that deletes the sessions (NOTIFY is delivered on commit).
 */
export async function announceSessionsEnded(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ sessionsEnded: userId })})`);
}

/**
 * Forgets an erased member's live events (docs/decisions/017): their own replay buffer, and the events
 * in others' buffers (kept a day) that carry their words or name them by id.
 */
export async function forgetMemberEvents(tx: Executor, memberId: string): Promise<void> {
  await tx.execute(sql`delete from live_events where user_id = ${memberId}`);
  await tx.execute(sql`delete from live_events where payload::text like ${`%${memberId}%`}`);
}

/** Forgets the live events that carried these notifications (their words changed since). */
export async function forgetNotificationEvents(tx: Executor, notificationIds: string[]): Promise<void> {
  if (notificationIds.length === 0) return;
  await tx.execute(
    sql`delete from live_events where type = 'notification' and payload ->> 'id' in (${sql.join(
      notificationIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/** A connection's handle in the hub. */
interface Stream {
  deliver: (event: LiveEvent) => void;
  /** Whether the session the stream was opened with is still signed in (checked when sessions end). */
  stillSignedIn: () => Promise<boolean>;
  /** Ends the stream; `shuttingDown` when this instance stops and the client should come back. */
  close: (shuttingDown?: boolean) => void;
}

/** Per-instance fan-out from NOTIFY to this instance's SSE connections. */
export interface LiveHub {
  /**
   * Starts delivering a user's events to `deliver` until the returned function is called.
   * `close` is called if the hub drops the stream (too many streams, or shutdown).
   */
  subscribe(userId: string, stream: Stream): () => void;
  /**
   * The user's events after `afterId`, oldest first, or null when more than the replay limit were
   * missed (the client should reload instead).
   */
  replay(userId: string, afterId: number): Promise<LiveEvent[] | null>;
  /** Closes every open stream (before the server closes). */
  closeStreams(): void;
  /** Streams open on this instance now. */
  streamCount(): number;
  /**
   * Resolves once this instance has heard every notification committed before the call (a NOTIFY
   * of its own, delivered in commit order, has come back), or after a second without the listener.
   */
  flush(): Promise<void>;
  /** Stops listening. */
  close(): Promise<void>;
}

/** A flush's notification: the prefix, then the nonce of the instance that sent it. */
const FLUSH_PREFIX = "flush:";
/** How long `flush` waits for its own notification before giving up (a lost listener connection). */
const FLUSH_TIMEOUT_MS = 1000;

/**
 * Starts listening on the database's NOTIFY channel and returns the hub.
 * @param onUsersChanged told at once, before any stream, when a user's sessions ended or their row
 *   changed; with null after a reconnect, when notifications may have been missed
 */
export async function startLiveHub(
  database: Database,
  log: FastifyBaseLogger,
  onUsersChanged: (userId: string | null) => void = () => {},
): Promise<LiveHub> {
  const { db } = database;
  const streams = new Map<string, Set<Stream>>();
  // Notifications are handled one after another so each connection sees them in commit order.
  let queue = Promise.resolve();

  const flushes = new Map<string, () => void>();
  const onNotify = (payload: string) => {
    if (payload.startsWith(FLUSH_PREFIX)) {
      flushes.get(payload.slice(FLUSH_PREFIX.length))?.();
      return;
    }
    const changed = changedUser(payload);
    if (changed) {
      onUsersChanged(changed.userId);
      if (!changed.sessionsEnded) return;
    }
    queue = queue
      .then(() => dispatch(db, streams, payload))
      .catch((error) => log.error({ err: error }, "live event dispatch failed"));
  };
  const resyncAll = () => {
    onUsersChanged(null);
    for (const set of streams.values()) {
      for (const stream of set) stream.deliver({ id: 0, type: "resync", payload: {} });
    }
  };

  const stopListening =
    database.driver.kind === "pglite"
      ? await database.driver.client.listen(LIVE_CHANNEL, onNotify)
      : await listenWithReconnect(database.driver.directUrl, onNotify, resyncAll, log);

  const pruneTimer = startPruning(db, log);

  return {
    subscribe: (userId, stream) => addStream(streams, userId, stream),
    replay: (userId, afterId) => replayEvents(db, userId, afterId),
    streamCount() {
      let count = 0;
      for (const set of streams.values()) count += set.size;
      return count;
    },
    closeStreams() {
      for (const set of streams.values()) for (const stream of set) stream.close(true);
      streams.clear();
    },
    flush: () => flushChannel(db, log, flushes),
    async close() {
      clearInterval(pruneTimer);
      await queue;
      // A database closed first (it went away, or its owner closed it) has no listener left.
      await stopListening().catch(() => {});
    },
  };
}

/** Deletes events older than `RETENTION` every `PRUNE_EVERY_MS`; the timer keeps no process alive. */
function startPruning(db: Db, log: FastifyBaseLogger): NodeJS.Timeout {
  const prune = () =>
    db
      .delete(liveEvents)
      .where(lt(liveEvents.createdAt, sql`now() - ${RETENTION}::interval`))
      .catch((error) => log.warn({ err: error }, "pruning live events failed"));
  const pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
  pruneTimer.unref();
  return pruneTimer;
}

/**
 * Adds `stream` to the member's open streams, closing the oldest beyond `MAX_STREAMS_PER_USER`.
 * @returns what removes it again
 */
function addStream(streams: Map<string, Set<Stream>>, userId: string, stream: Stream): () => void {
  let set = streams.get(userId);
  if (!set) {
    set = new Set();
    streams.set(userId, set);
  }
  set.add(stream);
  if (set.size > MAX_STREAMS_PER_USER) {
    const oldest = set.values().next().value;
    if (oldest) {
      set.delete(oldest);
      oldest.close();
    }
  }
  return () => {
    const current = streams.get(userId);
    current?.delete(stream);
    if (current?.size === 0) streams.delete(userId);
  };
}

/** `LiveHub.replay`: the member's events after `afterId`, or null beyond `REPLAY_LIMIT`. */
async function replayEvents(db: Db, userId: string, afterId: number): Promise<LiveEvent[] | null> {
  const rows = await db
    .select({ id: liveEvents.id, type: liveEvents.type, payload: liveEvents.payload })
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(REPLAY_LIMIT + 1);
  if (rows.length > REPLAY_LIMIT) return null;
  return rows as LiveEvent[];
}

/** `LiveHub.flush`: a NOTIFY of this instance's own, and the wait until it comes back (`flushes`). */
async function flushChannel(db: Db, log: FastifyBaseLogger, flushes: Map<string, () => void>): Promise<void> {
  const nonce = randomUUID();
  const heard = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
    flushes.set(nonce, () => {
      clearTimeout(timer);
      resolve();
    });
  });
  try {
    await db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${FLUSH_PREFIX + nonce})`);
    await heard;
  } catch (error) {
    // The change it waits for is committed already; an answer must not fail for want of a flush.
    log.warn({ err: error }, "flushing the live channel failed");
  } finally {
    flushes.delete(nonce);
  }
}

/** The user a `sessionsEnded` or `userChanged` notification names, if it is one. */
function changedUser(payload: string): { userId: string; sessionsEnded: boolean } | null {
  if (!payload.startsWith("{")) return null;
  try {
    const message = JSON.parse(payload) as { sessionsEnded?: unknown; userChanged?: unknown };
    if (typeof message.sessionsEnded === "string")
      return { userId: message.sessionsEnded, sessionsEnded: true };
    if (typeof message.userChanged === "string") return { userId: message.userChanged, sessionsEnded: false };
  } catch {}
  return null;
}

/** Loads the announced events of users with a stream here and delivers them. */
async function dispatch(db: Db, streams: Map<string, Set<Stream>>, payload: string): Promise<void> {
  let pairs: [number, string][] | { sessionsEnded?: unknown };
  try {
    pairs = JSON.parse(payload);
  } catch {
    return;
  }
  if (!Array.isArray(pairs)) {
    if (typeof pairs.sessionsEnded === "string") await closeSignedOut(streams, pairs.sessionsEnded);
    return;
  }
  const ids = pairs.filter(([, userId]) => streams.has(userId)).map(([id]) => id);
  if (ids.length === 0) return;
  const rows = await db
    .select({
      id: liveEvents.id,
      userId: liveEvents.userId,
      type: liveEvents.type,
      payload: liveEvents.payload,
    })
    .from(liveEvents)
    .where(inArray(liveEvents.id, ids))
    .orderBy(asc(liveEvents.id));
  for (const row of rows) {
    const event = { id: row.id, type: row.type, payload: row.payload } as LiveEvent;
    for (const stream of streams.get(row.userId) ?? []) stream.deliver(event);
  }
}

/** Closes the user's streams on this instance whose session has ended. */
async function closeSignedOut(streams: Map<string, Set<Stream>>, userId: string): Promise<void> {
  const set = streams.get(userId);
  if (!set) return;
  const checked = await Promise.all(
    [...set].map(async (stream) => [stream, await stream.stillSignedIn()] as const),
  );
  for (const [stream, signedIn] of checked) {
    if (signedIn) continue;
    set.delete(stream);
    stream.close();
  }
  if (set.size === 0) streams.delete(userId);
}

/**
 * LISTENs on a dedicated connection (a pooled one could be handed to a query mid-LISTEN) and
 * reconnects with backoff when it drops. Notifications sent while it was down are lost to this
 * instance, so after a reconnect every open stream is told to `resync`.
 * @returns a function that stops listening and closes the connection
 */
async function listenWithReconnect(
  url: string,
  onNotify: (payload: string) => void,
  onReconnect: () => void,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (attempt: number): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) onNotify(message.payload);
    });
    const lost = (error?: Error) => {
      if (stopped || client !== next) return;
      log.warn({ err: error }, "live listener connection lost; reconnecting");
      client = null;
      next.end().catch(() => {});
      scheduleReconnect(1);
    };
    next.on("error", lost);
    next.on("end", () => lost());
    await next.connect();
    await next.query(`LISTEN ${LIVE_CHANNEL}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    if (attempt > 0) onReconnect();
  };

  const scheduleReconnect = (attempt: number) => {
    if (stopped || retryTimer) return;
    const delay = Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect(attempt).catch((error) => {
        log.warn({ err: error, attempt }, "live listener reconnect failed");
        scheduleReconnect(attempt + 1);
      });
    }, delay);
    retryTimer.unref();
  };

  await connect(0);
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}
