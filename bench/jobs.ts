/**
 * How fast one instance drains a burst of jobs (docs/decisions/012): meals posted at once, each with
 * its alert-matching job, matched against the alerts around them. The same burst is drained twice in
 * one run, on one database: with pg-boss's own loop as the app used it before (one job a fetch, the
 * polling interval after every fetch) and with the queue settings of jobs/registry.ts (batches, several
 * workers, a full batch fetched again at once). Prints jobs per second for each.
 * Run: `npx tsx bench/jobs.ts` (PGlite), or with TEST_DATABASE_URL for PostgreSQL; `BENCH_JOBS` sets
 * the burst (default 60).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openDatabase, queryRows } from "../src/server/db/client";
import { matchMealAlerts } from "../src/server/features/alerts/matching";
import { enqueueJob, QUEUES, type QueueName, type QueueWork, startJobQueue } from "../src/server/jobs/queue";

const BURST = Number(process.env.BENCH_JOBS ?? 60);
/** The app's default polling interval (config.ts `jobPollingSeconds`). */
const POLLING_SECONDS = 1;
const AT = { latitude: -64.5, longitude: 70.5 };

async function open(): Promise<{ database: Database; cleanup: () => Promise<void> | void }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `mealshare_bench_jobs_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.href, bounded: false });
    return {
      database,
      cleanup: async () => {
        const again = new pg.Client({ connectionString: url });
        await again.connect();
        await again.query(`DROP DATABASE IF EXISTS ${name}`);
        await again.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "mealshare-bench-jobs-"));
  const database = await openDatabase({ dataDir: dir });
  return { database, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** 20 members with an alert around `AT`, a cook, and `BURST` soups posted there (no jobs yet). */
async function seedBurst(database: Database): Promise<string[]> {
  const { db } = database;
  await db.execute(sql`
    insert into users (oidc_issuer, oidc_subject, email, first_name)
    select 'bench', 'jobs-' || i, 'jobs-' || i || '@example.test', 'Member ' || i from generate_series(0, 20) as i`);
  await db.execute(sql`
    insert into meal_alerts (user_id, query_text, query, latitude, longitude, radius_km)
    select id, 'soup', to_tsquery('mealshare', 'soup'), ${AT.latitude}, ${AT.longitude}, 5
    from users where oidc_issuer = 'bench' and oidc_subject <> 'jobs-0'`);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    insert into meals (owner_id, title, description, ingredients, allergens, kind, portion_size,
                       pickup_window_start, pickup_window_end, pickup_location, pickup_latitude, pickup_longitude)
    select (select id from users where oidc_subject = 'jobs-0'), 'Soup ' || i, 'Hot', 'water, leeks', '', 'free', 2,
           now(), now() + interval '3 hours', 'Hall', ${AT.latitude}, ${AT.longitude}
    from generate_series(1, ${BURST}) as i
    returning id`,
  );
  return rows.map((row) => row.id);
}

/** Enqueues the burst's matching jobs, drains them with `work`, and answers jobs per second. */
async function drain(database: Database, mealIds: string[], work: QueueWork, drainFull: boolean) {
  const { db } = database;
  await db.execute(sql`delete from alert_matches`);
  await db.execute(sql`delete from notifications`);
  await db.transaction(async (tx) => {
    for (const mealId of mealIds) await enqueueJob(tx, QUEUES.alertMatching, { mealId });
  });
  const queues = { [QUEUES.alertMatching]: work } as Record<QueueName, QueueWork>;
  const started = performance.now();
  const queue = await startJobQueue(database, queues, {
    pollingSeconds: POLLING_SECONDS,
    schedules: {},
    onError: (error) => console.error(error),
    drain: drainFull,
  });
  for (;;) {
    const [{ left }] = await queryRows<{ left: number }>(
      db,
      sql`select count(*)::int as "left" from pgboss.job where name = ${QUEUES.alertMatching} and state < 'completed'`,
    );
    if (Number(left) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await queue.stop();
  const [{ matches }] = await queryRows<{ matches: number }>(
    db,
    sql`select count(*)::int as matches from alert_matches`,
  );
  return { seconds, perSecond: mealIds.length / seconds, matches: Number(matches) };
}

const { database, cleanup } = await open();
try {
  const mealIds = await seedBurst(database);
  const handle = (data: unknown) => matchMealAlerts(database.db, data, 60).then(() => {});
  const before = await drain(database, mealIds, { handle, batchSize: 1, workers: 1 }, false);
  const after = await drain(database, mealIds, { handle, batchSize: 10, workers: 2 }, true);
  const kind = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(
    `A burst of ${BURST} alert-matching jobs (20 alerts each) on one instance, ${kind}, polling every ${POLLING_SECONDS} s:`,
  );
  console.log("| queue settings | seconds | jobs/s | matches |");
  console.log("|---|---:|---:|---:|");
  console.log(
    `| before: 1 a fetch, interval after each | ${before.seconds.toFixed(1)} | ${before.perSecond.toFixed(1)} | ${before.matches} |`,
  );
  console.log(
    `| after: batches of 10, 2 workers, full batch fetched again at once | ${after.seconds.toFixed(1)} | ${after.perSecond.toFixed(1)} | ${after.matches} |`,
  );
} finally {
  await database.close();
  await cleanup();
}
