/**
 * Keyset (cursor) pagination (docs/DESIGN.md §6, docs/decisions/003). Lists are sorted newest first by
 * `(created_at DESC, id DESC)`, or by a score first (search relevance, distance) and then newest.
 * The cursor is opaque to clients: base64url of the last row's sort key. The next page's URL is
 * sent in an RFC 8288 `Link` header so list bodies stay plain arrays (spec §7).
 *
 * A distance list's cursor holds how far its last meal is from the list's centre — for "near home",
 * from the member's home — and cursors end up in logs, histories and shared links: three of them
 * rebuild the home to the millimetre. So a distance cursor is sealed: AES-256-GCM under a key derived
 * from the session secret, bound to the session it was made for (docs/features/neighbourhood.md;
 * docs/DESIGN.md §6c). Anyone else, or the same member signed in anew, gets 400.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { type AnyColumn, asc, desc, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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
  return Buffer.from(sortKeyOf(row)).toString("base64url");
}

/** A row's sort key as the JSON a cursor carries. */
function sortKeyOf(row: Cursor | ScoredCursor): string {
  const key: unknown[] = [row.createdAt.toISOString(), row.id];
  if ("sort" in row) key.push(row.sort, row.score);
  return JSON.stringify(key);
}

declare module "fastify" {
  interface FastifyInstance {
    /** The key distance cursors are sealed with (`registerCursorSealing`). */
    cursorKey: Buffer;
  }
  interface FastifyRequest {
    /** The id of the request's session (a hash of its cookie), or null when signed out. */
    sessionId: string | null;
  }
}

/** Derives the instance's cursor key from the session secret; every instance derives the same. */
export function registerCursorSealing(app: FastifyInstance, sessionSecret: string): void {
  app.decorate("cursorKey", Buffer.from(hkdfSync("sha256", sessionSecret, "", "mealshare cursor v1", 32)));
}

const SEALED = "s.";

/** A distance cursor sealed for one session: `s.` + base64url(iv · ciphertext · tag). */
function seal(request: FastifyRequest, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", request.server.cursorKey, iv);
  cipher.setAAD(Buffer.from(request.sessionId ?? "signed-out"));
  const sealed = Buffer.concat([iv, cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return SEALED + sealed.toString("base64url");
}

/** The plain text of a sealed cursor, or throws when it was made for another session or altered. */
function unseal(request: FastifyRequest, cursor: string): string {
  const sealed = Buffer.from(cursor.slice(SEALED.length), "base64url");
  if (sealed.length < 12 + 16 + 1) throw new Error("short");
  const decipher = createDecipheriv("aes-256-gcm", request.server.cursorKey, sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(request.sessionId ?? "signed-out"));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]).toString(
    "utf8",
  );
}

/**
 * Encodes a page's next cursor for the request's list: a distance cursor sealed for its session,
 * any other as `encodeCursor` does.
 */
export function cursorFor(request: FastifyRequest, row: Cursor | ScoredCursor): string {
  return "sort" in row && row.sort === "distance" ? seal(request, sortKeyOf(row)) : encodeCursor(row);
}

/**
 * Decodes a cursor from a query string.
 * @param request the request it came with: a sealed cursor opens only for the session it was made for
 * @returns a `ScoredCursor` when the cursor was made by a score-first list
 * @throws AppError 400 when the cursor was not made by `encodeCursor` (or `cursorFor` for this session)
 */
export function decodeCursor(
  cursor: string | undefined,
  request?: FastifyRequest,
): Cursor | ScoredCursor | undefined {
  if (!cursor) return undefined;
  try {
    const text = cursor.startsWith(SEALED)
      ? unseal(request ?? ({} as FastifyRequest), cursor)
      : Buffer.from(cursor, "base64url").toString("utf8");
    const [createdAt, id, sort, score] = JSON.parse(text);
    const date = new Date(createdAt);
    const year = date.getUTCFullYear();
    if (Number.isNaN(year) || year < DATE_YEAR_MIN || year > DATE_YEAR_MAX) throw new Error("date");
    if (typeof id !== "string" || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      throw new Error("id");
    if (sort === undefined) return { createdAt: date, id };
    if (!SCORE_SORTS.includes(sort) || typeof score !== "number" || !Number.isFinite(score))
      throw new Error("score");
    // A distance cursor is only ever handed out sealed.
    if (sort === "distance" && !cursor.startsWith(SEALED)) throw new Error("unsealed");
    return { createdAt: date, id, sort, score };
  } catch {
    throw invalidCursor();
  }
}

/**
 * Decodes the cursor of a newest-first list, which a score-first list's cursor cannot continue.
 * @throws AppError 400 as `decodeCursor`, and for a scored cursor
 */
export function decodeNewestCursor(cursor: string | undefined, request?: FastifyRequest): Cursor | undefined {
  const decoded = decodeCursor(cursor, request);
  if (decoded && "sort" in decoded) throw invalidCursor();
  return decoded;
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

/**
 * One page of a keyset list over `(time, id)` (docs/DESIGN.md §6, pagination): the condition after the
 * cursor (none on the first page), the order an index on `(time, id)` serves, and how many rows to
 * fetch — `limit + 1`, so `sendPage` knows whether a next page exists.
 * @param direction newest first (the default: feeds, threads) or oldest first (a group's members and
 *   applications, in the order they came)
 */
export function keysetPage(
  time: AnyColumn,
  id: AnyColumn,
  page: { limit: number; cursor?: Cursor },
  direction: "newest" | "oldest" = "newest",
) {
  const { cursor } = page;
  const after = !cursor
    ? undefined
    : direction === "newest"
      ? keysetBefore(time, id, cursor)
      : keysetAfter(time, id, { at: cursor.createdAt, id: cursor.id });
  const order = direction === "newest" ? desc : asc;
  return { after, orderBy: [order(time), order(id)] as const, fetch: page.limit + 1 };
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
  url.searchParams.set("cursor", cursorFor(request, next));
  url.searchParams.set("limit", String(limit));
  reply.header("Link", `<${url.pathname}${url.search}>; rel="next"`);
  return page;
}
