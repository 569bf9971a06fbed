/**
 * Shapes shared by several features: the public view of a user, the error body and cursor
 * pagination (docs/DESIGN.md §4 "Errors", §6).
 */
import { z } from "zod";
import { type Message, msg } from "./messages";

/** What anyone may see of another user: never their email (docs/STYLE.md "Presenters"). */
export const publicUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  /** Registered to sell (docs/features/food-safety.md; spec §3 names it `isCook`). */
  isCook: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Every error answer (docs/DESIGN.md §4 "Errors"). */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorSchema>;

/**
 * The error answers a route documents, each in the one error shape (docs/DESIGN.md §4 "Errors").
 * @param statuses HTTP statuses, e.g. `errorResponses(400, 401, 404)`
 */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as Record<S, typeof errorSchema>;
}

/** The body of a write that has nothing to return but that it was done. */
export const doneSchema = z.object({ ok: z.literal(true) });

/** Largest page a list endpoint returns. */
export const PAGE_LIMIT_MAX = 100;

/**
 * Query of a cursor-paginated list: `limit` rows after the opaque `cursor` of the previous page.
 * The next page's URL comes back in a `Link: <...>; rel="next"` header (RFC 8288), so the body
 * stays the plain array the spec's calls expect.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).optional(),
  cursor: z.string().max(200).optional(),
});

/** A path parameter that must be a UUID. */
export const idParamsSchema = z.object({ id: z.uuid({ error: msg("Invalid id") }) });

/** ISO 8601 date-time string in responses. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** Years a date a client sends may fall in: PostgreSQL's timestamptz cannot hold every JS date. */
export const DATE_YEAR_MIN = 1970;
export const DATE_YEAR_MAX = 9999;

/**
 * An ISO 8601 date-time a client sends, with its offset, in years DATE_YEAR_MIN..DATE_YEAR_MAX
 * (docs/features/operations.md: year 0000 passed the format and failed in PostgreSQL with 22008).
 * @param requiredMessage the spec's message when the value is missing; a malformed or
 *   out-of-range one says "Enter a valid date and time"
 */
export const inputDateTime = (requiredMessage: Message) =>
  z.iso
    .datetime({
      offset: true,
      error: (issue) => (issue.input ? msg("Enter a valid date and time") : requiredMessage),
    })
    .refine((value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
    }, msg("Enter a valid date and time"));
