/**
 * What a list's filters mean in SQL (docs/features/discovery.md; docs/DESIGN.md §4 "Visibility"): open
 * meals (availability.ts), of a kind, none of a blocked party's or hidden by the viewer
 * (not-interested.ts), those the viewer sees (visibility.ts), none mentioning the allergens to hide
 * (allergen-match.ts), matching the search text, within the radius. The public list (list.ts), its
 * local pages (near.ts) and the map (map.ts) all start from `planList`.
 */
import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { type LocalSort, type MealKind, NEAR_RADIUS_DEFAULT_KM } from "../../../contract/meals";
import type { Executor } from "../../db/client";
import { meals } from "../../db/schema";
import type { Cursor, ScoredCursor } from "../../pagination";
import { notBlockedWith } from "../blocks";
import { mentionsNoneOf } from "./allergen-match";
import { OPEN_MEAL_SQL } from "./availability";
import { notHiddenFrom } from "./not-interested";
import { buildSearchQuery } from "./search";
import { PUBLIC_MEAL_SQL, visibleToSql } from "./visibility";

/** What the public list may be narrowed by (docs/features/discovery.md). */
export interface MealListFilters {
  kind?: MealKind;
  /** Search text, as typed. */
  q?: string;
  /** Only meals within `radiusKm` of this point, nearest first. */
  near?: { latitude: number; longitude: number };
  /** Radius around `near` in km; default 5. */
  radiusKm?: number;
  /** With `near`: nearest first (the default) or newest first (docs/features/neighbourhood.md point 2). */
  sort?: LocalSort;
  /** Drop meals whose allergens mention any of these. */
  excludeAllergens?: string[];
  /**
   * The signed-in viewer: meals of users they blocked, or who blocked them, are left out
   * (docs/features/food-safety.md).
   */
  viewerId?: string;
}

/**
 * The SQL a list's filters become: its WHERE conditions and how it can be sorted. A search is
 * ranked (ts_rank) when at most `MEAL_COUNT_CAP` meals match, and newest first beyond that, so its
 * cost stays bounded either way (docs/decisions/006).
 */
export interface ListPlan {
  conditions: SQL;
  /** `to_tsquery(…)` of the search text, when there is one. */
  tsquery?: SQL;
  /** Distance in metres from the `near` point, and the radius, when there is one. */
  distance?: SQL<number>;
  radiusMetres?: number;
}

/**
 * What every public list starts from: open meals (active, pickup not ended), of a kind, none of a
 * blocked party's, none the viewer hid ("Not interested"), only those the viewer sees (visibility.ts:
 * members-only meals for their group's members). A value may be a placeholder (`plainListRows`).
 */
export function openConditions(
  kind: MealKind | Placeholder | undefined,
  viewerId: string | Placeholder | undefined,
) {
  return [
    OPEN_MEAL_SQL,
    kind ? eq(meals.kind, kind) : undefined,
    viewerId ? notBlockedWith(viewerId, meals.ownerId) : undefined,
    // "Not interested" (not-interested.ts): the meals and cooks the viewer took out of their lists.
    viewerId ? notHiddenFrom(viewerId) : undefined,
    viewerId ? visibleToSql(viewerId) : PUBLIC_MEAL_SQL,
  ];
}

/**
 * The SQL of a list's filters (map.ts reads the same).
 * @returns null when the search text holds no word, so nothing can match
 */
export async function planList(db: Executor, filters: MealListFilters): Promise<ListPlan | null> {
  // `is_active` as a bare column, not `= $1`: the partial indexes' predicate must be provable.
  const conditions: (SQL | undefined)[] = openConditions(filters.kind, filters.viewerId);
  // Hidden by the one allergen rule warnings use too (allergen-match.ts).
  conditions.push(mentionsNoneOf(filters.excludeAllergens ?? []));

  let tsquery: SQL | undefined;
  if (filters.q) {
    const query = await buildSearchQuery(db, filters.q);
    if (!query) return null;
    tsquery = sql`to_tsquery('mealshare', ${query})`;
    conditions.push(sql`${meals.searchDoc} @@ ${tsquery}`);
  }
  let distance: SQL<number> | undefined;
  if (filters.near) {
    const center = sql`ll_to_earth(${filters.near.latitude}::float8, ${filters.near.longitude}::float8)`;
    const radiusMetres = (filters.radiusKm ?? NEAR_RADIUS_DEFAULT_KM) * 1000;
    // Chord distance in metres: the GiST index's KNN order. Within 50 km it equals the arc to 0.2 m.
    distance = sql<number>`(${meals.geoPoint} <-> ${center})`;
    conditions.push(sql`${distance} <= ${radiusMetres}::float8`);
    return { conditions: and(...conditions)!, tsquery, distance, radiusMetres };
  }
  return { conditions: and(...conditions)!, tsquery, distance };
}

/** Options of one page of the public list. */
export type MealListOptions = MealListFilters & {
  limit: number;
  cursor?: Cursor | ScoredCursor;
  /** Also count the matches (the first page does; later pages need not). */
  withCount?: boolean;
  /** The viewer's allergy tokens: each meal of the page says which of them it mentions. */
  allergies?: readonly string[];
};
