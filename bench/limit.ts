/**
 * The app against its plain limit (docs/decisions/011): at 100,000 meals on PostgreSQL
 * (TEST_DATABASE_URL's server), the feed's first page, a meal's detail and the session lookup
 * (`GET /api/auth/user`) are measured on the app as `npm start` runs it and on bench/limit-server.ts
 * (`node:http` + `pg`, the same job), one after the other in the same run, 50 connections, with a
 * signed-in cookie and the headers a browser's fetch sends (`Accept-Encoding: br, gzip`). Before
 * measuring, both answers are checked to be the same JSON.
 *
 * Then every statement the app runs for each endpoint (and for the lists docs/features/households.md
 * added: incoming requests, with the eaters' records) is EXPLAINed at this size.
 *
 * `--profile` also runs the app under `node --cpu-prof` and prints the five functions with the most
 * self time. Each endpoint is measured in `BENCH_TRIALS` (3) trials, app and limit taking turns, and
 * reported as the median trial with the range of p99s. `BENCH_APP_DIR` measures the app of another
 * checkout (a before); `BENCH_DB` reuses a seeded database, `--quick` leaves out the EXPLAINs,
 * `BENCH_LIMIT_SIZE` and `BENCH_DURATION_S` shorten a trial. Run: `TEST_DATABASE_URL=postgres://… npx tsx bench/limit.ts
 * [--profile] [--plans]`.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { createSession, SESSION_COOKIE } from "../src/server/auth/sessions";
import { openDatabase, queryRows } from "../src/server/db/client";
import { benchServerUrl, dropBenchDatabase, freshBenchDatabase } from "./database";
import { seed } from "./discovery";
import { startServer, stopServer } from "./server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SIZE = Number(process.env.BENCH_LIMIT_SIZE ?? 100_000);
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/**
 * Trials of each endpoint, app and limit taking turns: on two cores shared by the load generator,
 * PostgreSQL and the server, one 10-second trial's p99 moves by a fifth from run to run.
 */
const TRIALS = Number(process.env.BENCH_TRIALS ?? 3);
const APP_PORT = 5093;
/** The checkout whose app is measured (BENCH_APP_DIR: e.g. an older commit's worktree, for a before). */
const APP_DIR = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : root;
const LIMIT_PORT = 5094;

/** What Chromium's fetch sends with a same-origin API read, besides the cookie. */
const BROWSER_HEADERS = {
  accept: "*/*",
  "accept-encoding": "br, gzip",
  "accept-language": "en-GB,en;q=0.9",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "sec-fetch-site": "same-origin",
  "sec-fetch-mode": "cors",
  "sec-fetch-dest": "empty",
  referer: `http://127.0.0.1:${APP_PORT}/community`,
};

export interface Run {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  bytes: number;
}

/** Trials of one server on one endpoint: the median trial (by req/s), its p99s' range, all failures. */
export interface Trials {
  median: Run;
  p99s: [number, number];
  failures: number;
}

export function summarise(runs: Run[]): Trials {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const p99s = runs.map((run) => run.p99);
  return {
    median: sorted[Math.floor((sorted.length - 1) / 2)],
    p99s: [Math.min(...p99s), Math.max(...p99s)],
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
  };
}

/** The decoded JSON of one answer, as a browser would read it. */
export async function answer(url: string, cookie: string): Promise<unknown> {
  const response = await fetch(url, { headers: { ...BROWSER_HEADERS, cookie } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** One autocannon run of `url` with the cookie and browser headers, `duration` seconds. */
export async function measure(url: string, cookie: string, duration: number): Promise<Run> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: { ...BROWSER_HEADERS, cookie },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    bytes: result.throughput.total / Math.max(1, result.requests.total),
  };
}

/** The five functions with the most self time in a V8 CPU profile, as "ms (share) name file". */
export function topSelfTime(file: string, count = 5): string[] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const frame = frames.get(id)!;
    if (frame.functionName === "(idle)") return;
    const where = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, "").replace(`file://${root}/`, "")}:${frame.lineNumber + 1}`
      : "";
    const key = `${frame.functionName || "(anonymous)"} ${where}`.trim();
    const micros = profile.timeDeltas[index] ?? 0;
    self.set(key, (self.get(key) ?? 0) + micros);
    total += micros;
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([key, micros]) => `${(micros / 1000).toFixed(0)} ms (${((100 * micros) / total).toFixed(1)} %) ${key}`,
    );
}

/** Every statement `run` sends through the pool, for EXPLAIN. */
export async function recordStatements(pool: pg.Pool, run: () => Promise<unknown>) {
  const seen: { text: string; values: unknown[] }[] = [];
  const original = pool.query.bind(pool);
  (pool as { query: unknown }).query = (config: unknown, values?: unknown) => {
    const text = typeof config === "string" ? config : (config as { text: string }).text;
    const params =
      (typeof config === "string" ? undefined : (config as { values?: unknown[] }).values) ?? values ?? [];
    seen.push({ text, values: params as unknown[] });
    return (original as (c: unknown, v?: unknown) => unknown)(config, values);
  };
  try {
    await run();
  } finally {
    (pool as { query: unknown }).query = original;
  }
  return seen;
}

/** One line per statement: its time and indexes, and whether it read a whole table (`--plans`: and its plan). */
export async function explainAll(pool: pg.Pool, statements: { text: string; values: unknown[] }[]) {
  const lines: string[] = [];
  for (const statement of statements) {
    if (!/^\s*(select|with)/i.test(statement.text)) continue;
    const plan = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values)).rows
      .map((row) => row["QUERY PLAN"] as string)
      .join("\n");
    const indexes = [
      ...new Set([...plan.matchAll(/(?:using|Index Scan on|Bitmap Index Scan on) (\w+)/gi)].map((m) => m[1])),
    ];
    const seqScans = [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))];
    const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? "?";
    const first = statement.text.replace(/\s+/g, " ").slice(0, 70);
    lines.push(
      `  ${time} ms, ${indexes.join(", ") || "no index"}${seqScans.length ? `; seq scan of ${seqScans.join(", ")}` : ""} — ${first}…`,
    );
    if (process.argv.includes("--plans")) lines.push(plan);
  }
  return lines;
}

export async function benchLimit(serverUrl: string, options: { profile?: boolean } = {}) {
  // BENCH_DB: an already seeded database, used as it is and kept (repeated trials of one change).
  const kept = process.env.BENCH_DB;
  const name = kept ?? `mealshare_bench_limit`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = kept
    ? await openDatabase({ url: url.href, bounded: false })
    : (await freshBenchDatabase(serverUrl, name)).database;
  const pool = (database.driver as { pool: pg.Pool }).pool;
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "mealshare-profile-"));
  const lines: string[] = [];
  let app: ChildProcess | undefined;
  let limit: ChildProcess | undefined;
  try {
    if (!kept) {
      await seed(database.db, SIZE);
      await pool.query("VACUUM ANALYZE");
    }
    // The bench member: an eater and a cook with requests both ways (seed), signed in.
    const [member] = await queryRows<{ id: string }>(
      database.db,
      sql`select feeder_id as id from requests group by feeder_id order by count(*) desc limit 1`,
    );
    const cookie = `${SESSION_COOKIE}=${await createSession(database.db, member.id)}`;
    const [meal] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from meals where is_active and owner_id <> ${member.id} order by created_at desc limit 1`,
    );
    const endpoints = [
      { name: "feed (GET /api/meals)", path: "/api/meals" },
      { name: "meal detail (GET /api/meals/{id})", path: `/api/meals/${meal.id}` },
      { name: "session (GET /api/auth/user)", path: "/api/auth/user" },
    ];

    app = await startServer(
      [...(options.profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), "scripts/start.mjs"],
      { DATABASE_URL: url.href },
      APP_PORT,
      { cwd: APP_DIR },
    );
    limit = await startServer(
      ["--import", "tsx", "bench/limit-server.ts"],
      { DATABASE_URL: url.href },
      LIMIT_PORT,
    );

    const results: { name: string; app: Trials; limit: Trials }[] = [];
    for (const endpoint of endpoints) {
      const appUrl = `http://127.0.0.1:${APP_PORT}${endpoint.path}`;
      const limitUrl = `http://127.0.0.1:${LIMIT_PORT}${endpoint.path}`;
      const [fromApp, fromLimit] = [await answer(appUrl, cookie), await answer(limitUrl, cookie)];
      if (!isDeepStrictEqual(fromApp, fromLimit)) {
        throw new Error(
          `${endpoint.name}: the limit answers other JSON than the app\napp:   ${JSON.stringify(fromApp).slice(0, 600)}\nlimit: ${JSON.stringify(fromLimit).slice(0, 600)}`,
        );
      }
      await measure(appUrl, cookie, 3); // warm-up: JIT, plans, pools
      await measure(limitUrl, cookie, 3);
      const app: Run[] = [];
      const limit: Run[] = [];
      for (let trial = 0; trial < TRIALS; trial++) {
        app.push(await measure(appUrl, cookie, DURATION_S));
        limit.push(await measure(limitUrl, cookie, DURATION_S));
      }
      results.push({ name: endpoint.name, app: summarise(app), limit: summarise(limit) });
    }
    const range = ([low, high]: [number, number]) => (low === high ? `${low}` : `${low}–${high}`);
    lines.push(
      `The app against its plain limit (node:http + pg), ${SIZE.toLocaleString("en")} meals on PostgreSQL, ${CONNECTIONS} connections, the median of ${TRIALS} trials of ${DURATION_S} s each (app and limit taking turns), browser headers:`,
      "| endpoint | app req/s | limit req/s | app / limit | app p50 / p99 ms | app p99 range | limit p50 / p99 ms | limit p99 range | bytes sent | failed |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...results.map(
        ({ name, app: a, limit: l }) =>
          `| ${name} | ${a.median.rps.toFixed(0)} | ${l.median.rps.toFixed(0)} | ${(a.median.rps / l.median.rps).toFixed(2)} | ${a.median.p50} / ${a.median.p99} | ${range(a.p99s)} | ${l.median.p50} / ${l.median.p99} | ${range(l.p99s)} | ${a.median.bytes.toFixed(0)} | ${a.failures + l.failures} |`,
      ),
    );

    await stopServer(app);
    app = undefined;
    if (options.profile) {
      const [file] = readdirSync(profileDir).filter((entry) => entry.endsWith(".cpuprofile"));
      lines.push("", "The app's top five by self time over the whole run (node --cpu-prof):");
      if (file) lines.push(...topSelfTime(path.join(profileDir, file)).map((line) => `  ${line}`));
    }

    if (process.argv.includes("--quick")) return lines;
    // The statements behind each endpoint, and the households' request lists, at this size.
    const { buildApp } = await import("../src/server/app");
    const { loadConfig } = await import("../src/server/config");
    const config = loadConfig({ ...process.env, DATABASE_URL: url.href, LOG_LEVEL: "silent" });
    const inProcess = await buildApp({ config, database });
    try {
      lines.push("", `Statements per request at ${SIZE.toLocaleString("en")} meals (EXPLAIN ANALYZE):`);
      for (const endpoint of [
        ...endpoints,
        { name: "incoming requests (GET /api/requests?type=incoming)", path: "/api/requests?type=incoming" },
        { name: "my requests (GET /api/requests?type=outgoing)", path: "/api/requests?type=outgoing" },
      ]) {
        const statements = await recordStatements(pool, async () => {
          const response = await inProcess.inject({ url: endpoint.path, headers: { cookie } });
          if (response.statusCode !== 200) throw new Error(`${endpoint.path}: ${response.statusCode}`);
        });
        lines.push(
          `${endpoint.name}: ${statements.length} statements`,
          ...(await explainAll(pool, statements)),
        );
      }
    } finally {
      await inProcess.close();
    }
  } finally {
    if (app) await stopServer(app);
    if (limit) await stopServer(limit);
    await database.close();
    rmSync(profileDir, { recursive: true, force: true });
    if (!kept) {
      await dropBenchDatabase(serverUrl, name);
    }
  }
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const serverUrl = benchServerUrl();
  for (const line of await benchLimit(serverUrl, { profile: process.argv.includes("--profile") })) {
    console.log(line);
  }
}
