/** `GET /api/meals/my/all`: the signed-in user's meals, active or not (spec §7). */
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getPage } from "@/client/lib/api-client";
import { mealKeys } from "@/client/lib/query-keys";
import type { Meal } from "@/contract/meals";

export const myMealsQuery = infiniteQueryOptions({
  queryKey: mealKeys.mine,
  queryFn: ({ pageParam }) => getPage<Meal>(pageParam),
  initialPageParam: "/api/meals/my/all",
  getNextPageParam: (page) => page.next,
});

export function useMyMeals() {
  const query = useInfiniteQuery(myMealsQuery);
  return { ...query, meals: query.data?.pages.flatMap((page) => page.items) ?? [] };
}
