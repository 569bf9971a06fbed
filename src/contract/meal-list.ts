/**
 * A meal list's filters as its URL and its viewer decide them (docs/features/discovery.md,
 * docs/features/neighbourhood.md point 2, docs/features/food-safety.md), and the first page's API URL
 * they make. Pure, so the list in the browser (src/client/features/meals/use-meal-filters.ts) and a
 * list page's loader (src/client/features/meals/api/list-loader.ts), which the server's render asks
 * too, decide it in one place.
 */
import type { HomeArea } from "./places";
import { allergyTokensOf } from "./plain/food-safety";
import { type LocalSort, type MealKind, NEAR_RADIUS_CHOICES_KM, NEAR_RADIUS_DEFAULT_KM } from "./plain/meals";

/** A device's position, in degrees. */
export interface Position {
  latitude: number;
  longitude: number;
}

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

/** Where a list looks: around the home area, around this device, or everywhere. */
export type ListArea = "home" | "here" | "all";

/**
 * What a list's URL (`params`) asks for, for `user` at `position` (this device's, when known): the
 * list's area, radius, order, view, hidden allergens, and the `filters` its first page is asked
 * with. The list itself (`useMealFilters`) and its page's loader (`mealListLoader`) decide it here.
 */
export function listFiltersOf(
  params: URLSearchParams,
  user: (Parameters<typeof allergyTokensOf>[0] & { homeArea: HomeArea | null }) | null | undefined,
  position: Position | null,
  kind?: MealKind,
) {
  const homeArea = user?.homeArea ?? null;
  const q = params.get("q") ?? "";
  const area: ListArea =
    params.get("near") === "1" ? "here" : params.get("area") === "all" || !homeArea ? "all" : "home";
  const radius = Number(params.get("radius"));
  const radiusKm = (NEAR_RADIUS_CHOICES_KM as readonly number[]).includes(radius)
    ? radius
    : area === "home" && homeArea
      ? homeArea.radiusKm
      : NEAR_RADIUS_DEFAULT_KM;
  const sort: LocalSort = params.get("sort") === "newest" ? "newest" : "nearest";
  const view = params.get("view") === "map" ? ("map" as const) : ("list" as const);
  const hidden = (params.get("hide") ?? "").split(",").filter(Boolean);
  const myAllergens = allergyTokensOf(user);
  const hideMine = myAllergens.length > 0 && params.get("mine") !== "0";
  const excludeAllergens = [...new Set([...hidden, ...(hideMine ? myAllergens : [])])];
  const near = area === "home" ? ("home" as const) : area === "here" ? position : null;
  const filters: MealFilters = { kind, q, near, radiusKm, sort, excludeAllergens };
  return {
    /** The member's home area, if they set one. */
    homeArea,
    q,
    area,
    radiusKm,
    sort,
    view,
    hidden,
    myAllergens,
    hideMine,
    excludeAllergens,
    near,
    filters,
  };
}
