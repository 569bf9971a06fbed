/** `POST /api/meals` (spec §7). On success every meal list is refetched. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import { authKeys, mealKeys } from "@/client/lib/query-keys";
import type { CreateMealInput, Meal } from "@/contract/meals";

export function useCreateMeal() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    // spec §8 "Create meal failure": the server's message, or this.
    meta: { errorMessage: t("Failed to create meal. Please try again."), serverMessage: true },
    mutationFn: async (meal: CreateMealInput) =>
      (await apiRequest("POST", "/api/meals", meal)).json() as Promise<Meal>,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: mealKeys.all });
      queryClient.invalidateQueries({ queryKey: mealKeys.mine });
      // Posting turns the member's role switch to feeder (docs/features/everyday-journey.md).
      queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
    },
  });
}
