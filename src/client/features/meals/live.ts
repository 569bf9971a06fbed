/** What the live stream does to the meals' data (docs/decisions/005): a meal page's portions left. */
import type { LiveSubscriber } from "@/client/lib/live";
import { mealKeys } from "@/client/lib/query-keys";
import { invalidateFromNow } from "@/client/lib/refetch";

/**
 * The meals feature's live handlers: a request's move refreshes its meal's page where it is shown.
 * The lists page by cursor and are not live.
 */
export const mealsLive: LiveSubscriber = {
  on: {
    request: (queryClient, { mealId }) =>
      void invalidateFromNow(queryClient, { queryKey: mealKeys.detail(mealId) }),
  },
  resync: (queryClient) =>
    void invalidateFromNow(queryClient, {
      queryKey: mealKeys.all,
      predicate: ({ queryKey }) => queryKey.length === 2 && typeof queryKey[1] === "string",
    }),
};
