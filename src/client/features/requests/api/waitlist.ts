/**
 * `POST|DELETE /api/meals/{id}/waitlist` (docs/features/households.md point 2): wait for portions of a
 * meal with too few left, or stop waiting. The meal's page shows the place in line.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import { mealKeys } from "@/client/lib/query-keys";
import type { MyWaitlistPlace } from "@/contract/meals";

export function useJoinWaitlist(mealId: string) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not join the waiting list. Please try again."), serverMessage: true },
    mutationFn: async (portions: number) =>
      (
        await apiRequest("POST", `/api/meals/${mealId}/waitlist`, { portions })
      ).json() as Promise<MyWaitlistPlace>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mealKeys.detail(mealId) }),
  });
}

export function useLeaveWaitlist(mealId: string) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not leave the waiting list. Please try again.") },
    mutationFn: async () => {
      await apiRequest("DELETE", `/api/meals/${mealId}/waitlist`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mealKeys.detail(mealId) }),
  });
}
