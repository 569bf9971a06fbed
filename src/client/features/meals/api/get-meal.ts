/** `GET /api/meals/{id}`: one meal with its owner and rating (spec §7), and the viewer's open request. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MealDetail } from "@/contract/meals";
import { mealKeys } from "./keys";

export const mealQuery = (id: string) => queryOptions<MealDetail>({ queryKey: mealKeys.detail(id) });

export const useMeal = (id: string) => useQuery(mealQuery(id));
