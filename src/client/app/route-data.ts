/**
 * A member's page's first API call, started with its code (docs/decisions/015 "Phones"):
 * once the sign-in check answers, main.tsx asks here, and the page finds its answer on the way
 * instead of asking after its chunks arrive and it renders. Each prefetch asks exactly what the page
 * will (the same query options, the same filters from the URL), so the page's own query picks it up;
 * a list opened on its map fetches the map's code too.
 */
import { isMealId, listFiltersOf, loadMealMap, mealQuery, mealsQuery } from "@/client/features/meals";
import { requestQuery } from "@/client/features/requests";
import { queryClient } from "@/client/lib/query-client";
import type { CurrentUser } from "@/contract/auth";
import type { MealKind } from "@/contract/meals";
import { MEMBER_PAGES, pageAt } from "@/contract/pages";

/**
 * The meal list a list page opens on: the URL's filters for this member (no device position yet), and
 * the map's code when it opens on the map. `listedOnMap`: whether the page asks for its list while it
 * shows the map (Community and Marketplace do, for the count line; Home's featured meals do not).
 */
const list =
  (kind: MealKind | undefined, listedOnMap: boolean) =>
  (_: Record<string, string>, search: URLSearchParams, user: CurrentUser) => {
    const { filters, area, view } = listFiltersOf(search, user, null, kind);
    if (view === "map") void loadMealMap();
    if (view === "map" && !listedOnMap) return;
    // "Near me" waits for this device's position, which only the page asks for.
    if (area !== "here") void queryClient.prefetchInfiniteQuery(mealsQuery(filters));
  };

/** By page name (src/contract/pages.ts): what its first screen asks the API for. */
const FIRST_CALLS: Record<
  string,
  (params: Record<string, string>, search: URLSearchParams, user: CurrentUser) => void
> = {
  community: list("free", true),
  marketplace: list("paid", true),
  home: list(undefined, false),
  "meal-detail": ({ id }) => {
    if (isMealId(id)) void queryClient.prefetchQuery(mealQuery(id));
  },
  "request-thread": ({ id }) => {
    if (id) void queryClient.prefetchQuery(requestQuery(id));
  },
};

/** Starts the first API call of the member's page at `pathname` with `search`, if it makes one. */
export function prefetchPageData(pathname: string, search: string, user: CurrentUser): void {
  const page = pageAt(MEMBER_PAGES, pathname);
  if (page) FIRST_CALLS[page.page]?.(page.params, new URLSearchParams(search), user);
}
