/**
 * A bench's own database on TEST_DATABASE_URL's PostgreSQL server: dropped if a run before left it,
 * created empty, migrated, and opened without the app's statement bounds (seeding millions of rows
 * would pass them).
 */
import pg from "pg";
import { type Database, openDatabase } from "../src/server/db/client";

/**
 * @param name the database's name on the server (`mealshare_bench_…`)
 * @param options.migrationsFolder an older schema (`migrationsBefore`), for a before-and-after bench
 * @param options.poolSize connections in its pool (10)
 * @returns the open database and its URL
 */
export async function freshBenchDatabase(
  serverUrl: string,
  name: string,
  options: { migrationsFolder?: string; poolSize?: number } = {},
): Promise<{ database: Database; url: string }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href, bounded: false, ...options });
  return { database, url: url.href };
}

/** Drops a bench's database (`WITH (FORCE)`: a server a failed run left may still hold connections). */
export async function dropBenchDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * TEST_DATABASE_URL, the PostgreSQL server a bench run from the command line makes its databases
 * on; without it the process says so and exits.
 */
export function benchServerUrl(): string {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.error(
      "Set TEST_DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test).",
    );
    process.exit(1);
  }
  return serverUrl;
}
