/**
 * `GET /api/meals`: open meals page by page (spec §7, docs/DESIGN.md §6), searched, near the viewer and
 * without some allergens on the server (docs/features/discovery.md); the first page carries the match count.
 */
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getPage } from "@/client/lib/api-client";
import { mealKeys } from "@/client/lib/query-keys";
import { type MealFilters, mealsUrl } from "@/contract/meal-list";
import type { Meal } from "@/contract/meals";

export type { MealFilters };

export const mealsQuery = (filters: MealFilters = {}) =>
  infiniteQueryOptions({
    // The key starts with "/api/meals", so writes that invalidate that prefix refresh every list.
    queryKey: mealKeys.list(mealsUrl(filters)),
    queryFn: ({ pageParam }) => getPage<Meal>(pageParam),
    initialPageParam: mealsUrl(filters),
    getNextPageParam: (page) => page.next,
  });

/**
 * The loaded meals, flattened, the first page's total, and `fetchNextPage` for more.
 * @param options.enabled false while the list is not shown (the map asks for its own meals)
 */
export function useMeals(filters: MealFilters = {}, options: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...mealsQuery(filters), enabled: options.enabled ?? true });
  return {
    ...query,
    meals: query.data?.pages.flatMap((page) => page.items) ?? [],
    total: query.data?.pages[0]?.total ?? null,
  };
}
