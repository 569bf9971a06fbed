/** `POST /api/requests` (spec §7). Refreshes the meal (portions) and the request lists. */
import { type MutationMeta, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { mealKeys, requestKeys } from "@/client/lib/query-keys";
import type { CreateRequestInput } from "@/contract/requests";

export function useCreateRequest(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: async (input: CreateRequestInput) => {
      await apiRequest("POST", "/api/requests", input);
    },
    onSuccess: (_data, input) => {
      queryClient.invalidateQueries({ queryKey: mealKeys.detail(input.mealId) });
      queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
  });
}
