/** `GET /api/requests?type=incoming|outgoing` (spec §7), newest first, page by page. */
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getPage } from "@/client/lib/api-client";
import { requestKeys } from "@/client/lib/query-keys";
import type { MealRequest } from "@/contract/requests";

export const requestsQuery = (type: "incoming" | "outgoing") =>
  infiniteQueryOptions({
    queryKey: requestKeys.list(type),
    queryFn: ({ pageParam }) => getPage<MealRequest>(pageParam),
    initialPageParam: `/api/requests?type=${type}`,
    getNextPageParam: (page) => page.next,
  });

export function useRequests(type: "incoming" | "outgoing") {
  const query = useInfiniteQuery(requestsQuery(type));
  return { ...query, requests: query.data?.pages.flatMap((page) => page.items) ?? [] };
}
