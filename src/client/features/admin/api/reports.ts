/**
 * Admin reports (spec §7): `GET /api/admin/reports`, `GET /api/admin/stats` and
 * `PUT /api/admin/reports/{id}/resolve`; after resolving, the list and counts are refreshed.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import { mealKeys, moderationKeys, userKeys } from "@/client/lib/query-keys";
import type { AdminStats, Report } from "@/contract/reports";

export const adminReportsQuery = queryOptions<Report[]>({ queryKey: ["/api/admin/reports"] });
export const adminStatsQuery = queryOptions<AdminStats>({ queryKey: ["/api/admin/stats"] });

/** spec §6: the reports call is enabled only for the admin. */
export const useAdminReports = (enabled: boolean) => useQuery({ ...adminReportsQuery, enabled });
export const useAdminStats = (enabled: boolean) => useQuery({ ...adminStatsQuery, enabled });

/**
 * `PUT /api/admin/users/{id}/suspend` (docs/features/food-safety.md), with the admin's reason, from a
 * report or the user's profile; without a reason, `…/unsuspend`.
 */
export function useSuspendUser() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Failed to suspend user."), serverMessage: true },
    mutationFn: async ({ userId, reason }: { userId: string; reason?: string }) => {
      if (reason === undefined) await apiRequest("PUT", `/api/admin/users/${userId}/unsuspend`);
      else await apiRequest("PUT", `/api/admin/users/${userId}/suspend`, { reason });
    },
    onSuccess: (_result, { userId }) => {
      queryClient.invalidateQueries({ queryKey: mealKeys.all });
      queryClient.invalidateQueries({ queryKey: userKeys.member(userId) });
      queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
  });
}

export function useResolveReport() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Failed to resolve report. Please try again.") },
    mutationFn: async (id: string) => {
      await apiRequest("PUT", `/api/admin/reports/${id}/resolve`);
    },
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: adminReportsQuery.queryKey });
      queryClient.invalidateQueries({ queryKey: adminStatsQuery.queryKey });
    },
  });
}
