/**
 * `GET /api/places?q=` (docs/features/neighbourhood.md point 4): places by name or address, asked
 * when the member presses Search (never while typing: the geocoder's usage policy), cached like any
 * query so going back to a search asks nothing.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/client/lib/api-client";
import type { Place } from "@/contract/places";

export const placeKeys = {
  search: (q: string) => ["/api/places", { q }] as const,
};

export const placeSearchQuery = (q: string) =>
  queryOptions<Place[]>({
    queryKey: placeKeys.search(q),
    queryFn: () => getJson<Place[]>(`/api/places?${new URLSearchParams({ q })}`),
  });

/** The places found for `q`; nothing is asked while `q` is empty. */
export const usePlaceSearch = (q: string) => useQuery({ ...placeSearchQuery(q), enabled: q.length >= 2 });
