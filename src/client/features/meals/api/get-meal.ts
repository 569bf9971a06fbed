/** `GET /api/meals/{id}`: one meal with its owner and rating (spec §7). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Meal } from "@/contract/meals";

export const mealQuery = (id: string) => queryOptions<Meal>({ queryKey: ["/api/meals", id] });

export const useMeal = (id: string) => useQuery(mealQuery(id));
