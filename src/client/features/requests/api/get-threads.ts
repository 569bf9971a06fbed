/** `GET /api/threads`: the Messages view's threads, newest activity first, page by page. */
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getPage } from "@/client/lib/api-client";
import { requestKeys } from "@/client/lib/query-keys";
import type { ThreadSummary } from "@/contract/requests";

export const threadsQuery = infiniteQueryOptions({
  queryKey: requestKeys.threads,
  queryFn: ({ pageParam }) => getPage<ThreadSummary>(pageParam),
  initialPageParam: "/api/threads",
  getNextPageParam: (page) => page.next,
});

export function useThreads() {
  const query = useInfiniteQuery(threadsQuery);
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}
