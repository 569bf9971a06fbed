/**
 * `GET /api/meals/map` (docs/features/neighbourhood.md point 5): the meals in a map's box with the
 * list's filters, nearest the box's centre first; `more` when the box holds others (zoom in).
 */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/client/lib/api-client";
import { mealKeys } from "@/client/lib/query-keys";
import type { MealKind, MealMap } from "@/contract/meals";
import type { BoundingBox } from "@/contract/places";

export interface MealMapFilters {
  kind?: MealKind;
  q?: string;
  excludeAllergens?: string[];
}

/** The URL of one map view; coordinates to 4 decimals, so a tiny pan asks nothing new. */
export function mealMapUrl(box: BoundingBox, filters: MealMapFilters): string {
  const params = new URLSearchParams();
  params.set("bbox", [box.west, box.south, box.east, box.north].map((value) => value.toFixed(4)).join(","));
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.q?.trim()) params.set("q", filters.q.trim());
  if (filters.excludeAllergens?.length) params.set("excludeAllergens", filters.excludeAllergens.join(","));
  return `/api/meals/map?${params}`;
}

export const mealMapQuery = (url: string) =>
  queryOptions<MealMap>({ queryKey: mealKeys.map(url), queryFn: () => getJson<MealMap>(url) });

/** The meals of the box in view; the last view's stay on the map while the next loads. */
export const useMealMap = (box: BoundingBox | null, filters: MealMapFilters) =>
  useQuery({
    ...mealMapQuery(box ? mealMapUrl(box, filters) : ""),
    enabled: box !== null,
    placeholderData: keepPreviousData,
  });
