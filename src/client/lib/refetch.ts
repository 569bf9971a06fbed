/**
 * Refetching after hearing of a write (docs/features/exchange.md, fifth round, point 1): what is shown must
 * come from a read made after the write, never from one begun before it.
 */
import type { InvalidateQueryFilters, QueryClient } from "@tanstack/react-query";

/**
 * Marks the matching queries stale and refetches those on screen, each from a fetch begun now.
 *
 * `invalidateQueries` alone does not promise that: while a query's first fetch is in flight (no data
 * yet), TanStack Query reuses that fetch instead of starting another (`cancelRefetch` cancels only a
 * fetch of a query that has data). That fetch may have read the database before the write the caller
 * heard about, and its answer would then stand for good: nothing polls. So such a query is fetched
 * once more when its first fetch ends. A query with data is refetched at once, as before.
 *
 * @returns once every refetch has ended (failures are left to each query's own error state)
 */
export async function invalidateFromNow(
  queryClient: QueryClient,
  filters: InvalidateQueryFilters,
): Promise<void> {
  const firstFetches = queryClient
    .getQueryCache()
    .findAll(filters)
    .filter((query) => query.state.data === undefined && query.state.fetchStatus === "fetching");
  await queryClient.invalidateQueries(filters);
  await Promise.all(
    firstFetches.map((query) => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true })),
  );
}
