/**
 * Saved meals (docs/features/everyday-journey.md "Save a meal"): the ids behind the
 * hearts, the Saved tab's meals, and saving or forgetting one — an optimistic update of the hearts,
 * undone if the server refuses (it says why: a meal gone, or too many saved).
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiRequest, getPage } from "@/client/lib/api-client";
import { mealKeys } from "@/client/lib/query-keys";
import type { Meal } from "@/contract/meals";

export const savedIdsQuery = queryOptions({
  queryKey: mealKeys.savedIds,
  queryFn: async () => (await (await apiRequest("GET", "/api/user/saved-meal-ids")).json()) as string[],
  staleTime: 60_000,
});

/**
 * Whether the member saved the meal; `known` is false while the ids load, when a tap could only guess
 * (and a tap on a saved meal's heart would have saved it again instead of forgetting it).
 */
export function useIsSaved(mealId: string): { saved: boolean; known: boolean } {
  const { data } = useQuery(savedIdsQuery);
  return { saved: data?.includes(mealId) ?? false, known: data !== undefined };
}

export const savedMealsQuery = infiniteQueryOptions({
  queryKey: mealKeys.saved,
  queryFn: ({ pageParam }) => getPage<Meal>(pageParam),
  initialPageParam: "/api/user/saved-meals",
  getNextPageParam: (page) => page.next,
});

export function useSavedMeals() {
  const query = useInfiniteQuery(savedMealsQuery);
  return { ...query, meals: query.data?.pages.flatMap((page) => page.items) ?? [] };
}

/** Saves (`save: true`) or forgets a meal; the heart changes at once. */
export function useToggleSave(mealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { serverMessage: true },
    mutationFn: async (save: boolean) => {
      await apiRequest(save ? "PUT" : "DELETE", `/api/meals/${mealId}/save`);
    },
    onMutate: async (save) => {
      await queryClient.cancelQueries({ queryKey: mealKeys.savedIds });
      const before = queryClient.getQueryData<string[]>(mealKeys.savedIds);
      queryClient.setQueryData<string[]>(mealKeys.savedIds, (ids = []) =>
        save ? [...new Set([...ids, mealId])] : ids.filter((id) => id !== mealId),
      );
      return { before };
    },
    onError: (_error, _save, context) => queryClient.setQueryData(mealKeys.savedIds, context?.before),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mealKeys.savedIds });
      void queryClient.invalidateQueries({ queryKey: mealKeys.saved });
    },
  });
}
