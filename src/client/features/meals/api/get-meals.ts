/** `GET /api/meals`: open meals, all or by kind, page by page (spec §7, DESIGN.md §6). */
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getPage } from "@/client/lib/api-client";
import type { Meal, MealKind } from "@/contract/meals";

export const mealsQuery = (kind?: MealKind) =>
  infiniteQueryOptions({
    queryKey: ["/api/meals", { kind: kind ?? "all" }],
    queryFn: ({ pageParam }) => getPage<Meal>(pageParam),
    initialPageParam: kind ? `/api/meals?kind=${kind}` : "/api/meals",
    getNextPageParam: (page) => page.next,
  });

/** The loaded meals, flattened, with `fetchNextPage` for "Load more". */
export function useMeals(kind?: MealKind) {
  const query = useInfiniteQuery(mealsQuery(kind));
  return { ...query, meals: query.data?.pages.flatMap((page) => page.items) ?? [] };
}
