/**
 * A draw with 10,000 entrants (docs/features/fair-shares.md "Done when": under a second of server
 * time): a free meal of 50 portions, 10,000 members entered (one or two tickets), then the `meal-draw`
 * job's transaction timed end to end — the order, 50 accepted requests through `moveRequest`, 9,950
 * places on the waiting list — `drawOrder` alone, and the `meal-draw-line` job that tells the 9,950
 * their places.
 * On TEST_DATABASE_URL's PostgreSQL when set, else PGlite in memory:
 * `[TEST_DATABASE_URL=postgres://…] npx tsx bench/draw.ts`.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type SQL, sql } from "drizzle-orm";
import { drawOrder } from "../src/contract/draw";
import { type Database, openDatabase, queryRows } from "../src/server/db/client";
import { runScheduledDraw, tellDrawLine } from "../src/server/features/draws/run";
import { createDraw } from "../src/server/features/draws/service";
import { freshBenchDatabase } from "./database";

const ENTRANTS = Number(process.env.BENCH_DRAW_ENTRANTS ?? 10_000);
const PORTIONS = 50;

async function open(serverUrl?: string): Promise<Database> {
  if (!serverUrl) return openDatabase({ dataDir: "memory://" });
  return (await freshBenchDatabase(serverUrl, "mealshare_bench_draw")).database;
}

/** What one draw cost: its transaction, `drawOrder` alone and the line job, in ms. */
export interface DrawTiming {
  winners: number;
  waiting: number;
  told: number;
  serverMs: number;
  orderMs: number;
  lineMs: number;
}

/**
 * Posts a free meal of 50 portions given by a draw, enters `entrants` members (one or two tickets),
 * closes entries and times the `meal-draw` job's transaction, `drawOrder` recomputed from what was
 * published, and the `meal-draw-line` job.
 * @param options.members the entrants are the first `entrants` of these users (by id) instead of new
 *   ones: bench/city.ts enters members with a history, so the ticket and fair-use rules read it
 * @throws Error when the recomputed order differs from the stored one
 */
export async function timeDraw(
  db: Database["db"],
  entrants: number,
  options: { members?: SQL } = {},
): Promise<DrawTiming> {
  const [cook] = await queryRows<{ id: string }>(
    db,
    sql`insert into users (oidc_issuer, oidc_subject, email, first_name, last_name)
        values ('bench-draw', ${randomUUID()}, 'draw-cook@bench.test', 'Cook', 'Bench') returning id`,
  );
  const [meal] = await queryRows<{ id: string; pickup_window_start: Date }>(
    db,
    sql`insert into meals (owner_id, title, description, ingredients, kind, portion_size, allocation,
          pickup_window_start, pickup_window_end, pickup_location)
        values (${cook.id}, 'Street party paella', 'd', 'rice', 'free', ${PORTIONS}, 'draw',
          now() + interval '2 hours', now() + interval '4 hours', 'Square')
        returning id, pickup_window_start`,
  );
  await createDraw(db, { id: meal.id, pickupWindowStart: new Date(meal.pickup_window_start) });
  if (!options.members) {
    await db.execute(sql`
      insert into users (oidc_issuer, oidc_subject, email, first_name, last_name, created_at)
      select 'bench', 'entrant-' || n, 'entrant-' || n || '@bench.test', 'Entrant', 'E' || n, now() - interval '30 days'
      from generate_series(1, ${entrants}) as n`);
  }
  const pool = options.members ?? sql`select id from users where oidc_subject like 'entrant-%'`;
  await db.execute(sql`
    insert into draw_entries (meal_id, user_id, portions, tickets)
    select ${meal.id}, id, 1, 1 + (hashtext(id::text) & 1)
    from (select id from (${pool}) as p where id <> ${cook.id} order by id limit ${entrants}) as e`);
  await db.execute(
    sql`update meal_draws set closes_at = now() - interval '1 second' where meal_id = ${meal.id}`,
  );
  await db.execute(sql`analyze draw_entries`);

  const started = performance.now();
  const outcome = await runScheduledDraw(db, { mealId: meal.id }, null);
  const serverMs = performance.now() - started;
  const lineStarted = performance.now();
  const told = await tellDrawLine(db, {
    mealId: meal.id,
    ...(
      await queryRows<{ from: string; through: string }>(
        db,
        sql`select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as from,
                   to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as through
            from waitlist_entries where meal_id = ${meal.id}`,
      )
    )[0],
  });
  const lineMs = performance.now() - lineStarted;
  const [{ entrants: drawn, order, seed }] = await queryRows<{
    entrants: { id: string; portions: number; tickets: number }[];
    order: string[];
    seed: string;
  }>(db, sql`select entrants, draw_order as order, seed from meal_draws where meal_id = ${meal.id}`);
  const orderStarted = performance.now();
  const recomputed = drawOrder(drawn, seed);
  const orderMs = performance.now() - orderStarted;
  if (recomputed.join() !== order.join()) throw new Error("the recomputed order differs");
  return { winners: outcome.winners, waiting: outcome.waiting, told, serverMs, orderMs, lineMs };
}

export async function benchDraw(serverUrl?: string): Promise<string[]> {
  const database = await open(serverUrl);
  try {
    const t = await timeDraw(database.db, ENTRANTS);
    return [
      `Draw with ${ENTRANTS.toLocaleString("en")} entrants on ${serverUrl ? "PostgreSQL" : "PGlite"}: ${t.winners} drawn, ${t.waiting.toLocaleString("en")} on the waiting list — the draw's transaction ${t.serverMs.toFixed(0)} ms (drawOrder alone ${t.orderMs.toFixed(0)} ms); telling the ${t.told.toLocaleString("en")} in line their places (the meal-draw-line job) ${t.lineMs.toFixed(0)} ms`,
    ];
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const line of await benchDraw(process.env.TEST_DATABASE_URL)) console.log(line);
}
