/**
 * Opens the database (DESIGN.md §1): PGlite in `DATA_DIR` when no URL is given, a `pg` pool
 * otherwise. Both are wrapped by Drizzle with one schema and exposed as the same `Db` type, and
 * migrations from ./drizzle are applied before the handle is returned.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** A Drizzle handle to either driver; services take this so they run on both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; every `Db` method works on it too. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either a database or a transaction: services accept one so callers can join them into a larger unit. */
export type Executor = Db | Tx;

/** An open database with its driver's raw handle (needed for LISTEN/NOTIFY) and a clean close. */
export interface Database {
  db: Db;
  driver: { kind: "pglite"; client: PGlite } | { kind: "pg"; pool: pg.Pool; url: string };
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

/** Arbitrary but fixed key for the advisory lock that keeps concurrent instances from migrating at once. */
const MIGRATION_LOCK_KEY = 727_443_001;

/**
 * Opens the database and applies pending migrations.
 * @param options.url a postgres:// URL; unset = PGlite
 * @param options.dataDir where PGlite keeps its files; `memory://` for a throw-away database
 */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir ?? "memory://");
}

async function openPglite(dataDir: string): Promise<Database> {
  let location = dataDir;
  if (!dataDir.startsWith("memory://")) {
    location = path.join(dataDir, "pglite");
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    driver: { kind: "pglite", client },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const lockClient = await pool.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return { db, driver: { kind: "pg", pool, url }, close: () => pool.end() };
}
