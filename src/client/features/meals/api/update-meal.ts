/** `PUT /api/meals/{id}`, e.g. `{ isActive }` for Activate / Deactivate (spec §4 "Meal"). */
import { type MutationMeta, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "@/client/components/ui/use-toast";
import { apiRequest } from "@/client/lib/api-client";
import { mealKeys } from "@/client/lib/query-keys";
import type { Meal, MealDetail, UpdateMeal } from "@/contract/meals";

export function useUpdateMeal(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: async ({ id, patch }: { id: string; patch: UpdateMeal }) =>
      (await apiRequest("PUT", `/api/meals/${id}`, patch)).json() as Promise<Meal>,
    onSuccess: (meal) => {
      // The detail also says whether the viewer has a request open, their waiting-list place and the
      // meal's series; the write changes none of them (more portions reach the list by a job).
      queryClient.setQueryData<MealDetail>(mealKeys.detail(meal.id), (detail) =>
        detail
          ? {
              ...meal,
              myOpenRequestId: detail.myOpenRequestId,
              myOffer: detail.myOffer,
              waitlist: detail.waitlist,
              series: detail.series,
              // What the viewer may do: the server's to say, in the refetch below.
              abilities: detail.abilities,
              yours: detail.yours,
              // Refetched below with the rest: the meal's own answer leaves the private pickup out.
              privatePickup: detail.privatePickup,
            }
          : undefined,
      );
      queryClient.invalidateQueries({ queryKey: mealKeys.all });
      queryClient.invalidateQueries({ queryKey: mealKeys.mine });
    },
  });
}

/**
 * spec §4 "Meal": Deactivate / Activate with the spec §8 toasts ('Meal updated.' or the failure
 * message). Used by the owner's profile and by admins on the meal page.
 */
export function useToggleMealActive() {
  const { t } = useTranslation("app");
  const update = useUpdateMeal({ errorMessage: t("Failed to update meal status. Please try again.") });
  const toggle = (meal: Pick<Meal, "id" | "isActive">) =>
    update.mutate(
      { id: meal.id, patch: { isActive: !meal.isActive } },
      {
        onSuccess: () => toast({ title: t("Meal updated.") }),
      },
    );
  return { toggle, isPending: update.isPending };
}
