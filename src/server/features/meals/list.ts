/**
 * The public meal list (spec §2 Home, Community, Marketplace; docs/DESIGN.md §4 "Visibility", §6;
 * docs/features/discovery.md): newest first, best matches first with `q`, nearest first with `near`,
 * minus meals whose allergens mention `excludeAllergens`. One statement per page: an index picks the
 * page (keyset after the cursor) and only its rows are joined to their owners; the first page also
 * counts the matches, reading at most `MEAL_COUNT_CAP + 1` of them. Cost follows the page, not the table
 * (docs/decisions/006).
 */
import { and, type SQL, sql } from "drizzle-orm";
import { type AllergensInUse, MEAL_COUNT_CAP, type MealKind } from "../../../contract/meals";
import { type Executor, queryRows } from "../../db/client";
import { literalCount, type PreparedRows, preparedRows } from "../../db/prepared";
import { meals, users } from "../../db/schema";
import {
  type Cursor,
  invalidCursor,
  keysetBefore,
  type ScoredCursor,
  type ScoreSort,
} from "../../pagination";
import { OPEN_MEAL_SQL } from "./availability";
import {
  type ListPlan,
  type MealListFilters,
  type MealListOptions,
  openConditions,
  planList,
} from "./filters";
import {
  DENSE_WALK,
  NEAR_NEWEST_WINDOW,
  NEAR_WINDOW,
  nearestPage,
  nearNewestDenseEdge,
  nearNewestDensePage,
  nearNewestSparsePage,
} from "./near";
import { type ListedMeal, MEAL_COLUMNS, type MealRow, PAGE_COLUMNS, presentMeal } from "./presenter";
import { withViewerFacts } from "./viewer-facts";
import { PUBLIC_MEAL_SQL } from "./visibility";

export type { MealListFilters, MealListOptions } from "./filters";
export { NEAR_WINDOW } from "./near";

/** How many meals match, exact up to `MEAL_COUNT_CAP`; `capped` means "at least". */
export interface MealCount {
  count: number;
  capped: boolean;
}

const NIL_UUID = "00000000-0000-0000-0000-000000000000";

type Sort = "newest" | ScoreSort;

/** Whether a list is a local one read newest first (docs/features/neighbourhood.md point 2). */
const isNearNewest = (plan: ListPlan, filters: MealListFilters) =>
  plan.distance !== undefined && filters.sort === "newest";

/** The sort a first page takes: nearest, best match (few enough matches to rank), or newest. */
function firstPageSort(plan: ListPlan, filters: MealListFilters, matches: MealCount | undefined): Sort {
  if (plan.distance) return filters.sort === "newest" ? "newest" : "distance";
  if (plan.tsquery && matches && !matches.capped) return "relevance";
  return "newest";
}

/** The sort a later page continues in: the one its cursor was made by, if the list allows it. */
function cursorSort(plan: ListPlan, filters: MealListFilters, cursor: Cursor | ScoredCursor): Sort {
  const sort: Sort = "sort" in cursor ? cursor.sort : "newest";
  const allowed: Sort[] = plan.distance
    ? [filters.sort === "newest" ? "newest" : "distance"]
    : plan.tsquery
      ? ["relevance", "newest"]
      : ["newest"];
  if (!allowed.includes(sort)) throw invalidCursor();
  return sort;
}

/** The score a sort orders by first, if any. */
function scoreOf(plan: ListPlan, sort: Sort): SQL<number> | undefined {
  if (sort === "distance") return plan.distance;
  if (sort === "relevance") return sql<number>`ts_rank(${meals.searchDoc}, ${plan.tsquery})`;
  return undefined;
}

/** The keyset condition after `cursor` for the sort (docs/decisions/003). */
function afterCursor(score: SQL<number> | undefined, cursor: Cursor | ScoredCursor | undefined) {
  if (!cursor) return undefined;
  if (!("sort" in cursor) || !score) return keysetBefore(meals.createdAt, meals.id, cursor);
  const rank = sql`${cursor.score}::real`;
  return sql`(${score} < ${rank} or (${score} = ${rank} and ${keysetBefore(meals.createdAt, meals.id, cursor)}))`;
}

/** ORDER BY for a sort by rank or by age (near me orders in `nearPage`). */
function orderOf(sort: Sort, score: SQL<number> | undefined): SQL {
  const newest = sql`${meals.createdAt} desc, ${meals.id} desc`;
  return sort === "relevance" ? sql`${score} desc, ${newest}` : newest;
}

/** The statements of one page, built but not run. */
export interface MealListStatements {
  /**
   * A search's first page: counts the matches, reading at most `MEAL_COUNT_CAP + 1` of them, and
   * ranks that page from the same read, in one statement — rows of the page best match first, each
   * with `"total"` (no row: nothing matched). Beyond the cap the count decides the page is newest
   * first instead (`page("newest")`). Null for every other page.
   */
  ranked: SQL | null;
  /**
   * The page for a sort: picked from `meals` alone (keyset, index order), then joined to owners;
   * with `"total"` on every row when the list counts and `ranked` is null. `matches` is the count a
   * newest-first local list's window found, which it needs to choose its index.
   */
  page: (sort: Sort, matches?: MealCount) => SQL;
  plan: ListPlan;
}

/**
 * The statements of one page, built but not run: `listOpenMeals` runs them and `npm run bench`
 * EXPLAINs the very same SQL.
 * @returns null when the search text holds no word (nothing can match)
 */
export async function buildMealListStatements(
  db: Executor,
  options: MealListOptions,
): Promise<MealListStatements | null> {
  const plan = await planList(db, options);
  if (!plan) return null;
  if (plan.distance) {
    // Local lists read bounded windows of their own (near.ts); their counts ride along.
    const page = isNearNewest(plan, options)
      ? (_sort: Sort, matches?: MealCount) =>
          matches?.capped ? nearNewestDensePage(plan, options) : nearNewestSparsePage(plan, options)
      : () => nearestPage(plan, options);
    return { ranked: null, page, plan };
  }
  const countFirst = !options.cursor && plan.tsquery !== undefined;
  const ranked = countFirst ? rankedFirstPage(plan, options.limit) : null;
  const withTotal = options.withCount === true && !countFirst;
  const page = (sort: Sort) => {
    const score = scoreOf(plan, sort);
    return pageStatement(plan.conditions, {
      sort,
      score,
      after: afterCursor(score, options.cursor),
      limit: options.limit,
      withTotal,
    });
  };
  return { ranked, page, plan };
}

/**
 * A search's first page in one statement (`MealListStatements.ranked`): the matches are read once
 * (at most `MEAL_COUNT_CAP + 1`, only their id, age and rank), counted and ranked; only the page's
 * rows are then read whole and joined to their owners. Reading them twice — a count, then a ranked
 * page over every column — cost twice the heap reads at 1,000,000 meals (docs/decisions/006).
 */
function rankedFirstPage(plan: ListPlan, limit: number): SQL {
  const score = scoreOf(plan, "relevance");
  return sql`
    with matched as materialized (
      select ${meals.id} as "id", ${meals.createdAt} as "created_at", ${score} as "score"
      from ${meals} where ${plan.conditions}
      limit ${literalCount(MEAL_COUNT_CAP + 1)}),
    picked as (
      select "id", "score", "created_at" from matched
      order by "score" desc, "created_at" desc, "id" desc
      limit ${literalCount(limit + 1)})
    select ${MEAL_COLUMNS}, picked."score" as "score", null::float8 as "distance",
      (select count(*)::int from matched) as "total"
    from picked
    inner join ${meals} on ${meals.id} = picked."id"
    inner join ${users} on ${users.id} = ${meals.ownerId}
    order by picked."score" desc, picked."created_at" desc, picked."id" desc`;
}

/** How many rows meet `conditions`, reading at most `MEAL_COUNT_CAP + 1` of them. */
const cappedCount = (conditions: SQL) => sql`(select count(*)::int from (
  select 1 from ${meals} where ${conditions} limit ${literalCount(MEAL_COUNT_CAP + 1)}) as capped)`;

/**
 * One page of a list that is not local: picked from `meals` alone (keyset after `after`, index
 * order), then joined to owners; with `withTotal`, the capped count on every row (an uncorrelated
 * subquery in the select list: computed once, in the same round trip).
 */
function pageStatement(
  conditions: SQL,
  page: { sort: Sort; score?: SQL<number>; after?: SQL; limit: number; withTotal: boolean },
): SQL {
  const { sort, score } = page;
  const picked = sql`
    select ${PAGE_COLUMNS}, ${score ?? sql`null::float8`} as "score"
    from ${meals}
    where ${and(conditions, page.after)}
    order by ${orderOf(sort, score)}
    limit ${literalCount(page.limit + 1)}`;
  // The outer query names the picked rows "meals", so the shared column list reads them.
  const outerOrder =
    sort === "newest"
      ? sql`${meals.createdAt} desc, ${meals.id} desc`
      : sql`"meals"."score" desc, ${meals.createdAt} desc, ${meals.id} desc`;
  const total = page.withTotal ? sql`, ${cappedCount(conditions)} as "total"` : sql``;
  return sql`
    select ${MEAL_COLUMNS}, "meals"."score" as "score", null::float8 as "distance"${total}
    from (${picked}) as "meals" inner join ${users} on ${users.id} = ${meals.ownerId}
    order by ${outerOrder}`;
}

/** The shape of a plain list's page: what decides its statement's text. */
interface PlainShape {
  kind: boolean;
  after: boolean;
  withTotal: boolean;
  limit: number;
}

const plainStatements = new Map<string, PreparedRows<PageRow>>();

/**
 * The plain list — newest first, without search, place or hidden allergens: Home, Community and
 * Marketplace under "Everywhere", most of the list's traffic — as a prepared statement per shape
 * (docs/decisions/011), the same SQL `pageStatement` builds for it, with placeholders for the kind,
 * the viewer and the cursor.
 */
function plainListRows(shape: PlainShape): PreparedRows<PageRow> {
  const key = `${shape.kind ? "kind" : "all"}_${shape.after ? "after" : "first"}_${shape.withTotal ? "counted" : "uncounted"}_${shape.limit}`;
  let rows = plainStatements.get(key);
  if (!rows) {
    rows = preparedRows<PageRow>(`meal_list_${key}`, () => {
      const conditions = and(
        ...openConditions(shape.kind ? sql.placeholder("kind") : undefined, sql.placeholder("viewerId")),
      )!;
      const after = shape.after
        ? keysetBefore(meals.createdAt, meals.id, {
            createdAt: sql.placeholder("afterCreatedAt"),
            id: sql.placeholder("afterId"),
          })
        : undefined;
      return pageStatement(conditions, {
        sort: "newest",
        after,
        limit: shape.limit,
        withTotal: shape.withTotal,
      });
    });
    plainStatements.set(key, rows);
  }
  return rows;
}

/** Whether a list is the plain one `plainListRows` serves. */
const isPlain = (options: MealListOptions): options is MealListOptions & { viewerId: string } =>
  !options.q &&
  !options.near &&
  !options.excludeAllergens?.length &&
  options.viewerId !== undefined &&
  (!options.cursor || !("sort" in options.cursor));

/** A page row: the meal and owner, its score or distance, and a list's counts. */
type PageRow = MealRow & {
  score: number | null;
  distance: number | null;
  total?: number;
  candidates?: number;
  reach?: number | null;
};

/**
 * One page of the public list (docs/DESIGN.md §4 "Visibility"): newest first; with `near` nearest
 * first; with `q` best matches first when at most `MEAL_COUNT_CAP` meals match, newest first when
 * more do (docs/decisions/006).
 * @returns up to `limit + 1` meals (the extra one tells the caller there is a next page), the
 *   sort their cursor continues in, the count when asked for, and for "near me" a cursor to
 *   continue from when the page is short only because its window ran out
 * @throws AppError 400 when the cursor belongs to another list
 */
export async function listOpenMeals(
  db: Executor,
  options: MealListOptions,
): Promise<{ meals: ListedMeal[]; sort: Sort; count?: MealCount; continueFrom?: Cursor | ScoredCursor }> {
  const page = await listPage(db, options);
  if (!options.viewerId) return page;
  return { ...page, meals: await withViewerFacts(db, options.viewerId, options.allergies ?? [], page.meals) };
}

/** `listOpenMeals` without what the page says to its viewer alone (viewer-facts.ts). */
async function listPage(
  db: Executor,
  options: MealListOptions,
): Promise<{ meals: ListedMeal[]; sort: Sort; count?: MealCount; continueFrom?: Cursor | ScoredCursor }> {
  if (isPlain(options)) return listPlainMeals(db, options);
  const statements = await buildMealListStatements(db, options);
  if (!statements) {
    return { meals: [], sort: "newest", count: options.withCount ? { count: 0, capped: false } : undefined };
  }
  const { plan } = statements;
  let count: MealCount | undefined;
  let ranked: PageRow[] | undefined;
  if (statements.ranked) {
    ranked = await queryRows<PageRow>(db, statements.ranked);
    count = counted(Number(ranked[0]?.total ?? 0));
  }
  const sort = options.cursor
    ? cursorSort(plan, options, options.cursor)
    : firstPageSort(plan, options, count);
  type DenseEdge = { walked: number; lastCreatedAt: Date | null; lastId: string | null };
  let rows = sort === "relevance" && ranked ? ranked : await queryRows<PageRow>(db, statements.page(sort));
  let continueFrom: Cursor | ScoredCursor | undefined;
  const first = rows[0];
  if (isNearNewest(plan, options) && first) {
    // The window's counts: wholly inside the circle means more lie beyond it (near.ts).
    const total = Number(first.total);
    const dense = Number(first.candidates) >= NEAR_NEWEST_WINDOW && Number(first.reach) <= plan.radiusMetres!;
    count = { count: Math.min(total, MEAL_COUNT_CAP), capped: dense || total > MEAL_COUNT_CAP };
    if (dense) {
      rows = await queryRows<PageRow>(db, statements.page(sort, count));
      if (rows.length <= options.limit) {
        // A short page: the walk may have been cut before the circle's older meals.
        const [edge] = await queryRows<DenseEdge>(db, nearNewestDenseEdge(plan, options));
        if (Number(edge.walked) >= DENSE_WALK && edge.lastId) {
          continueFrom = { createdAt: new Date(edge.lastCreatedAt!), id: edge.lastId };
        }
      }
    }
  } else if (plan.radiusMetres !== undefined && first) {
    if (!count && options.withCount) count = counted(Number(first.total));
    // Near me saw only its window: when the whole window lies within the radius there may be more.
    const reach = Number(first.reach);
    if (Number(first.candidates) >= NEAR_WINDOW && reach <= plan.radiusMetres) {
      if (count) count = { ...count, capped: true };
      // Only the score matters to a distance cursor; the rest satisfies its format.
      continueFrom = { sort: "distance", score: reach, createdAt: new Date(), id: NIL_UUID };
    }
  }
  if (!count && options.withCount) count = counted(rows.length > 0 ? Number(rows[0].total) : 0);
  return {
    meals: presentRows(rows),
    sort,
    count: options.withCount ? count : undefined,
    continueFrom,
  };
}

/** A count of `total` meals, capped at `MEAL_COUNT_CAP` ("100+"). */
const counted = (total: number): MealCount => ({
  count: Math.min(total, MEAL_COUNT_CAP),
  capped: total > MEAL_COUNT_CAP,
});

/** A page's rows as listed meals, each with its relevance score when it was ranked. */
function presentRows(rows: PageRow[]): ListedMeal[] {
  return rows
    .filter((row) => row.id != null)
    .map((row) => {
      const score = row.score == null ? undefined : Number(row.score);
      const meal = presentMeal(row, row.distance);
      return score === undefined ? meal : { ...meal, score };
    });
}

/** `listOpenMeals` of the plain list, through its prepared statement. */
async function listPlainMeals(
  db: Executor,
  options: MealListOptions & { viewerId: string },
): Promise<{ meals: ListedMeal[]; sort: Sort; count?: MealCount }> {
  const { cursor } = options;
  const withTotal = options.withCount === true;
  const rows = await plainListRows({
    kind: options.kind !== undefined,
    after: cursor !== undefined,
    withTotal,
    limit: options.limit,
  })(db, {
    kind: options.kind,
    viewerId: options.viewerId,
    afterCreatedAt: cursor?.createdAt.toISOString(),
    afterId: cursor?.id,
  });
  const total = Number(rows[0]?.total ?? 0);
  return {
    meals: rows.map((row) => presentMeal(row)),
    sort: "newest",
    count: withTotal ? { count: Math.min(total, MEAL_COUNT_CAP), capped: total > MEAL_COUNT_CAP } : undefined,
  };
}

/** Open meals read to find the allergens in use: the newest this many (a bounded read). */
const ALLERGENS_SAMPLE = 500;

/**
 * The allergens named by open meals, most used first, for the "Hide allergens" filter
 * (docs/features/discovery.md): read from the newest 500 open meals everyone sees (visibility.ts), so the cost does not grow with the
 * table.
 */
export async function listAllergensInUse(db: Executor, kind?: MealKind): Promise<AllergensInUse> {
  const rows = await queryRows<{ allergen: string; meals: number }>(
    db,
    sql`
    with recent as (
      select ${meals.allergens} as allergens from ${meals}
      where ${OPEN_MEAL_SQL} and ${PUBLIC_MEAL_SQL} ${kind ? sql`and ${meals.kind} = ${kind}` : sql``}
      order by ${meals.createdAt} desc, ${meals.id} desc
      limit ${ALLERGENS_SAMPLE}
    )
    select tag as allergen, count(*)::int as meals
    from recent
    cross join lateral unnest(string_to_array(recent.allergens, ',')) as raw(value)
    cross join lateral (select lower(btrim(raw.value)) as tag) as normalised
    where tag <> ''
    group by tag
    order by count(*) desc, tag
    limit 40`,
  );
  return rows.map((row) => ({ allergen: row.allergen, meals: Number(row.meals) }));
}
