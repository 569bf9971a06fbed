/** `GET /api/meals/{id}`: one meal with its owner and rating (spec §7), and the viewer's open request. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MealDetail } from "@/contract/meals";

export const mealQuery = (id: string) => queryOptions<MealDetail>({ queryKey: ["/api/meals", id] });

export const useMeal = (id: string) => useQuery(mealQuery(id));
