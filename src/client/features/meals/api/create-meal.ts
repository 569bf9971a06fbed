/** `POST /api/meals` (spec §7). On success every meal list is refetched. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { CreateMealInput, Meal } from "@/contract/meals";

export function useCreateMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (meal: CreateMealInput) =>
      (await apiRequest("POST", "/api/meals", meal)).json() as Promise<Meal>,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ["/api/meals"] });
      queryClient.invalidateQueries({ queryKey: ["/api/meals/my/all"] });
    },
  });
}
