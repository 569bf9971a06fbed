/**
 * Disputed pickups (docs/decisions/012): `GET /api/admin/disputes` and `PUT /api/admin/disputes/{id}`
 * with the admin's outcome; settling one refreshes the list and both members' records.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import { requestKeys, userKeys } from "@/client/lib/query-keys";
import type { Dispute } from "@/contract/requests";

export const adminDisputesQuery = queryOptions<Dispute[]>({ queryKey: ["/api/admin/disputes"] });

/** The open disputes, oldest first; asked only for an admin. */
export const useAdminDisputes = (enabled: boolean) => useQuery({ ...adminDisputesQuery, enabled });

/** How an admin settles a dispute. */
export type DisputeOutcome = "completed" | "eater_no_show" | "feeder_no_show";

export function useSettleDispute() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not settle the dispute. Please try again."), serverMessage: true },
    mutationFn: async ({ dispute, outcome }: { dispute: Dispute; outcome: DisputeOutcome }) => {
      await apiRequest("PUT", `/api/admin/disputes/${dispute.id}`, { outcome });
    },
    onSuccess: (_result, { dispute }) => {
      queryClient.invalidateQueries({ queryKey: adminDisputesQuery.queryKey });
      queryClient.invalidateQueries({ queryKey: requestKeys.detail(dispute.id) });
      queryClient.invalidateQueries({ queryKey: userKeys.member(dispute.eater.id) });
      queryClient.invalidateQueries({ queryKey: userKeys.member(dispute.feeder.id) });
    },
  });
}
