/**
 * `GET /api/meals/allergens`: allergens named by open meals, for the "Hide allergens" filter
 * (docs/features/discovery.md).
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/client/lib/api-client";
import { mealKeys } from "@/client/lib/query-keys";
import type { AllergensInUse, MealKind } from "@/contract/meals";

export const allergensInUseQuery = (kind?: MealKind) =>
  queryOptions({
    queryKey: mealKeys.allergens(kind ?? "all"),
    queryFn: () =>
      getJson<AllergensInUse>(kind ? `/api/meals/allergens?kind=${kind}` : "/api/meals/allergens"),
    // New meals bring new allergens; the menu asks again when opened a minute later.
    staleTime: 60_000,
  });

/** The allergens in use, loaded when `enabled` (the filter's menu is open). */
export function useAllergensInUse(kind: MealKind | undefined, enabled: boolean) {
  return useQuery({ ...allergensInUseQuery(kind), enabled });
}
