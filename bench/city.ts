/**
 * A city of a million meals (docs/decisions/015): the same bench at 100,000 and at 1,000,000 meals on
 * PostgreSQL (TEST_DATABASE_URL's server), each size in a fresh database seeded in SQL as a city that
 * has run for three years: 95 % of the meals past, posted from their cooks' homes, members (a fifth of
 * the meals' count) living around the centre as a city's density falls off (a normal spread of about
 * 7 km), every member with a home area, an alert for every twentieth meal, 1,000 groups with a tenth
 * of the meals members-only, a fifth of the meals requested (most of the past ones picked up and
 * reviewed), five notifications a member (nine in ten read).
 *
 * Each path is measured on the app as `npm start` runs it (50 connections, the median of
 * `BENCH_TRIALS` trials of `BENCH_DURATION_S` s, browser headers), one app process per size, and,
 * where bench/limit-server.ts does the same job (the feed, a meal's detail), on its plain limit at the
 * largest size: all of them taking turns trial by trial, so each ratio compares figures taken on the
 * same machine in the same minutes. A meal's detail is measured twice: a meal nobody waits for, and
 * one with 10,000 neighbours on its waiting list. Then every statement behind each path is EXPLAINed
 * at each size; a sequential scan of meals, users, alerts or group memberships is named in the
 * table. The alert match of one posted meal and a draw with 10,000 entrants (members with a history,
 * so the ticket and fair-use rules read it) are timed on one connection.
 *
 * Prints one table: each path at 1M, its ratio to 100k, and its ratio to the plain limit.
 * Run: `TEST_DATABASE_URL=postgres://… npm run bench:city` (`BENCH_CITY_SIZES=100000,1000000`,
 * `BENCH_CITY_KEEP=1` keeps the databases and reuses them on the next run, `BENCH_CITY_ONLY=map` measures
 * only the paths whose name holds it).
 */
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createSession, SESSION_COOKIE } from "../src/server/auth/sessions";
import { type Database, openDatabase, queryRows } from "../src/server/db/client";
import { OPEN_MEAL_SQL } from "../src/server/features/meals/availability";
import { benchServerUrl, dropBenchDatabase, freshBenchDatabase } from "./database";
import {
  ADJECTIVES,
  ALLERGENS,
  boxParam,
  CENTER,
  CITY_BOX,
  DISHES,
  measureAlertMatch,
  STREETS_BOX,
  seedAlerts,
} from "./discovery";
import { timeDraw } from "./draw";
import { seedGroups } from "./groups";
import { answer, explainAll, measure, type Run, recordStatements, summarise, type Trials } from "./limit";
import { startServer, stopServer } from "./server";

const SIZES = process.env.BENCH_CITY_SIZES?.split(",").map(Number) ?? [100_000, 1_000_000];
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const TRIALS = Number(process.env.BENCH_TRIALS ?? 3);
const KEEP = process.env.BENCH_CITY_KEEP === "1";
/** The plain limit's port; each size's app takes the next one up (`APP_PORT + index`). */
const LIMIT_PORT = 5095;
const APP_PORT = LIMIT_PORT + 1;
/** Rows a seeding statement inserts at most: progress on the console, and no statement runs for minutes. */
const CHUNK = 100_000;
/** Tables a hot path must never read whole. */
const WATCHED = ["meals", "users", "meal_alerts", "group_members"];
const DRAW_ENTRANTS = 10_000;
/** The waiting list of the popular meal whose page is measured: what a draw of 10,000 leaves. */
const POPULAR_WAITING = 10_000;

type Db = Database["db"];

/** Seeds the city at `size` meals; returns how long it took in seconds. */
async function seedCity(db: Db, size: number): Promise<number> {
  const started = performance.now();
  const members = Math.round(size / 5);
  const open = Math.round(size * 0.05);
  const list = (values: string[]) => sql`${JSON.stringify(values)}::jsonb`;
  const [adjectives, dishes, allergens] = [list(ADJECTIVES), list(DISHES), list(ALLERGENS)];
  // A normal spread (Box–Muller) of about 6.7 km north–south and 7 km east–west around the centre.
  const spread = (sigma: number) => sql`(sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) * ${sigma})`;
  const log = (what: string) =>
    console.error(
      `  ${size.toLocaleString("en")}: ${what} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  await db.execute(sql`select setseed(0.31)`);
  await db.execute(sql`
    insert into users (oidc_issuer, oidc_subject, email, first_name, last_name, home_latitude, home_longitude,
                       home_radius_km, created_at)
    select 'bench', 'u' || lpad(i::text, 7, '0'), 'u' || i || '@bench.test', 'Neighbour', 'No. ' || i,
           round((${CENTER.latitude} + ${spread(0.06)})::numeric, 3)::float8,
           round((${CENTER.longitude} + ${spread(0.1)})::numeric, 3)::float8,
           (array[1, 2, 5, 5, 5, 10, 25])[1 + i % 7],
           now() - random() * interval '1100 days'
    from generate_series(1, ${members}) as i`);
  log(`${members.toLocaleString("en")} members`);
  for (let from = 1; from <= size; from += CHUNK) {
    const through = Math.min(size, from + CHUNK - 1);
    // Meal i ≤ open is open (posted in the last two days); the others ended over three years.
    await db.execute(sql`
      with numbered as (
        select id, home_latitude, home_longitude, row_number() over (order by oidc_subject) as n
        from users where oidc_issuer = 'bench')
      insert into meals (owner_id, title, description, ingredients, allergens, kind, price_cents, portion_size,
                         pickup_window_start, pickup_window_end, pickup_location, pickup_latitude, pickup_longitude,
                         is_active, created_at)
      select owner.id,
             (${adjectives} ->> (i % ${ADJECTIVES.length})) || ' ' || (${dishes} ->> ((i / ${ADJECTIVES.length}) % ${DISHES.length})),
             'Made too much today, portion ' || i || '. Bring a container, please.',
             'onion, garlic, tomato, ' || (${dishes} ->> ((i / ${ADJECTIVES.length}) % ${DISHES.length})),
             (${allergens} ->> (i % ${ALLERGENS.length})),
             (case when i % 2 = 0 then 'free' else 'paid' end)::meal_kind,
             case when i % 2 = 0 then null else 300 + (i % 12) * 50 end,
             1 + i % 6,
             t.posted + interval '1 hour',
             case when i <= ${open} then now() + (1 + i % 48) * interval '1 hour'
                  else t.posted + (2 + i % 24) * interval '1 hour' end,
             'Street ' || (i % 300),
             owner.home_latitude, owner.home_longitude,
             i % 40 <> 7,
             t.posted
      from generate_series(${from}::int, ${through}::int) as i
      cross join lateral (
        select date_trunc('milliseconds', case when i <= ${open} then now() - (i::float8 / ${open}) * interval '2 days'
                    else now() - interval '2 days' - ((i - ${open})::float8 / ${size - open}) * interval '1095 days' end)
               as posted) as t
      join numbered as owner on owner.n = 1 + (i::bigint * 7919) % ${members}`);
    log(`meals ${through.toLocaleString("en")}`);
  }
  // A fifth of the meals requested: past ones mostly picked up, open ones waiting or accepted.
  for (let from = 1; from <= size; from += CHUNK) {
    const through = Math.min(size, from + CHUNK - 1);
    await db.execute(sql`
      with numbered as (select id, row_number() over (order by oidc_subject) as n from users where oidc_issuer = 'bench'),
           picked as (
             select m.id, m.owner_id, m.pickup_window_end > now() as open, row_number() over (order by m.created_at desc) as i
             from meals m)
      insert into requests (meal_id, eater_id, feeder_id, status)
      select p.id, eater.id, p.owner_id,
             case when p.open then (case when p.i % 3 = 0 then 'accepted' else 'pending' end)
                  when p.i % 10 = 5 then 'cancelled' when p.i % 10 = 0 then 'declined' else 'completed' end
      from picked p
      join numbered eater on eater.n = 1 + (p.i * 104729) % ${members}
      where p.i between ${from} and ${through} and p.i % 5 = 0 and eater.id <> p.owner_id`);
  }
  await db.execute(sql`
    insert into reviews (request_id, meal_id, reviewer_id, reviewee_id, reviewer_role, rating, text)
    select id, meal_id, eater_id, feeder_id, 'eater', 3 + (abs(hashtext(id::text)) % 3), 'Lovely, thank you!'
    from requests where status = 'completed'`);
  log("requests and reviews");
  await db.execute(sql`
    insert into notifications (user_id, type, text, link, is_read, created_at)
    select u.id, 'request_new', 'A neighbour asked for your meal', '/requests', k > 1,
           now() - (k * 200 + abs(hashtext(u.id::text)) % 200) * interval '1 day'
    from users u cross join generate_series(1, 5) as k
    where u.oidc_issuer = 'bench'`);
  log("notifications");
  await seedAlerts(db, Math.round(size / 20));
  log("alerts");
  await seedGroups(db);
  log("groups");
  return (performance.now() - started) / 1000;
}

interface Path {
  name: string;
  path: string;
  /** Whose cookie: the resident (no groups) or the member of five groups. */
  as?: "grouped";
  /** The plain limit does the same job at this path. */
  limit?: boolean;
}

/** One size's figures: each path's trials, its limit's where there is one, and the plans' findings. */
interface SizeResult {
  size: number;
  seededS: number;
  app: Map<string, Trials>;
  limit: Map<string, Trials>;
  seqScans: Map<string, string[]>;
  statements: Map<string, number>;
  alert: { p50: string; p99: string; matched: number };
  draw: Awaited<ReturnType<typeof timeDraw>>;
  plans: string[];
}

async function openCity(serverUrl: string, size: number) {
  const name = `mealshare_bench_city_${size}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // A kept database is reused only if its seeding finished (the groups come last).
  let reuse = false;
  if (KEEP) {
    const kept = new pg.Client({ connectionString: url.href });
    reuse = await kept
      .connect()
      .then(() => kept.query("select 1 from groups limit 1"))
      .then((result) => result.rowCount === 1)
      .catch(() => false)
      .finally(() => kept.end().catch(() => {}));
  }
  if (!reuse) {
    const { database } = await freshBenchDatabase(serverUrl, name);
    return { name, url: url.href, database, reuse };
  }
  const migrating = performance.now();
  const database = await openDatabase({ url: url.href, bounded: false });
  console.error(`  ${name} opened and migrated in ${((performance.now() - migrating) / 1000).toFixed(1)} s`);
  return { name, url: url.href, database, reuse };
}

/** A seeded city ready to be measured: its database, the two members' cookies and its paths. */
interface City {
  size: number;
  name: string;
  url: string;
  database: Database;
  pool: pg.Pool;
  seededS: number;
  cookies: { resident: string; grouped: string };
  paths: Path[];
}

/** Opens (or seeds) the city at `size` meals and signs in its resident and its member of 5 groups. */
async function prepareCity(serverUrl: string, size: number): Promise<City> {
  console.error(`city of ${size.toLocaleString("en")} meals…`);
  const { name, url, database, reuse } = await openCity(serverUrl, size);
  const { db } = database;
  const pool = (database.driver as { pool: pg.Pool }).pool;
  try {
    const seededS = reuse ? 0 : await seedCity(db, size);
    // The resident: a member of no group living at the centre (5 km); the grouped member: in 5 groups.
    const [resident] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (oidc_issuer, oidc_subject, email, first_name, last_name, home_latitude, home_longitude, home_radius_km)
          values ('bench-city', ${`resident-${Date.now()}`}, ${`resident-${Date.now()}@bench.test`}, 'Resident', 'Bench',
                  ${CENTER.latitude}, ${CENTER.longitude}, 5)
          returning id`,
    );
    const [grouped] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (oidc_issuer, oidc_subject, email, first_name, last_name, home_latitude, home_longitude, home_radius_km)
          values ('bench-city', ${`grouped-${Date.now()}`}, ${`grouped-${Date.now()}@bench.test`}, 'Grouped', 'Bench',
                  ${CENTER.latitude}, ${CENTER.longitude}, 5)
          returning id`,
    );
    await db.execute(sql`
      insert into group_members (group_id, user_id, role, rules_accepted)
      select id, ${grouped.id}, 'member', rules_version from groups
      where visibility = 'listed' order by member_count desc, id limit 5`);
    if (reuse) {
      // What a run before left queued (its draw's deliveries) would run during this one's EXPLAINs.
      await pool.query("delete from pgboss.job where state in ('created', 'retry')");
    }
    // The newest open meal the seeding posted: a kept database also holds the meal an earlier run's
    // draw posted, newer and with ~10,000 neighbours on its waiting list.
    const [meal] = await queryRows<{ id: string }>(
      db,
      sql`select id from meals where ${OPEN_MEAL_SQL} and not members_only
          and exists (select 1 from users where users.id = meals.owner_id and users.oidc_issuer = 'bench')
          order by created_at desc limit 1`,
    );
    // A popular meal: the next newest, with 10,000 neighbours on its waiting list (as a draw of 10,000
    // leaves it), so its page shows what a long line costs a view (docs/decisions/015). Made before
    // the statistics are taken: planned on an empty line's, a member's own place was looked up by
    // walking the whole line (as autovacuum's ANALYZE would soon correct in a deployment).
    const [popular] = await queryRows<{ id: string }>(
      db,
      sql`select id from meals where ${OPEN_MEAL_SQL} and not members_only and id <> ${meal.id}
          and exists (select 1 from users where users.id = meals.owner_id and users.oidc_issuer = 'bench')
          order by created_at desc limit 1`,
    );
    await db.execute(sql`
      insert into waitlist_entries (meal_id, user_id, portions)
      select ${popular.id}::uuid, id, 1 from users
      where oidc_issuer = 'bench' and oidc_subject like 'u%'
        and id <> (select owner_id from meals where id = ${popular.id})
      order by id limit ${POPULAR_WAITING}
      on conflict (meal_id, user_id) where status = 'waiting' do nothing`);
    await pool.query("VACUUM ANALYZE");
    const cookies = {
      resident: `${SESSION_COOKIE}=${await createSession(db, resident.id)}`,
      grouped: `${SESSION_COOKIE}=${await createSession(db, grouped.id)}`,
    };
    const paths: Path[] = [
      { name: "feed, Everywhere (GET /api/meals)", path: "/api/meals", limit: true },
      { name: "home area, nearest", path: "/api/meals?near=home" },
      { name: "home area, newest", path: "/api/meals?near=home&sort=newest" },
      { name: "map, streets (3 × 2 km)", path: `/api/meals/map?bbox=${boxParam(STREETS_BOX)}` },
      { name: "map, whole city", path: `/api/meals/map?bbox=${boxParam(CITY_BOX)}` },
      { name: "search 'lasagne'", path: "/api/meals?q=lasagne" },
      { name: "feed, member of 5 groups", path: "/api/meals", as: "grouped" },
      { name: "meal detail", path: `/api/meals/${meal.id}`, limit: true },
      { name: "meal detail, 10,000 waiting", path: `/api/meals/${popular.id}` },
      { name: "notifications", path: "/api/notifications" },
    ];

    // BENCH_CITY_ONLY=map: only the paths whose name holds it (a change's trial runs).
    const only = process.env.BENCH_CITY_ONLY;
    if (only) paths.splice(0, paths.length, ...paths.filter((entry) => entry.name.includes(only)));
    return { size, name, url, database, pool, seededS, cookies, paths };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Measures every path on each city's app, taking turns trial by trial (and on the largest city's
 * plain limit where it does the same job), so a machine that slows down or speeds up during the run
 * weighs on every size alike: the ratios compare figures taken minutes, not a quarter of an hour,
 * apart. Each city is served by its own `npm start` process on its own port.
 */
async function measureCities(
  cities: City[],
): Promise<{ app: Map<string, Trials>[]; limit: Map<string, Trials> }> {
  const largest = cities[cities.length - 1];
  const apps: ChildProcess[] = [];
  let limit: ChildProcess | undefined;
  try {
    for (const [index, city] of cities.entries()) {
      apps.push(await startServer(["scripts/start.mjs"], { DATABASE_URL: city.url }, APP_PORT + index));
    }
    limit = await startServer(
      ["--import", "tsx", "bench/limit-server.ts"],
      { DATABASE_URL: largest.url },
      LIMIT_PORT,
    );
    const appTrials = cities.map(() => new Map<string, Trials>());
    const limitTrials = new Map<string, Trials>();
    for (const [which, first] of largest.paths.entries()) {
      const runs = { app: cities.map((): Run[] => []), limit: [] as Run[] };
      const appUrl = (index: number) =>
        `http://127.0.0.1:${APP_PORT + index}${cities[index].paths[which].path}`;
      const cookieOf = (city: City) => city.cookies[first.as ?? "resident"];
      const limitUrl = `http://127.0.0.1:${LIMIT_PORT}${first.path}`;
      if (
        first.limit &&
        !isDeepStrictEqual(
          await answer(appUrl(cities.length - 1), cookieOf(largest)),
          await answer(limitUrl, cookieOf(largest)),
        )
      ) {
        throw new Error(`${first.name}: the limit answers other JSON than the app`);
      }
      for (const [index, city] of cities.entries()) {
        await answer(appUrl(index), cookieOf(city));
        await measure(appUrl(index), cookieOf(city), 2); // warm-up: JIT, plans, pools
      }
      if (first.limit) await measure(limitUrl, cookieOf(largest), 2);
      for (let trial = 0; trial < TRIALS; trial++) {
        for (const [index, city] of cities.entries()) {
          runs.app[index].push(await measure(appUrl(index), cookieOf(city), DURATION_S));
        }
        if (first.limit) runs.limit.push(await measure(limitUrl, cookieOf(largest), DURATION_S));
      }
      for (const [index, city] of cities.entries()) {
        appTrials[index].set(first.name, summarise(runs.app[index]));
        console.error(
          `  ${city.size.toLocaleString("en")}: ${first.name} ${appTrials[index].get(first.name)?.median.rps.toFixed(0)} req/s`,
        );
      }
      if (first.limit) limitTrials.set(first.name, summarise(runs.limit));
    }
    return { app: appTrials, limit: limitTrials };
  } finally {
    for (const app of apps) await stopServer(app);
    if (limit) await stopServer(limit);
  }
}

/** EXPLAINs every statement behind each of the city's paths, and times its alert match and a draw. */
async function explainCity(
  city: City,
  app: Map<string, Trials>,
  limit: Map<string, Trials>,
): Promise<SizeResult> {
  const { database, pool, cookies, paths, size, url } = city;
  const { db } = database;
  // Every statement behind each path, EXPLAINed at this size.
  const { buildApp } = await import("../src/server/app");
  const { loadConfig } = await import("../src/server/config");
  const config = loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" });
  const inProcess = await buildApp({ config, database });
  const seqScans = new Map<string, string[]>();
  const statements = new Map<string, number>();
  const plans: string[] = [];
  try {
    for (const entry of paths) {
      const seen = await recordStatements(pool, async () => {
        const response = await inProcess.inject({
          url: entry.path,
          headers: { cookie: cookies[entry.as ?? "resident"] },
        });
        if (response.statusCode !== 200)
          throw new Error(`${entry.path}: ${response.statusCode} ${response.body}`);
      });
      const lines = await explainAll(pool, seen);
      statements.set(entry.name, seen.length);
      plans.push(`${entry.name}: ${seen.length} statements`, ...lines);
      const scanned = new Set<string>();
      for (const line of lines) {
        const found = /seq scan of ([\w, ]+) —/.exec(line)?.[1];
        for (const table of found?.split(", ") ?? []) if (WATCHED.includes(table)) scanned.add(table);
      }
      seqScans.set(entry.name, [...scanned]);
    }
  } finally {
    await inProcess.close();
  }
  const alert = await measureAlertMatch(db, pool);
  plans.push(
    `alert match of one posted meal: ${alert.plan.includes("Seq Scan on meal_alerts") ? "SEQ SCAN of meal_alerts" : "no sequential scan of meal_alerts"}`,
  );
  const draw = await timeDraw(db, DRAW_ENTRANTS, {
    members: sql`select id from users where oidc_issuer = 'bench' and oidc_subject like 'u%'`,
  });
  return {
    size,
    seededS: city.seededS,
    app,
    limit,
    seqScans,
    statements,
    alert: { p50: alert.p50, p99: alert.p99, matched: alert.matched },
    draw,
    plans,
  };
}

/** Runs every size and returns the table (and each size's plans) as lines. */
export async function benchCity(serverUrl: string): Promise<string[]> {
  const cities: City[] = [];
  const results: SizeResult[] = [];
  try {
    for (const size of SIZES) cities.push(await prepareCity(serverUrl, size));
    const measured = await measureCities(cities);
    for (const [index, city] of cities.entries()) {
      const last = index === cities.length - 1;
      results.push(await explainCity(city, measured.app[index], last ? measured.limit : new Map()));
    }
  } finally {
    for (const city of cities) {
      await city.database.close();
      if (!KEEP) await dropBenchDatabase(serverUrl, city.name);
    }
  }
  const small = results[0];
  const large = results[results.length - 1];
  const k = (size: number) => (size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`);
  const ratio = (a?: number, b?: number) => (a && b ? (a / b).toFixed(2) : "–");
  const lines = [
    `A city at ${results.map((r) => r.size.toLocaleString("en")).join(" and ")} meals on PostgreSQL (95 % past; members a fifth of the meals, alerts a twentieth, 1,000 groups), ${50} connections, the median of ${TRIALS} trials of ${DURATION_S} s; seeding took ${results.map((r) => `${r.seededS.toFixed(0)} s`).join(" and ")}:`,
    `| path | ${k(large.size)} req/s | ${k(large.size)} p50 / p99 ms | ${k(small.size)} req/s | ${k(large.size)} / ${k(small.size)} | limit req/s | app / limit | limit p50 / p99 ms | app p99 / limit p99 | statements | seq scan of a watched table |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const [name, trials] of large.app) {
    const before = small.app.get(name);
    const limit = large.limit.get(name);
    lines.push(
      `| ${name} | ${trials.median.rps.toFixed(0)} | ${trials.median.p50} / ${trials.median.p99} | ${before?.median.rps.toFixed(0) ?? "–"} | ${ratio(trials.median.rps, before?.median.rps)} | ${limit?.median.rps.toFixed(0) ?? "–"} | ${ratio(trials.median.rps, limit?.median.rps)} | ${limit ? `${limit.median.p50} / ${limit.median.p99}` : "–"} | ${ratio(trials.median.p99, limit?.median.p99)} | ${large.statements.get(name)} | ${large.seqScans.get(name)?.join(", ") || "none"} |`,
    );
  }
  lines.push(
    `| alert match of one posted meal (1 connection, 300 meals) | p50 ${large.alert.p50} / p99 ${large.alert.p99} ms, ${large.alert.matched.toFixed(1)} alerts each | | p50 ${small.alert.p50} / p99 ${small.alert.p99} ms | | | | | | | |`,
    `| draw with ${DRAW_ENTRANTS.toLocaleString("en")} entrants (its transaction; the line job) | ${large.draw.serverMs.toFixed(0)} ms; ${large.draw.lineMs.toFixed(0)} ms | | ${small.draw.serverMs.toFixed(0)} ms; ${small.draw.lineMs.toFixed(0)} ms | ${ratio(small.draw.serverMs, large.draw.serverMs)} | | | | | | |`,
  );
  for (const result of results) {
    lines.push(
      "",
      `Statements per path at ${result.size.toLocaleString("en")} meals (EXPLAIN ANALYZE):`,
      ...result.plans,
    );
  }
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const serverUrl = benchServerUrl();
  for (const line of await benchCity(serverUrl)) console.log(line);
}
