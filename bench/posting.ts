/**
 * Posting at scale (docs/decisions/014), on PostgreSQL (TEST_DATABASE_URL's server), the schema before
 * migration 0030 (every migration but it: one `impact_totals` row every post updates, row triggers) and
 * after it (16 slot rows, statement triggers), taking turns in the same run:
 * 1. Posting throughput: 50 members post free meals at once through `createMeal` (the transaction
 *    `POST /api/meals` runs, triggers included), one connection each: posts/s and p50/p99 in ms.
 * 2. An import: one statement inserting `BENCH_IMPORT_ROWS` meals (default 20,000) of one cook: seconds.
 * Run: `TEST_DATABASE_URL=postgres://… npx tsx bench/posting.ts` (`BENCH_DURATION_S`, `BENCH_TRIALS`).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { createMealSchema } from "../src/contract/meals";
import { type Database, queryRows } from "../src/server/db/client";
import { createMeal } from "../src/server/features/posting/service";
import { freshBenchDatabase } from "./database";

const POSTERS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const TRIALS = Number(process.env.BENCH_TRIALS ?? 3);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);

interface Schema {
  label: string;
  database: Database;
  posters: { id: string; isRegisteredCook: boolean }[];
}

/**
 * A copy of ./drizzle without migration `tag` alone: the schema as it would be without it, later
 * migrations included (they do not depend on it), so today's code runs on both.
 */
function migrationsWithout(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "mealshare-migrations-"));
  cpSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../drizzle"), folder, {
    recursive: true,
  });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  journal.entries = journal.entries.filter((entry: { tag: string }) => !entry.tag.startsWith(tag));
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function freshDatabase(serverUrl: string, name: string, migrationsFolder?: string) {
  return (await freshBenchDatabase(serverUrl, name, { migrationsFolder, poolSize: POSTERS + 2 })).database;
}

async function postersOf(database: Database) {
  return queryRows<{ id: string; isRegisteredCook: boolean }>(
    database.db,
    sql`insert into users (oidc_issuer, oidc_subject, email, first_name, last_name)
        select 'bench', 'poster-' || n, 'poster-' || n || '@bench.test', 'Poster', 'P' || n
        from generate_series(1, ${POSTERS}) as n
        returning id, is_registered_cook as "isRegisteredCook"`,
  );
}

/** 50 members posting back to back for `DURATION_S`: posts per second and latency percentiles. */
async function measurePosting({ database, posters }: Schema) {
  const latencies: number[] = [];
  const until = performance.now() + DURATION_S * 1000;
  await Promise.all(
    posters.map(async (poster, index) => {
      let n = 0;
      while (performance.now() < until) {
        const start = Date.now();
        const input = createMealSchema.parse({
          title: `Soup ${index}-${n++}`,
          description: "Too much for us.",
          ingredients: "lentils, carrot, onion",
          kind: "free",
          portionSize: 2,
          pickupWindowStart: new Date(start + 3_600_000).toISOString(),
          pickupWindowEnd: new Date(start + 7_200_000).toISOString(),
          pickupLocation: "At the door",
        });
        const began = performance.now();
        await createMeal(database.db, { ...poster, isAdmin: false }, input, { newcomerLimits: null });
        latencies.push(performance.now() - began);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / DURATION_S, p50: at(0.5), p99: at(0.99) };
}

/** One statement inserting `IMPORT_ROWS` meals of one cook: seconds. */
async function measureImport({ database, posters }: Schema) {
  const began = performance.now();
  await database.db.execute(sql`
    insert into meals (owner_id, title, description, ingredients, kind, portion_size,
                       pickup_window_start, pickup_window_end, pickup_location)
    select ${posters[0].id}, 'Imported ' || n, 'd', 'i', 'free', 1, now() - interval '2 days',
           now() - interval '1 day', 'here'
    from generate_series(1, ${IMPORT_ROWS}) as n`);
  return (performance.now() - began) / 1000;
}

export async function benchPosting(serverUrl: string): Promise<string[]> {
  const folder = migrationsWithout("0030");
  const schemas: Schema[] = [];
  try {
    for (const [label, name, migrations] of [
      ["without 0030 (one totals row)", "mealshare_bench_posting_before", folder],
      ["after 0030 (16 slots)", "mealshare_bench_posting_after", undefined],
    ] as const) {
      const database = await freshDatabase(serverUrl, name, migrations);
      schemas.push({ label, database, posters: await postersOf(database) });
    }
    const runs = new Map<Schema, Awaited<ReturnType<typeof measurePosting>>[]>(schemas.map((s) => [s, []]));
    for (let trial = 0; trial < TRIALS; trial++) {
      for (const schema of schemas) runs.get(schema)?.push(await measurePosting(schema));
    }
    const lines = [
      `Posting: ${POSTERS} members posting at once through createMeal, median of ${TRIALS} trials of ${DURATION_S} s, taking turns; then one statement importing ${IMPORT_ROWS.toLocaleString("en")} meals:`,
    ];
    for (const schema of schemas) {
      const list = [...(runs.get(schema) ?? [])].sort((a, b) => a.rps - b.rps);
      const median = list[Math.floor((list.length - 1) / 2)];
      const seconds = await measureImport(schema);
      const [totals] = await queryRows<{ meals: string }>(
        schema.database.db,
        sql`select (select sum(meals_shared) from impact_totals) as meals`,
      );
      lines.push(
        `  ${schema.label.padEnd(30)} ${median.rps.toFixed(0).padStart(6)} posts/s   p50 ${median.p50.toFixed(1)} ms   p99 ${median.p99.toFixed(1)} ms   import ${seconds.toFixed(1)} s   (totals say ${Number(totals.meals).toLocaleString("en")} meals)`,
      );
    }
    return lines;
  } finally {
    for (const schema of schemas) await schema.database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("Posting at scale: set TEST_DATABASE_URL to a PostgreSQL server to measure it.");
  } else {
    for (const line of await benchPosting(url)) console.log(line);
  }
}
