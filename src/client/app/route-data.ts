/**
 * A member's page's first API call, started with its code (docs/decisions/015 "Phones"):
 * once the sign-in check answers, main.tsx asks here, and the page finds its answer on the way
 * instead of asking after its chunks arrive and it renders. What the call is, src/contract/first-calls.ts
 * decides; here it is asked through the page's own query options, so the page's query picks it up (and
 * the answer the server put in the page, when it did, is that query's answer: lib/first-answers.ts).
 * A list opened on its map fetches the map's code too.
 */
import { loadMealMap, mealQuery, mealsQuery } from "@/client/features/meals";
import { requestQuery } from "@/client/features/requests";
import { queryClient } from "@/client/lib/query-client";
import type { CurrentUser } from "@/contract/auth";
import { pageStartOf } from "@/contract/first-calls";

/** Starts the first API call of the member's page at `pathname` with `search`, if it makes one. */
export function prefetchPageData(pathname: string, search: string, user: CurrentUser): void {
  const start = pageStartOf(pathname, new URLSearchParams(search), user);
  if (!start) return;
  if (start.map) void loadMealMap();
  const { call } = start;
  if (call?.query === "meals") void queryClient.prefetchInfiniteQuery(mealsQuery(call.filters));
  else if (call?.query === "meal") void queryClient.prefetchQuery(mealQuery(call.id));
  else if (call?.query === "request") void queryClient.prefetchQuery(requestQuery(call.id));
}
