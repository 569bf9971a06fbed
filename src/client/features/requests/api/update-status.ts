/**
 * `PUT /api/requests/{id}/status` (spec §7; docs/features/households.md: `portions` when accepting
 * fewer, `reason` with a no-show), and `POST /api/requests/{id}/pickup-code`: each updates the thread
 * and refreshes the lists and the meal.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import { mealKeys, requestKeys } from "@/client/lib/query-keys";
import { invalidateFromNow } from "@/client/lib/refetch";
import type { MealRequest, MealRequestDetail, RequestStatus } from "@/contract/requests";

/** A move, and what some moves need. */
export interface StatusChange {
  status: RequestStatus;
  portions?: number;
  reason?: string;
}

export function useUpdateRequestStatus(requestId: string) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Failed to update status. Please try again.") },
    mutationFn: async (change: StatusChange) =>
      (await apiRequest("PUT", `/api/requests/${requestId}/status`, change)).json() as Promise<MealRequest>,
    onSuccess: (updated) => applyToThread(queryClient, requestId, updated),
  });
}

/** The cook types the eater's pickup code; a wrong or locked code is the form's to say. */
export function useSubmitPickupCode(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, early }: { code: string; early?: boolean }) =>
      (
        await apiRequest("POST", `/api/requests/${requestId}/pickup-code`, {
          code,
          ...(early ? { early } : {}),
        })
      ).json() as Promise<MealRequest>,
    onSuccess: (updated) => applyToThread(queryClient, requestId, updated),
  });
}

function applyToThread(
  queryClient: ReturnType<typeof useQueryClient>,
  requestId: string,
  updated: MealRequest,
) {
  queryClient.setQueryData<MealRequestDetail>(requestKeys.detail(requestId), (thread) =>
    thread ? { ...thread, ...updated, messages: thread.messages } : thread,
  );
  invalidateRequestLists(queryClient);
  queryClient.invalidateQueries({ queryKey: mealKeys.detail(updated.meal.id) });
}

/** Marks the Incoming / My Requests lists stale (they refetch when shown, from a fetch begun now). */
export function invalidateRequestLists(queryClient: ReturnType<typeof useQueryClient>) {
  return invalidateFromNow(queryClient, {
    queryKey: requestKeys.all,
    predicate: (query) => typeof query.queryKey[1] === "object",
  });
}

/**
 * `POST /api/requests/{id}/terms`: the eater keeps their portion on the cook's changed terms, or gives
 * it up (docs/features/exchange.md "Terms agreed are kept").
 */
export function useAnswerTerms(requestId: string) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not send your answer. Please try again.") },
    mutationFn: async (answer: "kept" | "gave_up") =>
      (
        await apiRequest("POST", `/api/requests/${requestId}/terms`, { answer })
      ).json() as Promise<MealRequest>,
    onSuccess: (updated) => applyToThread(queryClient, requestId, updated),
  });
}
