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

/**
 * Starts the first API call of the member's page at `pathname` with `search`, if it makes one.
 * Resolves once its answer is in the query cache (or it failed: the page shows that itself); the
 * browser awaits it only for a page the server rendered, whose first render must show that answer
 * as the server's did (main.tsx), and the server's render of a first screen likewise.
 */
export async function prefetchPageData(pathname: string, search: string, user: CurrentUser): Promise<void> {
  const start = pageStartOf(pathname, new URLSearchParams(search), user);
  if (!start) return;
  // Not awaited, and never failing: the map draws its own error where it shows. Not on the server,
  // which draws the map's place only (server-render.tsx).
  if (start.map && typeof window !== "undefined") void loadMealMap().catch(() => undefined);
  const { call } = start;
  if (call?.query === "meals") await queryClient.prefetchInfiniteQuery(mealsQuery(call.filters));
  else if (call?.query === "meal") await queryClient.prefetchQuery(mealQuery(call.id));
  else if (call?.query === "request") await queryClient.prefetchQuery(requestQuery(call.id));
}
