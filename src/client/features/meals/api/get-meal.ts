/** `GET /api/meals/{id}`: one meal with its owner and rating (spec §7), and the viewer's open request. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { mealKeys } from "@/client/lib/query-keys";
import type { MealDetail } from "@/contract/meals";
import { isRecordId } from "@/contract/plain/record-id";

export const mealQuery = (id: string) => queryOptions<MealDetail>({ queryKey: mealKeys.detail(id) });

/** Whether `id` can name a meal (a UUID): only then is it asked for (src/contract/plain/record-id.ts). */
export const isMealId = isRecordId;

/**
 * One meal, loaded only for an id that can name one: `/meal/abc` is simply "Meal not found", never an
 * error with a Retry that cannot work (docs/features/everyday-journey.md).
 * @param options.enabled false while there is no meal to load (the form's "Share again")
 */
export const useMeal = (id: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...mealQuery(id), enabled: (options.enabled ?? true) && isMealId(id) });
