/**
 * The container label's calls (docs/features/handover.md point 3): the cook's label of their meal
 * (`POST /api/meals/{id}/label`, which makes the public page's token the first time and then always
 * answers the same) and the public label page (`GET /api/labels/{token}`).
 */
import { useQuery } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/client/lib/api-client";
import type { PrintLabel, PublicLabel } from "@/contract/labels";

export function usePrintLabel(mealId: string) {
  return useQuery({
    queryKey: ["/api/meals", mealId, "label"],
    queryFn: async () =>
      (await (await apiRequest("POST", `/api/meals/${mealId}/label`)).json()) as PrintLabel,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePublicLabel(token: string) {
  return useQuery({
    queryKey: ["/api/labels", token],
    queryFn: () => getJson<PublicLabel>(`/api/labels/${encodeURIComponent(token)}`),
  });
}
