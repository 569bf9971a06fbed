/** `GET /api/requests/{id}`: one request with its thread (spec §7). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MealRequestDetail } from "@/contract/requests";

export const requestQuery = (id: string) =>
  queryOptions<MealRequestDetail>({ queryKey: ["/api/requests", id] });

export const useRequest = (id: string) => useQuery(requestQuery(id));
