/** `PUT /api/meals/{id}`, e.g. `{ isActive }` for Activate / Deactivate (spec §4 "Meal"). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { Meal, UpdateMeal } from "@/contract/meals";

export function useUpdateMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: UpdateMeal }) =>
      (await apiRequest("PUT", `/api/meals/${id}`, patch)).json() as Promise<Meal>,
    onSuccess: (meal) => {
      queryClient.setQueryData(["/api/meals", meal.id], meal);
      queryClient.invalidateQueries({ queryKey: ["/api/meals"] });
      queryClient.invalidateQueries({ queryKey: ["/api/meals/my/all"] });
    },
  });
}
