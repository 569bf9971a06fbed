/**
 * `GET /api/meals`: open meals page by page (spec §7, docs/DESIGN.md §6), searched, near the viewer and
 * without some allergens on the server (docs/features/discovery.md); the first page carries the match count.
 */
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getPage } from "@/client/lib/api-client";
import type { Position } from "@/client/lib/geo";
import { mealKeys } from "@/client/lib/query-keys";
import type { LocalSort, Meal, MealKind } from "@/contract/meals";

/** What a meal list asks the server for. */
export interface MealFilters {
  kind?: MealKind;
  /** Search text, as typed; empty for none. */
  q?: string;
  /**
   * Within `radiusKm` of this position (the device's), or of the member's home area ("home", which the
   * server knows: the URL never carries it); nearest first unless `sort` says newest.
   */
  near?: Position | "home" | null;
  radiusKm?: number;
  sort?: LocalSort;
  /** Allergens whose meals to leave out. */
  excludeAllergens?: string[];
}

/** The first page's URL for `filters`. */
export function mealsUrl(filters: MealFilters): string {
  const params = new URLSearchParams();
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.q?.trim()) params.set("q", filters.q.trim());
  if (filters.near) {
    params.set(
      "near",
      filters.near === "home" ? "home" : `${filters.near.latitude},${filters.near.longitude}`,
    );
    if (filters.radiusKm) params.set("radiusKm", String(filters.radiusKm));
    if (filters.sort === "newest") params.set("sort", "newest");
  }
  if (filters.excludeAllergens?.length) params.set("excludeAllergens", filters.excludeAllergens.join(","));
  const query = params.toString();
  return query ? `/api/meals?${query}` : "/api/meals";
}

export const mealsQuery = (filters: MealFilters = {}) =>
  infiniteQueryOptions({
    // The key starts with "/api/meals", so writes that invalidate that prefix refresh every list.
    queryKey: mealKeys.list(mealsUrl(filters)),
    queryFn: ({ pageParam }) => getPage<Meal>(pageParam),
    initialPageParam: mealsUrl(filters),
    getNextPageParam: (page) => page.next,
  });

/**
 * The loaded meals, flattened, the first page's total, and `fetchNextPage` for more.
 * @param options.enabled false while the list is not shown (the map asks for its own meals)
 */
export function useMeals(filters: MealFilters = {}, options: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...mealsQuery(filters), enabled: options.enabled ?? true });
  return {
    ...query,
    meals: query.data?.pages.flatMap((page) => page.items) ?? [],
    total: query.data?.pages[0]?.total ?? null,
  };
}
