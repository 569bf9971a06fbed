/**
 * The meals a map shows (docs/features/neighbourhood.md point 5): those in the visible box that pass
 * the list's filters, nearest the box's centre first, at most `limit`. Like "near me" (near.ts), it
 * reads a bounded window — the `MAP_WINDOW` open meals nearest the centre, in the GiST index's KNN
 * order — then keeps those in the box that pass the filters: the cost follows the window, whatever
 * the size of the table or of the box (docs/decisions/006, 009). When the window ends inside the
 * circle around the box, the box may hold more: the map says to zoom in.
 */
import { sql } from "drizzle-orm";
import type { MapMeal, MealMap } from "../../../contract/meals";
import type { BoundingBox } from "../../../contract/places";
import { type Executor, queryRows } from "../../db/client";
import { meals } from "../../db/schema";
import { OPEN_MEAL_SQL, portionsLeftSql } from "./availability";
import { type MealListFilters, planList } from "./filters";

/** Open meals in the box read, nearest the centre first, before the filters: the cost's bound. */
export const MAP_WINDOW = 1000;

const EARTH_RADIUS_M = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const h =
    Math.sin(radians(b.lat - a.lat) / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The box's centre, and the radius of a circle around it that holds the whole box. */
export function circleAround(box: BoundingBox) {
  const centre = { lat: (box.south + box.north) / 2, lng: (box.west + box.east) / 2 };
  const corners = [
    { lat: box.south, lng: box.west },
    { lat: box.south, lng: box.east },
    { lat: box.north, lng: box.west },
    { lat: box.north, lng: box.east },
  ];
  // The edges' midpoints too: at high latitudes a parallel bulges past its corners.
  const edges = [
    { lat: box.south, lng: centre.lng },
    { lat: box.north, lng: centre.lng },
  ];
  const radiusMetres = Math.max(...[...corners, ...edges].map((point) => metresBetween(centre, point)));
  return { centre, radiusMetres: radiusMetres * 1.001 + 1 };
}

/**
 * The statement of one map view, built but not run (`npm run bench` EXPLAINs it).
 * @returns null when the search text holds no word (nothing can match)
 */
export async function buildMapStatement(
  db: Executor,
  filters: MealListFilters & { bbox: BoundingBox; limit: number },
) {
  const plan = await planList(db, { ...filters, near: undefined });
  if (!plan) return null;
  const { bbox } = filters;
  const { centre } = circleAround(bbox);
  const earthCentre = sql`ll_to_earth(${centre.lat}::float8, ${centre.lng}::float8)`;
  const distance = sql`(${meals.geoPoint} <-> ${earthCentre})`;
  const searched = plan.tsquery || filters.excludeAllergens?.length ? sql`, ${meals.searchDoc}` : sql``;
  // The candidates carry what the filters read; the conditions name them "meals", as list.ts does.
  return sql`
    with "candidates" as materialized (
      select ${meals.id}, ${meals.ownerId}, ${meals.title}, ${meals.kind}, ${meals.priceCents},
             ${meals.portionSize}, ${meals.portionsTaken}, ${meals.latitude}, ${meals.longitude},
             ${meals.isActive}, ${meals.ended}, ${meals.pickupWindowEnd}, ${meals.allergenCodes},
             ${meals.membersOnly}, ${meals.groupId}, ${meals.heldForReview}${searched},
             ${distance} as "distance"
      from ${meals}
      where ${OPEN_MEAL_SQL} and ${meals.geoPoint} is not null
      order by ${distance}
      limit ${MAP_WINDOW}
    )
    select "page".*, "counts"."window", "counts"."reach"
    from (
      select count(*)::int as "window", max("meals"."distance") as "reach" from "candidates" as "meals"
    ) as "counts"
    left join (
      select "meals"."id", "meals"."title", "meals"."kind", "meals"."price_cents" as "priceCents",
             ${portionsLeftSql("meals")} as "portionsLeft",
             "meals"."latitude", "meals"."longitude", "meals"."distance",
             "meals"."group_id" as "groupId",
             (select g.name from groups g where g.id = "meals"."group_id" and "meals"."members_only")
               as "groupName"
      from "candidates" as "meals"
      where ${plan.conditions}
        and "meals"."latitude" between ${bbox.south}::float8 and ${bbox.north}::float8
        and "meals"."longitude" between ${bbox.west}::float8 and ${bbox.east}::float8
      order by "meals"."distance"
      limit ${filters.limit + 1}
    ) as "page" on true
    order by "page"."distance"`;
}

/**
 * The meals in `bbox` for the map, nearest its centre first.
 * @returns at most `limit` meals, and `more` when the box may hold others (the page or the window
 *   was full: the map says to zoom in)
 */
export async function listMapMeals(
  db: Executor,
  filters: MealListFilters & { bbox: BoundingBox; limit: number },
): Promise<MealMap> {
  const statement = await buildMapStatement(db, filters);
  if (!statement) return { meals: [], more: false };
  const rows = await queryRows<
    Omit<MapMeal, "group"> & {
      window: number;
      reach: number | null;
      groupId: string | null;
      groupName: string | null;
    }
  >(db, statement);
  const { radiusMetres } = circleAround(filters.bbox);
  const found = rows.filter((row) => row.id != null);
  // A full window that ends inside the circle around the box may have left some of the box out.
  const windowEndsInside =
    rows.length > 0 && Number(rows[0].window) >= MAP_WINDOW && Number(rows[0].reach) <= radiusMetres;
  const more = found.length > filters.limit || windowEndsInside;
  return {
    meals: found.slice(0, filters.limit).map((row) => ({
      id: row.id,
      title: row.title,
      kind: row.kind,
      priceCents: row.priceCents == null ? null : Number(row.priceCents),
      portionsLeft: Number(row.portionsLeft),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      // Members-only meals are marked with their group (docs/features/groups.md point 3).
      group: row.groupId && row.groupName ? { id: row.groupId, name: row.groupName } : null,
    })),
    more,
  };
}
