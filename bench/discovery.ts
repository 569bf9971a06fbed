/**
 * Discovery at scale (docs/features/discovery.md, docs/features/neighbourhood.md): the meal list, a
 * search, "near me", the lists local to a home area (nearest and newest first) and the map's box at
 * 1,000, 10,000 and 100,000 meals on PostgreSQL (TEST_DATABASE_URL's server), each under 50 concurrent
 * connections; and, with as many alerts as meals, the alert match of one new meal.
 *
 * For each size: a fresh database is seeded in SQL (meals from 40 dishes, half free, spread over a
 * city; a fifth with requests, completed ones reviewed), the app runs as its own process like
 * `npm start`, and autocannon measures requests/s, p50 and p99 of the first page at 50 connections,
 * then p50/p99 at one connection (a request's own cost, without queueing). The same SQL the
 * API runs is EXPLAINed, and the line says which indexes the plan used and whether it sorted or
 * scanned the whole table. Run: `TEST_DATABASE_URL=postgres://… npx tsx bench/discovery.ts`.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import { MAP_MEALS_MAX, MEAL_PAGE_SIZE } from "../src/contract/meals";
import type { BoundingBox } from "../src/contract/places";
import { createSession, SESSION_COOKIE } from "../src/server/auth/sessions";
import { type openDatabase, queryRows } from "../src/server/db/client";
import { matchStatement } from "../src/server/features/alerts/matching";
import { OPEN_MEAL_SQL } from "../src/server/features/meals/availability";
import {
  buildMealListStatements,
  listOpenMeals,
  type MealListFilters,
} from "../src/server/features/meals/list";
import { buildMapStatement } from "../src/server/features/meals/map";
import { benchServerUrl, dropBenchDatabase, freshBenchDatabase } from "./database";
import { startServer, stopServer } from "./server";

/** Table sizes to measure; BENCH_SIZES=1000,5000 narrows a quick trial. */
const SIZES = process.env.BENCH_SIZES?.split(",").map(Number) ?? [1_000, 10_000, 100_000];
const CONNECTIONS = 50;
/** The page the browser asks for (the list's default). */
const PAGE = MEAL_PAGE_SIZE;
const DURATION_S = 8;
const ALONE_S = 5;
export const CENTER = { latitude: 51.5, longitude: -0.12 };
export const DISHES = [
  "lasagne",
  "chickpea curry",
  "lentil soup",
  "shepherd's pie",
  "pad thai",
  "risotto",
  "paella",
  "moussaka",
  "ramen",
  "falafel wraps",
  "chilli con carne",
  "dal",
  "goulash",
  "tagine",
  "jollof rice",
  "biryani",
  "pierogi",
  "enchiladas",
  "minestrone",
  "quiche",
  "fish pie",
  "ratatouille",
  "bibimbap",
  "pho",
  "gumbo",
  "couscous salad",
  "banana bread",
  "apple crumble",
  "carrot cake",
  "brownies",
  "crème brûlée",
  "vegetable stew",
  "mac and cheese",
  "stir fry",
  "dumplings",
  "burritos",
  "frittata",
  "gnocchi",
  "laksa",
  "pasta bake",
];
export const ADJECTIVES = [
  "Homemade",
  "Spicy",
  "Grandma's",
  "Vegan",
  "Leftover",
  "Weekend",
  "Family-size",
  "Mild",
];
export const ALLERGENS = [
  "",
  "gluten",
  "milk, eggs",
  "tree nuts",
  "peanuts",
  "fish",
  "gluten, milk",
  "sesame, soy",
];

/** A box a phone's map shows around the centre (about 3 × 2 km), and a whole city's. */
export const STREETS_BOX = { west: -0.14, south: 51.49, east: -0.1, north: 51.51 };
export const CITY_BOX = { west: -0.27, south: 51.35, east: 0.03, north: 51.65 };
export const boxParam = (box: BoundingBox) => [box.west, box.south, box.east, box.north].join(",");

/** The lists the briefs ask about, as the browser asks for them. */
const QUERIES: { name: string; url: string; filters: MealListFilters; bbox?: BoundingBox }[] = [
  { name: "GET /api/meals", url: "/api/meals", filters: {} },
  { name: "search q=lasagne", url: "/api/meals?q=lasagne", filters: { q: "lasagne" } },
  {
    name: "near me (5 km)",
    url: `/api/meals?near=${CENTER.latitude},${CENTER.longitude}&radiusKm=5`,
    filters: { near: CENTER, radiusKm: 5 },
  },
  // The bench member's home area is the centre, with a 5 km radius.
  { name: "home area, nearest", url: "/api/meals?near=home", filters: { near: CENTER, radiusKm: 5 } },
  {
    name: "home area, newest",
    url: "/api/meals?near=home&sort=newest",
    filters: { near: CENTER, radiusKm: 5, sort: "newest" },
  },
  {
    name: "map, streets",
    url: `/api/meals/map?bbox=${boxParam(STREETS_BOX)}`,
    filters: {},
    bbox: STREETS_BOX,
  },
  { name: "map, whole city", url: `/api/meals/map?bbox=${boxParam(CITY_BOX)}`, filters: {}, bbox: CITY_BOX },
];

interface Measured {
  size: number;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  aloneP50: number;
  aloneP99: number;
  failures: number;
  plan: string;
}

/** Seeds `size` open meals, users, requests and reviews in a few set-based statements. */
export async function seed(db: Awaited<ReturnType<typeof openDatabase>>["db"], size: number) {
  const owners = Math.max(50, Math.floor(size / 20));
  const list = (values: string[]) => sql`${JSON.stringify(values)}::jsonb`;
  const [adjectives, dishes, allergens] = [list(ADJECTIVES), list(DISHES), list(ALLERGENS)];
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into users (oidc_issuer, oidc_subject, email, first_name, last_name)
    select 'bench', 'u' || i, 'u' || i || '@bench.test', 'Neighbour', 'No. ' || i
    from generate_series(1, ${owners}) as i`);
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by oidc_subject) as n from users where oidc_issuer = 'bench')
    insert into meals (owner_id, title, description, ingredients, allergens, kind, price_cents, portion_size,
                       pickup_window_start, pickup_window_end, pickup_location, latitude, longitude, created_at)
    select owner.id,
           (${adjectives} ->> (i % ${ADJECTIVES.length})) || ' ' || (${dishes} ->> ((i / ${ADJECTIVES.length}) % ${DISHES.length})),
           'Made too much today, portion ' || i || '. Bring a container, please.',
           'onion, garlic, tomato, ' || (${dishes} ->> ((i / ${ADJECTIVES.length}) % ${DISHES.length})),
           (${allergens} ->> (i % ${ALLERGENS.length})),
           (case when i % 2 = 0 then 'free' else 'paid' end)::meal_kind,
           case when i % 2 = 0 then null else 300 + (i % 12) * 50 end,
           1 + i % 6,
           now() - interval '1 hour',
           now() + (1 + i % 48) * interval '1 hour',
           'Street ' || (i % 300),
           round((${CENTER.latitude} + (random() - 0.5) * 0.3)::numeric, 3)::float8,
           round((${CENTER.longitude} + (random() - 0.5) * 0.3)::numeric, 3)::float8,
           date_trunc('milliseconds', now()) - i * interval '7 seconds'
    from generate_series(1, ${size}) as i
    join numbered as owner on owner.n = 1 + i % ${owners}`);
  // A fifth of the meals have a request: completed (and reviewed), accepted or pending.
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by oidc_subject) as n from users where oidc_issuer = 'bench'),
         picked as (select m.id, m.owner_id, row_number() over (order by m.created_at) as i from meals m)
    insert into requests (meal_id, eater_id, feeder_id, status)
    select p.id, eater.id, p.owner_id,
           case p.i % 15 when 0 then 'completed' when 5 then 'accepted' else 'pending' end
    from picked p
    join numbered eater on eater.n = 1 + (p.i * 7) % ${owners}
    where p.i % 5 = 0 and eater.id <> p.owner_id`);
  await db.execute(sql`
    insert into reviews (request_id, meal_id, reviewer_id, reviewee_id, reviewer_role, rating, text)
    select id, meal_id, eater_id, feeder_id, 'eater', 3 + (abs(hashtext(id::text)) % 3), 'Lovely, thank you!'
    from requests where status = 'completed'`);
}

/**
 * Seeds `count` alerts (docs/features/neighbourhood.md point 6) over a metropolitan region around the
 * city (about 330 × 210 km), radii weighted to the small ones (1 km 20 %, 2 km 30 %, 5 km 40 %,
 * 10 km 8 %, 25 km 2 %), 70 % with a dish to look for, a third of them for one kind, a fifth avoiding
 * peanuts, a tenth paused.
 */
export async function seedAlerts(db: Awaited<ReturnType<typeof openDatabase>>["db"], count: number) {
  const dishes = sql`${JSON.stringify(DISHES.map((dish) => dish.split(" ")[0].replace(/[^a-z]/g, "")))}::jsonb`;
  await db.execute(sql`select setseed(0.24)`);
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by oidc_subject) as n from users where oidc_issuer = 'bench'),
         owners as (select count(*) as total from numbered),
         wanted as (
           select i, ${dishes} ->> (i % ${DISHES.length}) as word,
                  (array[1,1,2,2,2,5,5,5,5,10])[1 + (i % 10)] as radius,
                  (case when i % 50 = 7 then 25 end) as wide
           from generate_series(1, ${count}) as i)
    insert into meal_alerts (user_id, query_text, query, kind, exclude_allergens,
                             latitude, longitude, radius_km, paused)
    select owner.id,
           case when w.i % 10 < 7 then w.word end,
           case when w.i % 10 < 7 then to_tsquery('mealshare', '(' || w.word || ':*)') end,
           (case w.i % 3 when 0 then 'free' when 1 then 'paid' end)::meal_kind,
           case when w.i % 5 = 0 then '{peanuts}'::text[] else '{}'::text[] end,
           round((${CENTER.latitude} + (random() - 0.5) * 3)::numeric, 3)::float8,
           round((${CENTER.longitude} + (random() - 0.5) * 3)::numeric, 3)::float8,
           coalesce(w.wide, w.radius),
           w.i % 10 = 3
    from wanted w, owners
    join numbered as owner on true
    where owner.n = 1 + w.i % owners.total`);
}

/**
 * The alert match of one new meal (matching.ts's statement, without recording), one at a time on one
 * connection, for `runs` open meals of the table: p50 and p99 in ms, the alerts matched on average, and the
 * plan of one of them.
 */
export async function measureAlertMatch(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  pool: pg.Pool,
  runs = 300,
) {
  const meals = await queryRows<{ id: string }>(
    db,
    sql`select id from meals where ${OPEN_MEAL_SQL} order by md5(id::text) limit ${runs}`,
  );
  const times: number[] = [];
  let matched = 0;
  for (const meal of meals) {
    const started = performance.now();
    matched += (await queryRows(db, matchStatement(meal.id, { record: false }))).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  const plan = await explain(pool, matchStatement(meals[0].id, { record: false }));
  return { p50: at(0.5), p99: at(0.99), matched: matched / meals.length, plan };
}

async function load(url: string, cookie: string, duration: number, connections = CONNECTIONS) {
  return autocannon({ url, connections, duration, headers: { cookie } });
}

/** What the plan of one statement did: the indexes it used, and any scan or sort of all meals. */
function summarisePlan(plan: string): string {
  const indexes = [...new Set([...plan.matchAll(/(?:using|Bitmap Index Scan on) (\w+)/gi)].map((m) => m[1]))];
  const seqScan = /Seq Scan on (meals|meal_alerts)\b/.test(plan) ? " SEQ SCAN of a whole table!" : "";
  const times = [...plan.matchAll(/Execution Time: ([\d.]+) ms/g)].map((m) => Number(m[1]));
  const time = times.reduce((sum, t) => sum + t, 0).toFixed(3);
  const statements = times.length > 1 ? ` (${times.length} statements)` : "";
  return `${time} ms${statements} via ${indexes.join(", ") || "no index"}${seqScan}`;
}

async function explain(pool: pg.Pool, query: SQL) {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  const result = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
  return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
}

/** Runs the whole benchmark and prints the table; returns the lines for `npm run bench`. */
export async function benchDiscovery(serverUrl: string, options: { verbosePlans?: boolean } = {}) {
  const results: Measured[] = [];
  const alertResults: { size: number; p50: string; p99: string; matched: number; plan: string }[] = [];
  for (const size of SIZES) {
    const name = `mealshare_bench_${size}`;
    const { database, url } = await freshBenchDatabase(serverUrl, name);
    const seeding = performance.now();
    await seed(database.db, size);
    const pool = (database.driver as { pool: pg.Pool }).pool;
    await pool.query("VACUUM ANALYZE");
    await seedAlerts(database.db, size);
    await pool.query("VACUUM ANALYZE");
    const [bench] = await queryRows<{ id: string }>(database.db, sql`select id from users limit 1`);
    // The bench member's home area: the centre, 5 km (the local lists' queries).
    await database.db.execute(
      sql`update users set home_latitude = ${CENTER.latitude}, home_longitude = ${CENTER.longitude}, home_radius_km = 5 where id = ${bench.id}`,
    );
    const cookie = `${SESSION_COOKIE}=${await createSession(database.db, bench.id)}`;
    console.error(`${size} meals seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    const port = 5090;
    const server = await startServer(
      ["--import", "tsx", "src/server/main.ts"],
      {
        DATABASE_URL: url,
        NODE_ENV: "",
      },
      port,
    );
    try {
      for (const query of QUERIES) {
        const target = `http://127.0.0.1:${port}${query.url}`;
        await load(target, cookie, 3); // warm-up: JIT, plans, caches
        const result = await load(target, cookie, DURATION_S);
        // One connection: what a request costs on its own, without waiting behind 49 others.
        const alone = await load(target, cookie, ALONE_S, 1);
        const listOptions = { ...query.filters, limit: PAGE, withCount: true };
        let plan = "";
        if (query.bbox) {
          const statement = await buildMapStatement(database.db, { bbox: query.bbox, limit: MAP_MEALS_MAX });
          plan = statement ? await explain(pool, statement) : "";
        } else {
          const built = await buildMealListStatements(database.db, listOptions);
          const { sort, count } = await listOpenMeals(database.db, listOptions);
          const matches = count ? { count: count.count, capped: count.capped } : undefined;
          // A dense newest-first local list runs its window's statement, then the walk (near.ts).
          const dense = query.filters.sort === "newest" && matches?.capped;
          plan = built
            ? [
                built.ranked ? await explain(pool, built.ranked) : "",
                sort === "relevance" && built.ranked ? "" : await explain(pool, built.page(sort)),
                dense ? await explain(pool, built.page(sort, matches)) : "",
              ].join("\n")
            : "";
        }
        if (options.verbosePlans && size === SIZES[SIZES.length - 1]) {
          console.error(`\n--- ${query.name} at ${size}\n${plan}\n`);
        }
        results.push({
          size,
          name: query.name,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          aloneP50: alone.latency.p50,
          aloneP99: alone.latency.p99,
          failures: result.non2xx + result.errors + result.timeouts + alone.non2xx + alone.errors,
          plan: summarisePlan(plan),
        });
      }
      const alerts = await measureAlertMatch(database.db, pool);
      if (options.verbosePlans && size === SIZES[SIZES.length - 1]) {
        console.error(`\n--- alert match at ${size}\n${alerts.plan}\n`);
      }
      alertResults.push({ size, ...alerts, plan: summarisePlan(alerts.plan) });
    } finally {
      await stopServer(server);
      await database.close();
      await dropBenchDatabase(serverUrl, name);
    }
  }

  const lines = [
    `Meal lists on PostgreSQL, ${CONNECTIONS} connections for ${DURATION_S} s, then 1 connection for ${ALONE_S} s (first page of ${PAGE}):`,
    `| query | meals | req/s | p50 ms | p99 ms | 1 conn. p50 / p99 ms | failed | plan at this size (EXPLAIN ANALYZE) |`,
    "|---|---:|---:|---:|---:|---:|---:|---|",
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.size.toLocaleString("en")} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.aloneP50} / ${r.aloneP99} | ${r.failures} | ${r.plan} |`,
    ),
    "",
    "The alert match of one new meal (as many alerts as meals, over the region around the city; 300 meals one at a time, 1 connection):",
    "| meals and alerts | p50 ms | p99 ms | alerts matched per meal | plan (EXPLAIN ANALYZE of one) |",
    "|---:|---:|---:|---:|---|",
    ...alertResults.map(
      (r) => `| ${r.size.toLocaleString("en")} | ${r.p50} | ${r.p99} | ${r.matched.toFixed(1)} | ${r.plan} |`,
    ),
    "",
    "| query | req/s ratio 100k / 1k | p99 at 100k |",
    "|---|---:|---:|",
    ...QUERIES.map((query) => {
      const small = results.find((r) => r.name === query.name && r.size === SIZES[0]);
      const large = results.find((r) => r.name === query.name && r.size === SIZES[SIZES.length - 1]);
      return `| ${query.name} | ${large && small ? (large.rps / small.rps).toFixed(2) : "?"} | ${large?.p99 ?? "?"} ms |`;
    }),
  ];
  return lines;
}

if (
  process.argv[1]?.endsWith("discovery.ts") &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  const serverUrl = benchServerUrl();
  for (const line of await benchDiscovery(serverUrl, { verbosePlans: process.argv.includes("--plans") })) {
    console.log(line);
  }
}
