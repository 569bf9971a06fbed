/**
 * The member's alerts for new meals (docs/features/neighbourhood.md point 6): `GET|POST /api/alerts`,
 * `PUT|DELETE /api/alerts/{id}`. Pausing is an optimistic update, put back when it fails.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import { alertKeys } from "@/client/lib/query-keys";
import type { Alert, CreateAlertInput } from "@/contract/alerts";

export const alertsQuery = queryOptions<Alert[]>({ queryKey: alertKeys.all });

export const useAlerts = () => useQuery(alertsQuery);

/** Saves an alert; the answer says whether it was new (201) or saved before (200). */
export function useCreateAlert() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not save the alert. Please try again."), serverMessage: true },
    mutationFn: async (input: CreateAlertInput) => {
      const response = await apiRequest("POST", "/api/alerts", input);
      return { alert: (await response.json()) as Alert, created: response.status === 201 };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function usePauseAlert() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not change the alert. Please try again.") },
    mutationFn: async ({ id, paused }: { id: string; paused: boolean }) =>
      (await apiRequest("PUT", `/api/alerts/${id}`, { paused })).json() as Promise<Alert>,
    onMutate: async ({ id, paused }) => {
      await queryClient.cancelQueries({ queryKey: alertKeys.all });
      const previous = queryClient.getQueryData<Alert[]>(alertKeys.all);
      queryClient.setQueryData<Alert[]>(alertKeys.all, (alerts) =>
        alerts?.map((alert) => (alert.id === id ? { ...alert, paused } : alert)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(alertKeys.all, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useDeleteAlert() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not delete the alert. Please try again.") },
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", `/api/alerts/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
