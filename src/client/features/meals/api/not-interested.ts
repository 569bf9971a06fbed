/**
 * "Not interested" (docs/features/everyday-journey.md): what the member hid from their
 * lists (Settings), and hiding or showing again a meal or a cook's meals. A hide takes the meal — or
 * every meal of the cook — out of the lists on screen at once (an optimistic update); the server's
 * lists leave them out from then on. Showing again refreshes the lists.
 */
import {
  type InfiniteData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiRequest, type Page } from "@/client/lib/api-client";
import { mealKeys } from "@/client/lib/query-keys";
import type { HiddenFromLists, Meal } from "@/contract/meals";

export const hiddenQuery = queryOptions<HiddenFromLists>({ queryKey: mealKeys.hidden });

export function useHidden() {
  return useQuery(hiddenQuery);
}

/** One hide or its undo: a meal (`meals`) or every meal of a cook (`cooks`), by id. */
export interface HideChange {
  kind: "meals" | "cooks";
  id: string;
  hidden: boolean;
}

/** Hides or shows again a meal or a cook's meals (see the module comment). */
export function useHide() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { serverMessage: true },
    mutationFn: async ({ kind, id, hidden }: HideChange) => {
      await apiRequest(hidden ? "PUT" : "DELETE", `/api/user/hidden/${kind}/${id}`);
    },
    onSuccess: (_data, { kind, id, hidden }) => {
      if (hidden) {
        const keep = (meal: Meal) => (kind === "meals" ? meal.id !== id : meal.owner.id !== id);
        queryClient.setQueriesData<InfiniteData<Page<Meal>>>(
          { queryKey: mealKeys.all, predicate: ({ queryKey }) => isList(queryKey[1]) },
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((page) => ({ ...page, items: page.items.filter(keep) })),
            },
        );
      } else {
        void queryClient.invalidateQueries({
          queryKey: mealKeys.all,
          predicate: ({ queryKey }) => isList(queryKey[1]),
        });
      }
      // The map's views are fetched again when shown: their pins carry no cook.
      void queryClient.invalidateQueries({
        queryKey: mealKeys.all,
        predicate: ({ queryKey }) =>
          typeof queryKey[1] === "object" && queryKey[1] !== null && "map" in queryKey[1],
      });
      void queryClient.invalidateQueries({ queryKey: mealKeys.hidden });
    },
  });
}

const isList = (part: unknown) => typeof part === "object" && part !== null && "list" in part;
