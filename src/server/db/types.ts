/**
 * The database handles' types, apart from the code that opens them (client.ts), so that modules the
 * opening code calls (the job queue's schema) can name them without importing it back.
 */
import type { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type pg from "pg";
import type * as schema from "./schema";

export type Schema = typeof schema;
/** A Drizzle handle to either driver; services take this so they run on both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; every `Db` method works on it too. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either a database or a transaction: services accept one so callers can join them into a larger unit. */
export type Executor = Db | Tx;

/**
 * A streaming read replica (docs/decisions/021): a Drizzle handle whose statements go to the replica
 * and, when it fails them for want of a connection, to the primary; and whether it may be read now.
 */
export interface Replica {
  /** Reads that may be a moment behind; falls back to the primary on a connection failure. */
  db: Db;
  /** Reachable and within the lag bound, by the last check (once a second). */
  usable(): boolean;
  /** For /healthz and /metrics: in use, skipped for lag, or down; the last lag measured, seconds. */
  state(): { state: "in_use" | "lagging" | "down"; lagSeconds: number | null };
  close(): Promise<void>;
}

/**
 * An open database with its driver's raw handle and a clean close. On PostgreSQL, `url` is what the
 * pool uses (PostgreSQL itself, or PgBouncer in transaction mode); `directUrl` reaches PostgreSQL
 * itself, for what needs a session of its own (LISTEN, the migrations' lock: docs/decisions/021);
 * `pooled` says the pool is behind a transaction pooler.
 */
export interface Database {
  db: Db;
  driver:
    | { kind: "pglite"; client: PGlite }
    | { kind: "pg"; pool: pg.Pool; url: string; directUrl: string; pooled: boolean };
  /** The read replica, when `DATABASE_READ_URL` names one. */
  replica?: Replica;
  close(): Promise<void>;
}
