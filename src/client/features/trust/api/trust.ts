/**
 * The member's own level and the newcomer limits (`GET /api/user/trust`), and a vouch for a member
 * one completed an exchange with (`PUT /api/users/{id}/vouch`; docs/decisions/020).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import { requestKeys, trustKeys, userKeys } from "@/client/lib/query-keys";
import type { OwnTrust, Vouch } from "@/contract/trust";

export const ownTrustQuery = queryOptions<OwnTrust>({ queryKey: trustKeys.own });
/** The signed-in member's level; pass `enabled: false` signed out. */
export const useOwnTrust = (enabled = true) => useQuery({ ...ownTrustQuery, enabled });

/** Vouches for `userId`; refreshes the thread it was given from and their profile. */
export function useVouch(userId: string) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not vouch. Please try again."), serverMessage: true },
    mutationFn: async () => (await apiRequest("PUT", `/api/users/${userId}/vouch`)).json() as Promise<Vouch>,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void queryClient.invalidateQueries({ queryKey: userKeys.member(userId) });
    },
  });
}
