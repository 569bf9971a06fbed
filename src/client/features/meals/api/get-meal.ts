/** `GET /api/meals/{id}`: one meal with its owner and rating (spec §7), and the viewer's open request. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { mealKeys } from "@/client/lib/query-keys";
import type { MealDetail } from "@/contract/meals";

export const mealQuery = (id: string) => queryOptions<MealDetail>({ queryKey: mealKeys.detail(id) });

/** @param options.enabled false while there is no meal to load (the form's "Share again") */
export const useMeal = (id: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...mealQuery(id), enabled: options.enabled ?? true });
