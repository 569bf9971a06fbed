/**
 * Keyset (cursor) pagination (docs/DESIGN.md §6, docs/decisions/003). Lists are sorted newest first by
 * `(created_at DESC, id DESC)`, or by a score first (search relevance, distance) and then newest.
 * The cursor is opaque to clients: base64url of the last row's sort key. The next page's URL is
 * sent in an RFC 8288 `Link` header so list bodies stay plain arrays (spec §7).
 */
import { type AnyColumn, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { DATE_YEAR_MAX, DATE_YEAR_MIN } from "../contract/common";
import { msg } from "../contract/messages";
import { validation } from "./errors";

/** Rows a list returns when the client gives no `limit`. */
export const DEFAULT_PAGE_SIZE = 50;

/** A decoded cursor: the sort key of the last row already sent. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

/** What a score-first list sorts by before `(created_at, id)`. */
export type ScoreSort = "relevance" | "distance";

/** The cursor of a list sorted by a score first: `sort` says which, so a cursor only fits its list. */
export interface ScoredCursor extends Cursor {
  sort: ScoreSort;
  score: number;
}

const SCORE_SORTS: readonly ScoreSort[] = ["relevance", "distance"];

/** Encodes the sort key of a page's last row. */
export function encodeCursor(row: Cursor | ScoredCursor): string {
  const key: unknown[] = [row.createdAt.toISOString(), row.id];
  if ("sort" in row) key.push(row.sort, row.score);
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/**
 * Decodes a cursor from a query string.
 * @returns a `ScoredCursor` when the cursor was made by a score-first list
 * @throws AppError 400 when the cursor was not made by `encodeCursor`
 */
export function decodeCursor(cursor: string | undefined): Cursor | ScoredCursor | undefined {
  if (!cursor) return undefined;
  try {
    const [createdAt, id, sort, score] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const date = new Date(createdAt);
    const year = date.getUTCFullYear();
    if (Number.isNaN(year) || year < DATE_YEAR_MIN || year > DATE_YEAR_MAX) throw new Error("date");
    if (typeof id !== "string" || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      throw new Error("id");
    if (sort === undefined) return { createdAt: date, id };
    if (!SCORE_SORTS.includes(sort) || typeof score !== "number" || !Number.isFinite(score))
      throw new Error("score");
    return { createdAt: date, id, sort, score };
  } catch {
    throw invalidCursor();
  }
}

/**
 * The keyset condition "after `cursor`" of a newest-first list — rows whose `(created_at, id)` sorts
 * before the cursor's — over the list's own two columns (an index on them in that order serves it).
 * `cursor` may hold placeholders, for prepared statements.
 */
export function keysetBefore(
  createdAt: AnyColumn | SQL,
  id: AnyColumn | SQL,
  cursor: { createdAt: Date | Placeholder; id: string | Placeholder },
): SQL {
  const at = cursor.createdAt instanceof Date ? cursor.createdAt.toISOString() : cursor.createdAt;
  return sql`(${createdAt}, ${id}) < (${at}::timestamptz, ${cursor.id}::uuid)`;
}

/** `keysetBefore`'s mirror for an oldest-first walk: rows whose `(time, id)` sorts after the key. */
export function keysetAfter(
  time: AnyColumn | SQL,
  id: AnyColumn | SQL,
  key: { at: Date | string; id: string },
): SQL {
  const at = key.at instanceof Date ? key.at.toISOString() : key.at;
  return sql`(${time}, ${id}) > (${at}::timestamptz, ${key.id}::uuid)`;
}

/** 400 for a cursor that does not fit the list it was sent to. */
export const invalidCursor = () => validation(msg("Invalid cursor"), { cursor: msg("Invalid cursor") });

/**
 * Splits the `limit + 1` rows a query fetched into the page and the next cursor, and sets the
 * `Link: <url>; rel="next"` header when there is a next page.
 * @param continueFrom where a short page continues when the list knows there may be more
 */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  rows: T[],
  limit: number,
  cursorOf: (row: T) => Cursor | ScoredCursor,
  continueFrom?: Cursor | ScoredCursor,
): T[] {
  if (rows.length <= limit && !continueFrom) return rows;
  const page = rows.slice(0, limit);
  const next = rows.length > limit ? cursorOf(page[page.length - 1]) : continueFrom!;
  const url = new URL(request.url, "http://local");
  url.searchParams.set("cursor", encodeCursor(next));
  url.searchParams.set("limit", String(limit));
  reply.header("Link", `<${url.pathname}${url.search}>; rel="next"`);
  return page;
}
