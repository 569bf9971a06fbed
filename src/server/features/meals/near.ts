/**
 * The local lists' pages (docs/features/discovery.md "near me"; docs/features/neighbourhood.md point
 * 2; docs/decisions/006 and 009): meals within a radius of a point, nearest first or newest first. Each
 * reads a bounded window through an index whatever the planner estimates (cube statistics are poor: a
 * bitmap over a whole radius cost 60 ms at 100,000 meals), then filters and pages it:
 * - nearest first: the `NEAR_WINDOW` nearest open meals beyond the cursor, in KNN order;
 * - newest first: the `NEAR_NEWEST_WINDOW` nearest open meals. When the circle reaches beyond them,
 *   they are all the circle holds (sparse: the page is sorted from them, and the count is exact); when
 *   the window lies wholly inside the circle (dense), the page walks the newest-first index instead,
 *   at most `DENSE_WALK` rows a page, continuing where it stopped.
 * Both statements start from one row of counts over the window (matches, window size, its farthest
 * distance), so an empty page still says how far the window reached.
 */
import { type SQL, sql } from "drizzle-orm";
import { MEAL_COUNT_CAP } from "../../../contract/meals";
import { meals, users } from "../../db/schema";
import { keysetBefore } from "../../pagination";
import { OPEN_MEAL_SQL } from "./availability";
import type { ListPlan, MealListOptions } from "./filters";
import { MEAL_COLUMNS, PAGE_COLUMNS } from "./presenter";

/** Open meals a nearest-first page reads, nearest beyond its cursor first. */
export const NEAR_WINDOW = 250;
/** Open meals a newest-first local list reads to count its circle: one more than the count's cap. */
export const NEAR_NEWEST_WINDOW = MEAL_COUNT_CAP + 1;
/** Rows a dense newest-first page walks at most before it stops short and says where to go on. */
export const DENSE_WALK = 5000;

/** The window's columns: what the filters and the page read; the search document only when asked. */
function windowColumns(plan: ListPlan, options: MealListOptions): SQL {
  const searched = plan.tsquery || options.excludeAllergens?.length ? sql`, ${meals.searchDoc}` : sql``;
  return sql`${PAGE_COLUMNS}, ${meals.geoPoint}${searched}, ${plan.distance} as "distance"`;
}

/** The nearest `size` open meals with a point, in KNN order, optionally beyond a distance. */
function nearestWindow(plan: ListPlan, options: MealListOptions, size: number, beyond?: number): SQL {
  return sql`
    select ${windowColumns(plan, options)} from ${meals}
    where ${OPEN_MEAL_SQL} and ${meals.geoPoint} is not null
      ${
        // Distances do not tie: every earth point carries a sub-millimetre offset of its own (0004).
        beyond === undefined ? sql`` : sql`and ${plan.distance} > ${beyond}::float8`
      }
    order by ${plan.distance}
    limit ${size}`;
}

/** One row of counts over "candidates" joined to a page of it, as both local pages answer. */
function withCounts(plan: ListPlan, window: SQL, page: SQL, order: SQL): SQL {
  return sql`
    with "candidates" as materialized (${window})
    select "page".*, "counts"."total", "counts"."candidates", "counts"."reach"
    from (
      select count(*) filter (where ${plan.conditions})::int as "total",
             count(*)::int as "candidates", max("meals"."distance") as "reach"
      from "candidates" as "meals"
    ) as "counts"
    left join (${page}) as "page" on true
    order by ${order}`;
}

/** A nearest-first page: the window beyond the cursor's distance, filtered, nearest first. */
export function nearestPage(plan: ListPlan, options: MealListOptions): SQL {
  const cursor = options.cursor && "sort" in options.cursor ? options.cursor : undefined;
  const page = sql`
    select ${MEAL_COLUMNS}, "meals"."distance" as "score", "meals"."distance" as "distance"
    from (
      select * from "candidates" as "meals" where ${plan.conditions}
      order by "meals"."distance" limit ${options.limit + 1}
    ) as "meals" inner join ${users} on ${users.id} = ${meals.ownerId}`;
  return withCounts(
    plan,
    nearestWindow(plan, options, NEAR_WINDOW, cursor?.score),
    page,
    sql`"page"."score"`,
  );
}

const newestOrder = sql`${meals.createdAt} desc, ${meals.id} desc`;
const pageNewestOrder = sql`"page"."createdAt" desc, "page"."id" desc`;

/**
 * A newest-first local page from the circle's window (the sparse case): its counts, and the page
 * sorted from the window. When the counts show the window lies wholly inside the circle, the caller
 * asks `nearNewestDensePage` instead.
 */
export function nearNewestSparsePage(plan: ListPlan, options: MealListOptions): SQL {
  const cursor = options.cursor && !("sort" in options.cursor) ? options.cursor : undefined;
  const page = sql`
    select ${MEAL_COLUMNS}, null::float8 as "score", "meals"."distance" as "distance"
    from (
      select * from "candidates" as "meals"
      where ${plan.conditions} ${cursor ? sql`and ${keysetBefore(meals.createdAt, meals.id, cursor)}` : sql``}
      order by ${newestOrder} limit ${options.limit + 1}
    ) as "meals" inner join ${users} on ${users.id} = ${meals.ownerId}`;
  return withCounts(plan, nearestWindow(plan, options, NEAR_NEWEST_WINDOW), page, pageNewestOrder);
}

/**
 * A newest-first local page where the circle holds more open meals than the window (the dense case):
 * among the next `DENSE_WALK` open meals of the newest-first index after the cursor, those in the
 * circle that pass the filters, newest first. The walk streams: it stops as soon as the page is full.
 */
export function nearNewestDensePage(plan: ListPlan, options: MealListOptions): SQL {
  return sql`
    select ${MEAL_COLUMNS}, null::float8 as "score", "meals"."distance" as "distance"
    from (
      select * from (${denseWalk(plan, options)}) as "meals" where ${plan.conditions}
      order by ${newestOrder} limit ${options.limit + 1}
    ) as "meals" inner join ${users} on ${users.id} = ${meals.ownerId}
    order by ${newestOrder}`;
}

/**
 * Where a dense walk ended, asked only when its page came back short: how many rows it walked and
 * the last one's key, which the next page starts after when the walk was cut at `DENSE_WALK`.
 */
export function nearNewestDenseEdge(plan: ListPlan, options: MealListOptions): SQL {
  return sql`
    select count(*)::int as "walked", min("meals"."created_at") as "lastCreatedAt",
           (array_agg("meals"."id" order by "meals"."created_at", "meals"."id"))[1] as "lastId"
    from (${denseWalk(plan, options)}) as "meals"`;
}

/** The next `DENSE_WALK` open meals of the newest-first index after the cursor. */
function denseWalk(plan: ListPlan, options: MealListOptions): SQL {
  const cursor = options.cursor && !("sort" in options.cursor) ? options.cursor : undefined;
  return sql`
    select ${windowColumns(plan, options)} from ${meals}
    where ${OPEN_MEAL_SQL} ${cursor ? sql`and ${keysetBefore(meals.createdAt, meals.id, cursor)}` : sql``}
    order by ${newestOrder}
    limit ${DENSE_WALK}`;
}
