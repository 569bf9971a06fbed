/**
 * A member's page's first API call (docs/decisions/015 "Phones"): what the first screen of a page asks
 * the API for, decided from its URL and its viewer. The browser starts it with the page's code
 * (src/client/app/route-data.ts), and the server answers it inside the page's HTML
 * (src/server/first-answers.ts), so a phone waits for no round trip of its own for it.
 */
import { regexes } from "zod/v4/core";
import type { CurrentUser } from "./auth";
import { listFiltersOf, type MealFilters, mealsUrl } from "./meal-list";
import type { MealKind } from "./meals";
import { MEMBER_PAGES, pageAt } from "./pages";
import { PHOTO_PATH, PHOTO_SIZES, photoSrcSet, thumbnailOf } from "./plain/photos";

/** A page's first call: a meal list's first page, one meal, or one request with its thread. */
export type FirstCall =
  | { query: "meals"; filters: MealFilters }
  | { query: "meal"; id: string }
  | { query: "request"; id: string };

/** How a member's page starts. */
export interface PageStart {
  /**
   * Its first call; null when its first screen asks nothing or waits for what only the browser knows
   * (this device's position, for "Near me").
   */
  call: FirstCall | null;
  /** Whether it opens on the meal map, whose code is worth fetching with it. */
  map: boolean;
}

/** zod's own UUID pattern, the one `z.uuid()` checks a meal's or a request's id against in the API. */
const UUID = regexes.uuid();
/**
 * Whether `id` can name a meal or a request (a UUID, as the API's `z.uuid()` decides): only then is it
 * asked for. The pattern alone, not a schema: the browser's first screen builds no zod schema
 * (docs/decisions/015 "Phones").
 */
export const isRecordId = (id: string | undefined): id is string => id !== undefined && UUID.test(id);

/**
 * A list page: the URL's filters for this member, no device position yet. `listedOnMap`: whether the
 * page asks for its list while it shows the map (Community and Marketplace do, for the count line;
 * Home's featured meals do not).
 */
const list =
  (kind: MealKind | undefined, listedOnMap: boolean) =>
  (_: Record<string, string>, search: URLSearchParams, user: CurrentUser): PageStart => {
    const { filters, area, view } = listFiltersOf(search, user, null, kind);
    const map = view === "map";
    const waits = area === "here" || (map && !listedOnMap);
    return { call: waits ? null : { query: "meals", filters }, map };
  };

/** By page name (src/contract/pages.ts). */
const STARTS: Record<
  string,
  (params: Record<string, string>, search: URLSearchParams, user: CurrentUser) => PageStart
> = {
  community: list("free", true),
  marketplace: list("paid", true),
  home: list(undefined, false),
  "meal-detail": ({ id }) => ({ call: isRecordId(id) ? { query: "meal", id } : null, map: false }),
  "request-thread": ({ id }) => ({ call: isRecordId(id) ? { query: "request", id } : null, map: false }),
};

/**
 * Whether the member's page at `pathname` may start with a call (which one depends on its viewer and
 * query): a page that never does needs no one looked up to know it.
 */
export function mayStartWithCall(pathname: string): boolean {
  const page = pageAt(MEMBER_PAGES, pathname);
  return page !== undefined && page.page in STARTS;
}

/**
 * How the member's page at `pathname` with the query `search` starts for `user`; undefined for a path
 * that is no member's page or a page that starts with nothing.
 */
export function pageStartOf(
  pathname: string,
  search: URLSearchParams,
  user: CurrentUser,
): PageStart | undefined {
  const page = pageAt(MEMBER_PAGES, pathname);
  return page && STARTS[page.page]?.(page.params, search, user);
}

/**
 * The API URL `call` GETs: the one the page's own query asks (its key joined, as
 * src/client/lib/query-client.ts `getQueryFn` does; a list's first page, `mealsUrl`).
 */
export function firstCallUrl(call: FirstCall): string {
  if (call.query === "meals") return mealsUrl(call.filters);
  return call.query === "meal" ? `/api/meals/${call.id}` : `/api/requests/${call.id}`;
}

/** A picture to fetch with the page: its fallback URL, `srcset` and `sizes`, as its `<img>` has them. */
export interface FirstPicture {
  href: string;
  srcset: string;
  sizes: string;
}

/**
 * The page's largest picture in its first call's answer `body` (the JSON the API sent): a list's
 * first card, a meal's hero, a thread's meal — the `<img>` each draws with `first` (fetched before
 * other images). Null when it has no stored photo, and on the map, which asks for the list only for
 * its count line and draws no card.
 */
export function firstPictureOf(start: PageStart, body: unknown): FirstPicture | null {
  const { call } = start;
  if (!call || start.map) return null;
  type WithPhoto = { photoPath?: string | null } | undefined;
  const [meal, sizes] =
    call.query === "meals"
      ? [(body as WithPhoto[])[0], PHOTO_SIZES.card]
      : call.query === "meal"
        ? [body as WithPhoto, PHOTO_SIZES.hero]
        : [(body as { meal?: WithPhoto }).meal, PHOTO_SIZES.thread];
  const photo = meal?.photoPath;
  if (!photo || !PHOTO_PATH.test(photo)) return null;
  return { href: thumbnailOf(photo), srcset: photoSrcSet(photo), sizes };
}
