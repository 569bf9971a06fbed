/**
 * Opens the database (docs/DESIGN.md §1): PGlite in `DATA_DIR` when no URL is given, a `pg` pool
 * otherwise. Both are wrapped by Drizzle with one schema and exposed as the same `Db` type, and
 * migrations from ./drizzle are applied before the handle is returned.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import lockfile from "proper-lockfile";
import { msg } from "../../contract/messages";
import { AppError, sqlState } from "../errors";
import { installJobSchema } from "../jobs/queue";
import { migrationsFolder } from "../paths";
import { setNamedStatements } from "./prepared";
import { openReplica } from "./replica";
import * as schema from "./schema";
import type { Database, Db, Executor, Tx } from "./types";

export type { Database, Db, Executor, Schema, Tx } from "./types";

/**
 * Runs a raw SQL statement on either driver and returns its rows (both answer `{ rows }`), for
 * queries the query builder cannot express (set-returning functions, laterals).
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs `statements` one after another on `db` (in its transaction, when it is one): a list of deletes
 * whose order matters, as a member's erasure steps are (docs/decisions/017).
 */
export async function executeInTurn(db: Executor, statements: readonly SQL[]): Promise<void> {
  for (const statement of statements) await db.execute(statement);
}

/** SQLSTATEs that mean "run the whole transaction again": serialization failure, deadlock. */
const RETRYABLE_STATES = new Set(["40001", "40P01"]);
/** Tries of one transaction before answering 503 (docs/features/operations.md finding 4). */
export const TRANSACTION_ATTEMPTS = 4;

/**
 * Runs `work` in a transaction and, when PostgreSQL aborts it as a deadlock victim or for a
 * serialization failure, runs it again from the start, up to `TRANSACTION_ATTEMPTS` times with a
 * short random pause. Inside another transaction it is a plain savepoint: only the outermost one
 * can be retried, since the abort ends it. `work` must keep its effects in the database (live
 * events are rows + NOTIFY, sent at commit), so a retried attempt leaves no trace.
 * @throws AppError 503 "busy" when every attempt was aborted; any other error as is
 */
export async function inTransaction<T>(db: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return db.transaction(work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!RETRYABLE_STATES.has(sqlState(error) ?? "")) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) {
        throw new AppError(503, "busy", msg("The service is busy. Please try again."));
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** Arbitrary but fixed key for the advisory lock that keeps concurrent instances from migrating at once. */
const MIGRATION_LOCK_KEY = 727_443_001;

/**
 * Opens the database and applies pending migrations.
 * @param options.url a postgres:// URL; unset = PGlite
 * @param options.dataDir where PGlite keeps its files; `memory://` for a throw-away database
 * @param options.migrationsFolder migrations to apply; ./drizzle unless a test wants an older schema
 * @param options.loadDataDir PGlite only: start from this dump of a data directory (PGlite's
 *   `dumpDataDir`, an uncompressed tar) instead of an empty cluster; pending migrations still run.
 *   The API tests start every file from one migrated dump: 1.5 s instead of 4 s a database.
 */
export async function openDatabase(options: {
  url?: string;
  /**
   * PostgreSQL itself, when `url` is PgBouncer in transaction mode (`DATABASE_DIRECT_URL`): LISTEN and
   * the migrations' lock go here (docs/decisions/021).
   */
  directUrl?: string;
  /** A streaming replica for reads that may be a moment behind (`DATABASE_READ_URL`; decision 021). */
  readUrl?: string;
  /** How far behind the replica may be before reads skip it, seconds (`DATABASE_READ_MAX_LAG`; 5). */
  readMaxLagSeconds?: number;
  dataDir?: string;
  migrationsFolder?: string;
  loadDataDir?: Blob;
  /**
   * PostgreSQL: bound statements and lock waits (the app's default), or not (`false`: benchmarks
   * seeding millions of rows, which the app's bounds would cancel).
   */
  bounded?: boolean;
  /** PostgreSQL: connections in the pool (`DATABASE_POOL_SIZE`; 10). */
  poolSize?: number;
}): Promise<Database> {
  const folder = options.migrationsFolder ?? migrationsFolder;
  if (options.url) {
    const database = await openPostgres(
      { url: options.url, directUrl: options.directUrl ?? options.url },
      folder,
      options.bounded ?? true,
      options.poolSize ?? 10,
    );
    if (options.readUrl && database.driver.kind === "pg") {
      database.replica = openReplica(options.readUrl, database.driver.pool, {
        maxLagSeconds: options.readMaxLagSeconds ?? 5,
        poolSize: options.poolSize ?? 10,
      });
      const closePrimary = database.close;
      const replica = database.replica;
      database.close = async () => {
        await replica.close();
        await closePrimary();
      };
    }
    return database;
  }
  return openPglite(options.dataDir ?? "memory://", folder, options.loadDataDir);
}

/** The extensions search and "near me" use (migration 0004; docs/DESIGN.md §6), as PostgreSQL has them. */
export const pgliteExtensions = { unaccent, pg_trgm, fuzzystrmatch, cube, earthdistance };

/** Thrown when another process has the PGlite data directory open; `message` is the line to print. */
export class DataDirLockedError extends Error {}

interface LockOwner {
  pid: number;
  command: string;
  since: string;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** How old an unrefreshed lock must be before it is treated as abandoned whoever it names. */
const LOCK_STALE_MS = 10 * 60_000;

/**
 * Takes the data directory for this process alone (PGlite allows one process per data directory;
 * a second one — `npm run seed` beside `npm start` — corrupts the files). The lock is
 * proper-lockfile's (a lock directory whose mtime the holder refreshes); beside it we note who
 * holds it, so the one refused can say whom to stop. A lock left by a process that is gone
 * (kill -9) is taken over at once instead of after its staleness timeout.
 * @returns the release function
 * @throws DataDirLockedError while another live process holds it
 */
async function lockDataDir(location: string): Promise<() => Promise<void>> {
  const ownerFile = `${location}.owner`;
  const lockPath = `${location}.lock`;
  // Who holds the lock is decided by the owner's process id, not by the lock's age: a holder whose
  // event loop is busy (a long migration on a loaded machine) refreshes the mtime late, and with a
  // short staleness another process would take the directory from it while it runs. The age only
  // decides when the owner file is missing or names a reused process id.
  const take = () =>
    lockfile.lock(location, {
      stale: LOCK_STALE_MS,
      update: LOCK_STALE_MS / 10,
      realpath: false,
      lockfilePath: lockPath,
    });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    let owner: LockOwner | undefined;
    try {
      owner = JSON.parse(readFileSync(ownerFile, "utf8"));
    } catch {}
    if (!owner || isRunning(owner.pid)) {
      const who = owner ? `process ${owner.pid} (${owner.command}, since ${owner.since})` : "another process";
      throw new DataDirLockedError(
        `The data directory ${path.dirname(location)} is in use by ${who}. PGlite allows one process per data directory: stop it first, or point DATA_DIR elsewhere.`,
      );
    }
    // The holder is gone (killed): its lock directory is left over.
    rmSync(lockPath, { recursive: true, force: true });
    release = await take();
  }
  const owner: LockOwner = {
    pid: process.pid,
    command: path.basename(process.argv[1] ?? "node"),
    since: new Date().toISOString(),
  };
  writeFileSync(ownerFile, JSON.stringify(owner));
  return release;
}

async function openPglite(dataDir: string, migrationsFolder: string, loadDataDir?: Blob): Promise<Database> {
  let location = dataDir;
  let unlock = async () => {};
  if (!dataDir.startsWith("memory://")) {
    location = path.join(dataDir, "pglite");
    mkdirSync(location, { recursive: true });
    unlock = await lockDataDir(location);
  }
  const client = await PGlite.create(location, { extensions: pgliteExtensions, loadDataDir });
  const database: Database = {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    driver: { kind: "pglite", client },
    close: async () => {
      if (!client.closed) await client.close();
      await unlock();
      unlock = async () => {};
    },
  };
  await migrateDatabase(database, migrationsFolder);
  return database;
}

async function openPostgres(
  urls: { url: string; directUrl: string },
  migrationsFolder: string,
  bounded: boolean,
  poolSize: number,
): Promise<Database> {
  const pooled = urls.directUrl !== urls.url;
  await checkTopology(urls, pooled);
  // PgBouncer 1.18 refuses startup parameters it does not know (statement_timeout among them): behind
  // it, the bounds come from its connect_query (README "Running on several machines"), and named
  // statements are off, since the next statement may run on another server connection.
  if (pooled) setNamedStatements(false);
  // A connection that cannot be made in 5 s fails the query (a 503) instead of queueing forever.
  // A burst must answer 503 with Retry-After, never hang or 500 (errors.ts): waiting for a pooled
  // connection, a statement and a lock wait are each bounded.
  const pool = new pg.Pool({
    connectionString: urls.url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    ...(bounded && !pooled ? { statement_timeout: STATEMENT_TIMEOUT_MS, lock_timeout: LOCK_TIMEOUT_MS } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const database: Database = {
    db: drizzleNodePg(pool, { schema }) as unknown as Db,
    driver: { kind: "pg", pool, url: urls.url, directUrl: urls.directUrl, pooled },
    // Closing twice is harmless, as with PGlite (`ended` is the pool's own flag).
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
  await migrateDatabase(database, migrationsFolder);
  return database;
}

/** Thrown at start-up when the database URLs are set up in a way that would fail later. */
export class TopologyError extends Error {}

/**
 * Whether `url` leads to a connection pooler rather than PostgreSQL itself: PgBouncer refuses the
 * startup parameter `options` (PostgreSQL takes it), so a connection that asks with it is refused
 * with SQLSTATE 08P01 by a pooler and opens to PostgreSQL.
 */
async function leadsToPooler(url: string): Promise<boolean> {
  const probe = new pg.Client({
    connectionString: url,
    options: "-c application_name=mealshare",
    connectionTimeoutMillis: 5_000,
  });
  try {
    await probe.connect();
    return false;
  } catch (error) {
    if (sqlState(error) === "08P01" && /startup parameter/i.test(String((error as Error).message)))
      return true;
    throw error;
  } finally {
    await probe.end().catch(() => {});
  }
}

/**
 * Start-up's one-line answers to a misconfigured pooler (docs/decisions/021): the direct URL must
 * reach PostgreSQL itself (LISTEN and the migrations' lock need a session of their own), and a pool
 * behind a pooler needs a direct URL beside it.
 * @throws TopologyError naming the setting to change
 */
async function checkTopology(urls: { url: string; directUrl: string }, pooled: boolean): Promise<void> {
  if (pooled && (await leadsToPooler(urls.directUrl))) {
    throw new TopologyError(
      "DATABASE_DIRECT_URL leads to a connection pooler, not PostgreSQL: LISTEN and the migrations' lock need a session of their own there (docs/decisions/021).",
    );
  }
  if (!pooled && (await leadsToPooler(urls.url))) {
    throw new TopologyError(
      "DATABASE_URL leads to a connection pooler: set DATABASE_DIRECT_URL to PostgreSQL itself, where LISTEN and the migrations' lock go (docs/decisions/021).",
    );
  }
}

/** Longest a statement may run before PostgreSQL cancels it (SQLSTATE 57014 → 503). */
export const STATEMENT_TIMEOUT_MS = 15_000;
/** Longest a statement may wait for a row lock (SQLSTATE 55P03 → 503). */
export const LOCK_TIMEOUT_MS = 10_000;

/** Whether the database answers in time with every migration of this build applied. */
export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * The readiness check of `GET /readyz` (docs/features/operations.md): one cheap query, bounded by
 * `timeoutMs`, that both reaches the database and counts the migrations applied there against this
 * build's journal.
 */
export async function checkReadiness(database: Database, timeoutMs = 1_000): Promise<Readiness> {
  const expected = journalLength(migrationsFolder);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
  });
  try {
    const [{ applied }] = await Promise.race([
      queryRows<{ applied: number }>(
        database.db,
        sql`select count(*)::int as "applied" from "drizzle"."__drizzle_migrations"`,
      ),
      timeout,
    ]);
    return applied >= expected ? { ready: true } : { ready: false, reason: "migrations pending" };
  } catch {
    return { ready: false, reason: "database unreachable" };
  } finally {
    clearTimeout(timer);
  }
}

const journalLengths = new Map<string, number>();
function journalLength(folder: string): number {
  let length = journalLengths.get(folder);
  if (length === undefined) {
    length = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")).entries
      .length as number;
    journalLengths.set(folder, length);
  }
  return length;
}

/**
 * Applies the pending migrations of `folder` (default ./drizzle), then installs or upgrades the
 * job queue's schema (jobs/queue.ts). On PostgreSQL an advisory lock, held on a session of its own
 * on PostgreSQL itself (`directUrl`, docs/decisions/021), keeps instances starting together from
 * migrating or creating the queues at once.
 */
export async function migrateDatabase(database: Database, folder = migrationsFolder): Promise<void> {
  const { driver } = database;
  if (driver.kind === "pglite") {
    await migratePglite(drizzlePglite(driver.client), { migrationsFolder: folder });
  } else {
    // A session of its own on PostgreSQL itself: a session's advisory lock through a transaction
    // pooler would be taken on one server connection and the migration run on others (decision 021).
    const lockClient = new pg.Client({ connectionString: driver.directUrl, connectionTimeoutMillis: 5_000 });
    await lockClient.connect();
    try {
      // Migrating may take long, and so may waiting for another instance's: not bounded like requests.
      await lockClient.query("SET statement_timeout = 0; SET lock_timeout = 0");
      await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migrateNodePg(drizzleNodePg(lockClient), { migrationsFolder: folder });
      // Under the same lock: two instances creating pg-boss's queues at once deadlocked (found by
      // tests/topology: two instances starting together).
      await installJobSchema(database);
    } finally {
      await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      await lockClient.end().catch(() => {});
    }
    return;
  }
  await installJobSchema(database);
}
