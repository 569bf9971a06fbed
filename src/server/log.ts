/**
 * How errors are logged (docs/DESIGN.md §5: logs never hold personal data). A failed query's error
 * carries its parameters — emails, names, message text — in its message, its stack's first line
 * and its `params`, and PostgreSQL's own message and detail quote values too ("Key (email)=(…)").
 * For database errors only the SQLSTATE, where it happened (constraint, table, column) and the
 * statement's opening words are kept (docs/features/operations.md finding 8); other errors keep their
 * usual form.
 */
import { DrizzleQueryError } from "drizzle-orm/errors";
import { err as standardErrorSerializer } from "pino-std-serializers";
import { sqlState } from "./errors";

interface PgFields {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/** Words of a statement kept in the log: enough to name it ("update notifications set …"). */
const QUERY_WORDS = 8;

/**
 * The `err` serializer of the app's logger.
 * @returns a plain object for pino: for database errors `{ type, message, sqlState, constraint,
 *   table, column, query, stack }` without any value; otherwise pino's standard form
 */
export function serializeError(error: Error): {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
} {
  const state = sqlState(error);
  const isQuery = error instanceof DrizzleQueryError;
  if (!isQuery && !(state && /^[0-9A-Z]{5}$/.test(state))) return standardErrorSerializer(error);
  const pgFields = ((error as { cause?: PgFields }).cause ?? error) as PgFields;
  return {
    type: "DatabaseError",
    message: `database error ${state ?? "(no SQLSTATE)"}`,
    sqlState: state,
    constraint: pgFields.constraint,
    table: pgFields.table,
    column: pgFields.column,
    routine: pgFields.routine,
    query: isQuery ? statementName(error.query) : undefined,
    // Frames only: the first line of a stack repeats the message, values included.
    stack: (error.stack ?? "")
      .split("\n")
      .filter((line) => line.startsWith("    at "))
      .join("\n"),
  };
}

function statementName(query: string): string {
  return query.replace(/\s+/g, " ").trim().split(" ").slice(0, QUERY_WORDS).join(" ");
}
