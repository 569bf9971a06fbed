/** `PUT /api/requests/{id}/status` (spec §7): updates the thread and refreshes lists and the meal. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { mealKeys } from "@/client/features/meals";
import { apiRequest } from "@/client/lib/api-client";
import type { MealRequest, MealRequestDetail, RequestStatus } from "@/contract/requests";
import { requestKeys } from "./keys";

export function useUpdateRequestStatus(requestId: string) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Failed to update status. Please try again.") },
    mutationFn: async (status: RequestStatus) =>
      (
        await apiRequest("PUT", `/api/requests/${requestId}/status`, { status })
      ).json() as Promise<MealRequest>,
    onSuccess: (updated) => {
      queryClient.setQueryData<MealRequestDetail>(requestKeys.detail(requestId), (thread) =>
        thread ? { ...thread, ...updated, messages: thread.messages } : thread,
      );
      invalidateRequestLists(queryClient);
      queryClient.invalidateQueries({ queryKey: mealKeys.detail(updated.meal.id) });
    },
  });
}

/** Marks the Incoming / My Requests lists stale (they refetch when shown). */
export function invalidateRequestLists(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({
    queryKey: requestKeys.all,
    predicate: (query) => typeof query.queryKey[1] === "object",
  });
}
