/**
 * Whether a page's `:id` can name a record (a meal, a request): the API checks ids with `z.uuid()`, and
 * a page asks for nothing the API would refuse as malformed. The pattern alone, not a schema: a page's
 * first screen builds no zod schema (docs/decisions/015 "Phones").
 */
import { regexes } from "zod/v4/core";

/** zod's own UUID pattern, the one `z.uuid()` checks a meal's or a request's id against in the API. */
const UUID = regexes.uuid();

/** Whether `id` can name a meal or a request (a UUID, as the API's `z.uuid()` decides). */
export const isRecordId = (id: string | undefined): id is string => id !== undefined && UUID.test(id);
