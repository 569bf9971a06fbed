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

/** An open database with its driver's raw handle (needed for LISTEN/NOTIFY) and a clean close. */
export interface Database {
  db: Db;
  driver: { kind: "pglite"; client: PGlite } | { kind: "pg"; pool: pg.Pool; url: string };
  close(): Promise<void>;
}
