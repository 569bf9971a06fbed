/**
 * `npm run bench:topology` (docs/decisions/021): the whole deployment past one machine, on this one.
 * A PostgreSQL primary and its streaming replica (`pg_basebackup -R`), PgBouncer in transaction mode,
 * an S3 server (s3rver), and three app instances (the built server, `node dist/server/main.js`)
 * behind Debian's HAProxy, which checks `/readyz` and sends a request whose instance refused the
 * connection to another. Against it runs a load for `BENCH_SECONDS` (20) a setup: 1,000 live
 * streams spread over the instances, the feed and a meal's page read in a loop, meals posted,
 * requests made and chat messages sent, each message timed from its POST to its arrival on the other
 * party's stream. A client whose connection fails retries once, as the app's own client and a
 * browser's EventSource do.
 *
 * It prints one row a setup: one instance straight on the primary; three behind PgBouncer reading
 * the replica; the same with the replica killed halfway; the same with one instance killed halfway.
 * Run after `npm run build`, as root or as a user that can run PostgreSQL's programs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import S3rver from "s3rver";
import { Agent, setGlobalDispatcher } from "undici";
import { openDatabase } from "../src/server/db/client";
import { buildMeal, buildNeighbour, buildRequest, mealPayload } from "../tests/factories";
import { freePort } from "../tests/free-port";
import { openStream, type TestStream } from "../tests/sse-client";
import { startTopology, type Topology } from "../tests/topology";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const FEED_CLIENTS = 12;
// Every live stream holds a connection of its own, beside the loops' requests.
setGlobalDispatcher(new Agent({ connections: STREAMS + 100, pipelining: 1, keepAliveTimeout: 10_000 }));

type Member = Awaited<ReturnType<typeof buildNeighbour>>;

/** An app instance: the built server as a process of its own. */
async function startInstance(env: NodeJS.ProcessEnv): Promise<{ base: string; process: ChildProcess }> {
  const port = await freePort();
  const publicUrl = env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mealshare-topology-app-"));
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
      RATE_LIMIT_MESSAGES_PER_MINUTE: "1000000",
      ...env,
      PUBLIC_URL: publicUrl,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, process: child };
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`an instance did not start on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** HAProxy in front of `servers`, on a free port; it checks /readyz and redispatches refused connections. */
async function startProxy(port: number, servers: string[]): Promise<{ base: string; process: ChildProcess }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mealshare-haproxy-"));
  const config = [
    "global",
    "  maxconn 8000",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 60s",
    // A live stream stays open for as long as the page does.
    "  timeout tunnel 1h",
    "  retries 2",
    "  option redispatch",
    "  retry-on conn-failure empty-response",
    "frontend app",
    `  bind 127.0.0.1:${port}`,
    "  default_backend instances",
    "backend instances",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    ...servers.map((server, i) => `  server app${i} ${new URL(server).host} check inter 500 fall 2 rise 2`),
    "",
  ].join("\n");
  writeFileSync(path.join(dir, "haproxy.cfg"), config);
  const child = spawn("haproxy", ["-db", "-f", path.join(dir, "haproxy.cfg")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, process: child };
    } catch {}
    if (Date.now() > deadline) throw new Error("HAProxy did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The value at `p` (0–1) of a sample, ms. */
function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

interface Row {
  setup: string;
  feedPerSecond: number;
  feedP95: number;
  chatP99: number;
  failed: number;
  requests: number;
}

/**
 * Runs the load against `base` for SECONDS; `midway` runs halfway (a kill).
 * @returns the row's figures
 */
async function runLoad(
  setup: string,
  base: string,
  members: Member[],
  mealIds: string[],
  midway?: () => void,
): Promise<Row> {
  let failed = 0;
  let requests = 0;
  const headers = (cookie: string, json = false) => ({
    cookie,
    origin: base,
    ...(json ? { "content-type": "application/json" } : {}),
  });
  /** One request, retried once when its connection fails (a 502/503 from the proxy counts as such). */
  const call = async (url: string, init: RequestInit, ok: (status: number) => boolean) => {
    requests++;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const response = await fetch(`${base}${url}`, init);
        await response.arrayBuffer();
        if (ok(response.status)) return response.status;
        if (response.status !== 502 && response.status !== 503) break;
      } catch {}
    }
    failed++;
    return 0;
  };

  // The live streams, spread over the instances by the proxy; one that ends is opened again.
  const streams: TestStream[] = [];
  let stopping = false;
  const keepOpen = async (member: Member, index: number) => {
    while (!stopping) {
      const stream = await openStream(base, member.cookie).catch(() => undefined);
      if (stream?.status !== 200) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      streams[index] = stream;
      await stream.waitForEnd(3_600_000).catch(() => {});
    }
  };
  const streamLoops = Array.from({ length: STREAMS }, (_, i) => keepOpen(members[i % members.length], i));
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  const end = Date.now() + SECONDS * 1000;
  const feedTimes: number[] = [];
  const chatTimes: number[] = [];
  let feedCount = 0;
  const feed = async (worker: number) => {
    while (Date.now() < end) {
      const member = members[(worker * 7 + feedCount) % members.length];
      const started = performance.now();
      const status = await call("/api/meals?limit=20", { headers: headers(member.cookie) }, (s) => s === 200);
      if (status === 200) {
        feedTimes.push(performance.now() - started);
        feedCount++;
      }
      const meal = mealIds[feedCount % mealIds.length];
      await call(`/api/meals/${meal}`, { headers: headers(member.cookie) }, (s) => s === 200);
    }
  };
  const post = async () => {
    let i = 0;
    while (Date.now() < end) {
      const cook = members[i++ % members.length];
      await call(
        "/api/meals",
        {
          method: "POST",
          headers: headers(cook.cookie, true),
          body: JSON.stringify(mealPayload({ title: `Load test stew ${i}` })),
        },
        (s) => s === 201,
      );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const ask = async () => {
    let i = 0;
    while (Date.now() < end) {
      const eater = members[(i * 13 + 5) % members.length];
      const meal = mealIds[i++ % mealIds.length];
      // 201 made, 409 asked already or not allowed: an answer either way.
      await call(
        "/api/requests",
        {
          method: "POST",
          headers: headers(eater.cookie, true),
          body: JSON.stringify({ mealId: meal, message: null }),
        },
        (s) => s === 201 || s === 409,
      );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const chat = async (pair: { eater: Member; cookIndex: number; requestId: string }) => {
    let i = 0;
    while (Date.now() < end) {
      const body = `Load probe ${setup} ${i++}`;
      const stream = streams[pair.cookIndex];
      const from = stream?.events.length ?? 0;
      const sentAt = performance.now();
      const status = await call(
        `/api/requests/${pair.requestId}/messages`,
        { method: "POST", headers: headers(pair.eater.cookie, true), body: JSON.stringify({ body }) },
        (s) => s === 201,
      );
      if (status === 201 && stream) {
        const arrived = await stream
          .waitFor(
            (event) =>
              event.event === "message" &&
              (event.data as { message: { body: string } }).message.body === body,
            { from, timeoutMs: 10_000 },
          )
          .catch(() => undefined);
        if (arrived) chatTimes.push(arrived.receivedAt - sentAt);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const killer = midway
    ? new Promise((resolve) => setTimeout(() => resolve(midway()), (SECONDS * 1000) / 2))
    : undefined;
  await Promise.all([
    ...Array.from({ length: FEED_CLIENTS }, (_, i) => feed(i)),
    post(),
    ask(),
    ...chatPairs.map(chat),
    killer,
  ]);
  stopping = true;
  for (const stream of streams) stream?.close();
  await Promise.race([Promise.all(streamLoops), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  return {
    setup,
    feedPerSecond: feedCount / SECONDS,
    feedP95: percentile(feedTimes, 0.95),
    chatP99: percentile(chatTimes, 0.99),
    failed,
    requests,
  };
}

let chatPairs: { eater: Member; cookIndex: number; requestId: string }[] = [];

const topology: Topology = await startTopology({ replicaDelaySeconds: 0 });
const objects = mkdtempSync(path.join(os.tmpdir(), "mealshare-topology-s3-"));
const bucket = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: objects,
  configureBuckets: [{ name: "mealshare", configs: [] }],
});
const { port: bucketPort } = (await bucket.run()) as AddressInfo;
const s3 = {
  S3_BUCKET: "mealshare",
  S3_ENDPOINT: `http://127.0.0.1:${bucketPort}`,
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  S3_FORCE_PATH_STYLE: "1",
};
const children: ChildProcess[] = [];
const rows: Row[] = [];
try {
  // Members with a completed exchange behind them (no newcomer limits), their sessions, open meals
  // and one accepted request each for the chat's pairs.
  const database = await openDatabase({ url: topology.primaryUrl });
  const members: Member[] = [];
  for (let i = 0; i < 200; i++)
    members.push(await buildNeighbour(database.db, { firstName: `Load${i}`, lastName: "Member" }));
  const mealIds: string[] = [];
  for (let i = 0; i < 60; i++)
    mealIds.push(
      (await buildMeal(database.db, members[i].user, { title: `Load meal ${i}`, portionSize: 50 })).id,
    );
  chatPairs = [];
  for (let i = 0; i < 4; i++) {
    const cookIndex = 100 + i;
    const meal = await buildMeal(database.db, members[cookIndex].user, { title: `Chat meal ${i}` });
    const eater = members[150 + i];
    const request = await buildRequest(database.db, meal, eater.user, {
      status: "accepted",
      pickupCode: "1234",
    });
    chatPairs.push({ eater, cookIndex, requestId: request.id });
  }
  await database.close();

  // One instance straight on the primary.
  const direct = await startInstance({ DATABASE_URL: topology.primaryUrl, ...s3 });
  children.push(direct.process);
  rows.push(await runLoad("1 instance, direct", direct.base, members, mealIds));
  direct.process.kill("SIGTERM");

  // Three behind HAProxy, PgBouncer and the replica. PUBLIC_URL is the proxy's: the origin checked.
  const proxyPort = await freePort();
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const pooled = {
    DATABASE_URL: topology.bouncerUrl,
    DATABASE_DIRECT_URL: topology.primaryUrl,
    DATABASE_READ_URL: topology.replicaUrl,
    ...s3,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "1",
  };
  const instances = await Promise.all([0, 1, 2].map(() => startInstance(pooled)));
  children.push(...instances.map((instance) => instance.process));
  const proxy = await startProxy(
    proxyPort,
    instances.map((instance) => instance.base),
  );
  children.push(proxy.process);
  rows.push(await runLoad("3 instances, PgBouncer, replica", proxy.base, members, mealIds));
  rows.push(
    await runLoad("same, replica killed mid-run", proxy.base, members, mealIds, () => topology.killReplica()),
  );
  rows.push(
    await runLoad("same, one app instance killed mid-run", proxy.base, members, mealIds, () =>
      instances[2].process.kill("SIGKILL"),
    ),
  );
} finally {
  for (const child of children) child.kill("SIGKILL");
  await bucket.close();
  rmSync(objects, { recursive: true, force: true });
  topology.close();
}

console.log(`\n${STREAMS} live streams, ${SECONDS} s a setup, on ${os.cpus().length} cores:\n`);
console.log("| setup | feed req/s | p95 | chat delivery p99 | failed requests |");
console.log("|---|---|---|---|---|");
for (const row of rows) {
  console.log(
    `| ${row.setup} | ${row.feedPerSecond.toFixed(0)} | ${row.feedP95.toFixed(0)} ms | ${row.chatP99.toFixed(0)} ms | ${row.failed} of ${row.requests} |`,
  );
}
process.exit(0);
