/**
 * `GET /api/requests/{id}`: one request with the newest page of its thread (spec §7), and
 * `GET /api/requests/{id}/messages` for the pages before it, fetched when the reader asks.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { getPage } from "@/client/lib/api-client";
import { requestKeys } from "@/client/lib/query-keys";
import type { MealRequestDetail, Message } from "@/contract/requests";

export const requestQuery = (id: string) =>
  queryOptions<MealRequestDetail>({ queryKey: requestKeys.detail(id) });

export const useRequest = (id: string) => useQuery(requestQuery(id));

/**
 * The thread's messages before its newest page, oldest first, loaded a page at a time from
 * `firstUrl` (the detail's `olderMessages`) once `enabled`. The key sits under the request's, so
 * refreshing the request refreshes these too.
 */
export function useOlderMessages(requestId: string, firstUrl: string | null, enabled: boolean) {
  const query = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: requestKeys.older(requestId, firstUrl),
      queryFn: ({ pageParam }) => getPage<Message>(pageParam),
      initialPageParam: firstUrl ?? "",
      getNextPageParam: (page) => page.next,
      enabled: enabled && firstUrl !== null,
    }),
  );
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    // Each page is newest first; the reader wants the oldest at the top.
    messages: pages.flatMap((page) => page.items).reverse(),
    hasOlder: firstUrl !== null && (pages.length === 0 || pages[pages.length - 1].next !== null),
  };
}
