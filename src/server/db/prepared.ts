/**
 * Hot statements built once (docs/decisions/011): Drizzle builds a statement's SQL text from its
 * template on every call, which profiled as the app's largest cost per request after the socket
 * writes. A prepared statement is built the first time it runs, with `sql.placeholder(name)` where
 * its values go, and then only runs: on PostgreSQL as a named statement, which each pooled
 * connection parses and plans once; on PGlite as the same text with new values.
 */
import { type Query, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./types";

/** Both drivers' dialect, without options (client.ts opens both without casing). */
const dialect = new PgDialect();
const names = new Set<string>();
/** Whether statements run under their names; not behind a transaction pooler (docs/decisions/021). */
let named = true;

/**
 * Turns named statements off for this process: behind PgBouncer in transaction mode (1.18 keeps no
 * prepared statements), the next run may land on a server connection that never prepared the name.
 * The text is still built once; PostgreSQL then plans it at each run.
 */
export function setNamedStatements(on: boolean): void {
  named = on;
}

/**
 * A row count written into the statement's text, not sent as a value: a prepared statement whose
 * LIMIT is a parameter gets a generic plan that PostgreSQL costs as if it read a tenth of the
 * table, so it plans the statement anew at every run instead (measured in docs/decisions/011: the
 * feed's planning cost more than its execution).
 * @throws Error when `count` is not a non-negative safe integer (a programming error: counts come
 *   from constants or validated input)
 */
export function literalCount(count: number): SQL {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`not a row count: ${count}`);
  return sql.raw(String(count));
}

/** Values for a statement's placeholders, by name. */
export type PlaceholderValues = Record<string, unknown>;

/** A statement built once; call it with an executor (the database or a transaction) and its values. */
export type PreparedRows<T> = (db: Executor, values: PlaceholderValues) => Promise<T[]>;

/**
 * A raw statement, built on first use and run as the named prepared statement `name`.
 * @param name unique in the app: PostgreSQL keeps a named statement per connection, and one name
 *   must always mean one text
 * @param build the statement, with `sql.placeholder(…)` for every value that changes between runs
 * @returns a function running it that answers its rows, as `queryRows` does
 * @throws Error at start-up when the name is taken (a programming error)
 */
export function preparedRows<T>(name: string, build: () => SQL): PreparedRows<T> {
  if (names.has(name)) throw new Error(`prepared statement ${name} is defined twice`);
  names.add(name);
  let query: Query | undefined;
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build());
    const result = (await db._.session
      .prepareQuery(query, undefined, named ? name : undefined, false)
      .execute(values)) as {
      rows: T[];
    };
    return result.rows;
  };
}
