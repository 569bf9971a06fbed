/**
 * Keyset (cursor) pagination over `(created_at DESC, id DESC)` (DESIGN.md §6). The cursor is
 * opaque to clients: base64url of the last row's creation time and id. The next page's URL is
 * sent in an RFC 8288 `Link` header so list bodies stay plain arrays (spec §7).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { validation } from "./errors";

/** Rows a list returns when the client gives no `limit`. */
export const DEFAULT_PAGE_SIZE = 50;

/** A decoded cursor: the sort key of the last row already sent. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

/** Encodes the sort key of a page's last row. */
export function encodeCursor(row: Cursor): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString("base64url");
}

/**
 * Decodes a cursor from a query string.
 * @throws AppError 400 when the cursor was not made by `encodeCursor`
 */
export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const date = new Date(createdAt);
    if (Number.isNaN(date.getTime()) || typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id))
      throw new Error();
    return { createdAt: date, id };
  } catch {
    throw validation("Invalid cursor", { cursor: "Invalid cursor" });
  }
}

/**
 * Splits the `limit + 1` rows a query fetched into the page and the next cursor, and sets the
 * `Link: <url>; rel="next"` header when there is a next page.
 */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  rows: T[],
  limit: number,
  cursorOf: (row: T) => Cursor,
): T[] {
  if (rows.length <= limit) return rows;
  const page = rows.slice(0, limit);
  const url = new URL(request.url, "http://local");
  url.searchParams.set("cursor", encodeCursor(cursorOf(page[page.length - 1])));
  url.searchParams.set("limit", String(limit));
  reply.header("Link", `<${url.pathname}${url.search}>; rel="next"`);
  return page;
}
