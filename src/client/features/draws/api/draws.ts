/**
 * A meal's draw (docs/features/fair-shares.md): read it, enter or leave it, and the cook's Draw now.
 * A change refreshes the draw and the meal's page (its portions, the viewer's request or place in line).
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest, getJson } from "@/client/lib/api-client";
import { mealKeys, requestKeys } from "@/client/lib/query-keys";
import type { DrawView } from "@/contract/draw";
import { rememberEntry } from "../witness";

/** Under the meal's own key, so refreshing the meal's page refreshes its draw too. */
const drawKey = (mealId: string) => [...mealKeys.detail(mealId), "draw"] as const;

export function useDraw(mealId: string, enabled = true) {
  return useQuery({
    queryKey: drawKey(mealId),
    queryFn: () => getJson<DrawView>(`/api/meals/${mealId}/draw`),
    enabled,
  });
}

function refresh(queryClient: QueryClient, mealId: string) {
  void queryClient.invalidateQueries({ queryKey: mealKeys.detail(mealId) });
  void queryClient.invalidateQueries({ queryKey: requestKeys.all });
}

export function useEnterDraw(mealId: string) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not enter the draw. Please try again.") },
    mutationFn: async (portions: number) =>
      (await apiRequest("POST", `/api/meals/${mealId}/draw/entry`, { portions })).json() as Promise<DrawView>,
    onSuccess: (view) => {
      rememberEntry(view);
      queryClient.setQueryData(drawKey(mealId), view);
      refresh(queryClient, mealId);
    },
  });
}

export function useLeaveDraw(mealId: string) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not leave the draw. Please try again.") },
    mutationFn: async () =>
      (await apiRequest("DELETE", `/api/meals/${mealId}/draw/entry`)).json() as Promise<DrawView>,
    onSuccess: (view) => {
      queryClient.setQueryData(drawKey(mealId), view);
      refresh(queryClient, mealId);
    },
  });
}

export function useDrawNow(mealId: string) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not make the draw. Please try again.") },
    mutationFn: async () => (await apiRequest("POST", `/api/meals/${mealId}/draw/run`)).json(),
    onSuccess: () => refresh(queryClient, mealId),
  });
}
