/**
 * Live streams at scale (docs/decisions/015): one app instance, run as `npm start` runs it, holding
 * `BENCH_STREAMS` (10,000) open SSE streams (`GET /api/stream`) of as many signed-in members, opened by
 * this process. It measures
 * - the instance's memory per open stream: its resident set, and its V8 heap and the memory outside
 *   it (`process.memoryUsage()`, read through the inspector after a full garbage collection), before
 *   and after, over the streams;
 * - fan-out: one event for every member with a stream (a notification, published as a change's
 *   transaction publishes it), from its commit to its arrival on each stream: p50, p99 and the last;
 * - chat: a message sent through the API while the streams are open, from the request to its
 *   arrival on both participants' streams, one after the other: p50 and p99.
 * On TEST_DATABASE_URL's PostgreSQL. Run: `TEST_DATABASE_URL=postgres://… npx tsx bench/streams.ts`.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import WebSocket from "ws";
import { SESSION_COOKIE, SESSION_TTL_SECONDS, sessionIdOf } from "../src/server/auth/sessions";
import { inTransaction, queryRows } from "../src/server/db/client";
import { liveEvent, publishLiveEvents } from "../src/server/live/hub";
import { benchServerUrl, dropBenchDatabase, freshBenchDatabase } from "./database";
import { startServer, stopServer } from "./server";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100);
const FAN_OUTS = 3;
const APP_PORT = 5098;
/** Streams being opened at once: a city's phones do not all connect in the same millisecond. */
const OPENING = 200;
const ORIGIN = `http://127.0.0.1:${APP_PORT}`;

/** One open stream: the events it has read, by marker, with when they arrived. */
interface Stream {
  userId: string;
  request: http.ClientRequest;
  arrivals: Map<string, number>;
}

const INSPECTOR_PORT = 9239;

/**
 * The app's memory after a full garbage collection, read through its inspector (the app runs with
 * `--inspect`): resident set, V8 heap used, and what lives outside the heap (buffers, sockets' native
 * parts are in the resident set only), in bytes.
 */
async function memoryAfterGc(pid: number): Promise<{ rss: number; heap: number; external: number }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let next = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ value?: string }>((resolve) => {
      const id = ++next;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: { result?: { value?: string } } };
        if (message.id !== id) return;
        socket.off("message", onMessage);
        resolve(message.result?.result ?? {});
      };
      socket.on("message", onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    await call("HeapProfiler.collectGarbage");
    const result = await call("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())" });
    const usage = JSON.parse(result.value ?? "{}") as { heapUsed: number; external: number };
    return { rss: residentBytes(pid), heap: usage.heapUsed, external: usage.external };
  } finally {
    socket.close();
  }
}

/** The resident set of a process, in bytes (Linux). */
function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("VmRSS:"));
  return Number(/(\d+)/.exec(line ?? "")?.[1] ?? 0) * 1024;
}

/**
 * Opens one stream and resolves once its `ready` event came. Events with a `marker` in their data
 * (the bench's notifications) or a message body are recorded with their arrival time.
 */
function openStream(userId: string, cookie: string, agent: http.Agent): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<string, number>();
    const request = http.get(
      `${ORIGIN}/api/stream`,
      { agent, headers: { cookie, accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding("utf8");
        let buffered = "";
        response.on("data", (chunk: string) => {
          const now = performance.now();
          buffered += chunk;
          let end = buffered.indexOf("\n\n");
          while (end >= 0) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            end = buffered.indexOf("\n\n");
            const type = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (type === "ready") resolve(stream);
            if (!data) continue;
            const marker = /"(?:marker|body)":"(bench-[^"]+)"/.exec(data)?.[1];
            if (marker) arrivals.set(marker, now);
          }
        });
      },
    );
    request.on("error", reject);
    const stream: Stream = { userId, request, arrivals };
  });
}

/** Waits until `done()` holds, checking every 10 ms, or `timeoutMs` passed. */
async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

export async function benchStreams(serverUrl: string): Promise<string[]> {
  const name = "mealshare_bench_streams";
  const { database, url } = await freshBenchDatabase(serverUrl, name);
  const { db } = database;
  let app: ChildProcess | undefined;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const streams: Stream[] = [];
  try {
    const members = await queryRows<{ id: string }>(
      db,
      sql`insert into users (oidc_issuer, oidc_subject, email, first_name, last_name)
          select 'bench', 's' || i, 's' || i || '@bench.test', 'Neighbour', 'No. ' || i
          from generate_series(1, ${STREAMS}) as i
          returning id`,
    );
    const tokens = members.map(() => randomBytes(32).toString("base64url"));
    const sessions = members.map((member, index) => ({ id: sessionIdOf(tokens[index]), user_id: member.id }));
    await db.execute(sql`
      insert into sessions (id, user_id, expires_at)
      select id, user_id, now() + ${`${SESSION_TTL_SECONDS} seconds`}::interval
      from jsonb_to_recordset(${JSON.stringify(sessions)}::jsonb) as s(id text, user_id uuid)`);
    // A thread between the first two members: a meal of the first, the second's accepted request.
    const [feeder, eater] = members;
    const [meal] = await queryRows<{ id: string }>(
      db,
      sql`insert into meals (owner_id, title, description, ingredients, kind, portion_size,
            pickup_window_start, pickup_window_end, pickup_location)
          values (${feeder.id}, 'Lentil soup', 'A big pot', 'lentils', 'free', 4,
            now() + interval '1 hour', now() + interval '3 hours', 'Corner shop')
          returning id`,
    );
    const [thread] = await queryRows<{ id: string }>(
      db,
      sql`insert into requests (meal_id, eater_id, feeder_id, status)
          values (${meal.id}, ${eater.id}, ${feeder.id}, 'accepted') returning id`,
    );

    app = await startServer(
      [`--inspect=127.0.0.1:${INSPECTOR_PORT}`, "scripts/start.mjs"],
      { DATABASE_URL: url, RATE_LIMIT_MESSAGES_PER_MINUTE: "100000" },
      APP_PORT,
    );
    const pid = app.pid ?? 0;
    // One stream opened and closed first, so the route's code and the pools are warm.
    const first = await openStream(members[0].id, `${SESSION_COOKIE}=${tokens[0]}`, agent);
    first.request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await memoryAfterGc(pid);

    const opening = performance.now();
    for (let start = 0; start < members.length; start += OPENING) {
      streams.push(
        ...(await Promise.all(
          members
            .slice(start, start + OPENING)
            .map((member, offset) =>
              openStream(member.id, `${SESSION_COOKIE}=${tokens[start + offset]}`, agent),
            ),
        )),
      );
    }
    const openedS = (performance.now() - opening) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = await memoryAfterGc(pid);
    const per = (key: keyof typeof after) => (after[key] - before[key]) / streams.length;

    // Fan-out: one notification for every member, committed in one transaction.
    const fanOuts: { p50: number; p99: number; last: number; missing: number }[] = [];
    for (let round = 0; round < FAN_OUTS; round++) {
      const marker = `bench-fan-${round}`;
      await inTransaction(db, (tx) =>
        publishLiveEvents(
          tx,
          members.map((member) => liveEvent(member.id, "notification", { marker } as never)),
        ),
      );
      const committed = performance.now();
      await until(() => streams.every((stream) => stream.arrivals.has(marker)), 30_000);
      const times = streams
        .map((stream) => stream.arrivals.get(marker))
        .filter((time): time is number => time !== undefined)
        .map((time) => time - committed)
        .sort((a, b) => a - b);
      fanOuts.push({
        p50: quantile(times, 0.5),
        p99: quantile(times, 0.99),
        last: times[times.length - 1] ?? Number.NaN,
        missing: streams.length - times.length,
      });
    }

    // Chat: the feeder writes, both participants' streams must hear it.
    const participants = streams.filter(
      (stream) => stream.userId === feeder.id || stream.userId === eater.id,
    );
    const chat: number[] = [];
    let lost = 0;
    for (let index = 0; index < MESSAGES; index++) {
      const body = `bench-chat-${index}`;
      const sent = performance.now();
      const response = await fetch(`${ORIGIN}/api/requests/${thread.id}/messages`, {
        method: "POST",
        headers: {
          cookie: `${SESSION_COOKIE}=${tokens[0]}`,
          origin: ORIGIN,
          "content-type": "application/json",
        },
        body: JSON.stringify({ body }),
      });
      if (response.status !== 201 && response.status !== 200) {
        throw new Error(`message answered ${response.status}: ${await response.text()}`);
      }
      if (!(await until(() => participants.every((stream) => stream.arrivals.has(body)), 5_000))) lost++;
      chat.push(Math.max(...participants.map((stream) => (stream.arrivals.get(body) ?? Number.NaN) - sent)));
    }
    chat.sort((a, b) => a - b);
    const still = await memoryAfterGc(pid);
    const kib = (bytes: number) => (bytes / 1024).toFixed(1);
    const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
    return [
      `${streams.length.toLocaleString("en")} open SSE streams on one instance (npm start, PostgreSQL), opened ${OPENING} at a time in ${openedS.toFixed(1)} s from a second process:`,
      `- memory after a full GC: resident set ${mib(before.rss)} MiB before, ${mib(after.rss)} MiB with the streams open (${mib(still.rss)} MiB after the runs below): **${kib(per("rss"))} KiB per stream** (V8 heap ${kib(per("heap"))} KiB, outside the heap ${kib(per("external"))} KiB, the rest the sockets' native parts; heap ${mib(before.heap)} → ${mib(after.heap)} MiB)`,
      ...fanOuts.map(
        (f, round) =>
          `- fan-out ${round + 1}: one event for each of the ${streams.length.toLocaleString("en")}, from its commit to its arrival: p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, last ${f.last.toFixed(0)} ms${f.missing ? `, ${f.missing} never arrived` : ""}`,
      ),
      `- chat: ${MESSAGES} messages, from the request to their arrival on both participants' streams: p50 ${quantile(chat, 0.5).toFixed(1)} ms, p99 ${quantile(chat, 0.99).toFixed(1)} ms${lost ? `, ${lost} not heard within 5 s` : ""}`,
    ];
  } finally {
    for (const stream of streams) stream.request.destroy();
    agent.destroy();
    if (app) await stopServer(app);
    await database.close();
    await dropBenchDatabase(serverUrl, name);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const serverUrl = benchServerUrl();
  for (const line of await benchStreams(serverUrl)) console.log(line);
}
