/** `PUT /api/meal-series/{id}` (docs/features/households.md point 3): pause, resume or stop a weekly meal. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import { mealKeys } from "@/client/lib/query-keys";
import type { MealSeriesView, SeriesStatus } from "@/contract/meals";

export function useSetSeriesStatus(mealId: string, seriesId: string) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not change the weekly meal. Please try again.") },
    mutationFn: async (status: SeriesStatus) =>
      (await apiRequest("PUT", `/api/meal-series/${seriesId}`, { status })).json() as Promise<MealSeriesView>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mealKeys.detail(mealId) }),
  });
}
