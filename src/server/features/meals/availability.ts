/**
 * Whether a meal can be had, the one place it is decided (docs/DESIGN.md §4 "Visibility" and
 * "Requests"; docs/ARCHITECTURE.md "Where to find a rule"): a meal is open while it is active and its
 * pickup window has not ended; its portions left are its portions less those taken (the
 * `requests_portions_taken` trigger keeps `portions_taken`); and how many free meals a member received
 * lately (docs/features/fair-shares.md point 4). Lists, the map, alerts, digests and the one decision
 * of who may ask for a meal (may-ask.ts) all call these.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import { FAIR_USE_DAYS, type FairUse } from "../../../contract/draw";
import { type Executor, queryRows, type Tx } from "../../db/client";
import { type MealRow, meals } from "../../db/schema";
import { personAccountsSql } from "../trust";

/**
 * A meal's open condition in SQL, over the `meals` table as Drizzle names it. `not ended` decides
 * nothing (an ended meal's window has passed) but lets the planner use the list indexes, which hold
 * only meals that have not ended (docs/decisions/015).
 */
export const OPEN_MEAL_SQL: SQL = sql`${meals.isActive} and not ${meals.ended} and ${meals.pickupWindowEnd} > now()`;

/**
 * The open condition over a meal row named `alias` in raw SQL (a CTE's rows, a subquery's, an
 * alias), for statements that do not read `meals` by its own name.
 */
export const openMealSqlOf = (alias: string): SQL =>
  sql.raw(`"${alias}"."is_active" and not "${alias}"."ended" and "${alias}"."pickup_window_end" > now()`);

/** Meals one `markEndedMeals` statement marks at most (the sweep goes on while batches are full). */
const ENDED_BATCH = 5_000;

/**
 * Marks the meals whose pickup window has passed since the last sweep as ended, which takes them
 * out of the list indexes (docs/decisions/015); run by the sweep job every 10 minutes on every
 * instance. Idempotent: two instances at once mark each meal once. Read in window order, so the
 * planner walks `meals_open_window_idx` from its oldest end: without an order it took `ended`'s
 * unknown share for half the table and read all of it (1.3 s at 1,000,000 meals, to find none).
 * @returns how many meals it marked
 */
export async function markEndedMeals(db: Executor): Promise<number> {
  let marked = 0;
  for (;;) {
    const [{ count }] = await queryRows<{ count: number }>(
      db,
      sql`with marked as (
            update ${meals} set ended = true
            where id in (select id from ${meals}
                         where ${meals.isActive} and not ${meals.ended} and ${meals.pickupWindowEnd} <= now()
                         order by ${meals.pickupWindowEnd}
                         limit ${ENDED_BATCH})
              and not ${meals.ended}
            returning 1)
          select count(*)::int as count from marked`,
    );
    marked += count;
    if (count < ENDED_BATCH) return marked;
  }
}

/** Whether a meal is open (listed and requestable) at `now`. */
export const isMealOpen = (meal: Pick<MealRow, "isActive" | "pickupWindowEnd">, now = new Date()) =>
  meal.isActive && meal.pickupWindowEnd.getTime() > now.getTime();

/** Portions of a meal nobody holds yet; never below 0. */
export const portionsLeft = (meal: Pick<MealRow, "portionSize" | "portionsTaken">) =>
  Math.max(0, meal.portionSize - meal.portionsTaken);

/** `portionsLeft` in SQL, over a meal row named `alias` (default: the `meals` table). */
export const portionsLeftSql = (alias?: string): SQL =>
  alias
    ? sql.raw(`greatest(0, "${alias}"."portion_size" - "${alias}"."portions_taken")`)
    : sql`greatest(0, ${meals.portionSize} - ${meals.portionsTaken})`;

/**
 * "A free meal received" over `requests r join meals m` (docs/features/fair-shares.md points 3 and 4): a
 * request for a free meal, accepted or completed, dated by when it was asked for.
 */
const FREE_MEAL_SQL = sql`m.kind = 'free' and r.status in ('accepted', 'completed')`;
/** `FREE_MEAL_SQL` within the fair-use window (28 days), over `requests r join meals m`. */
export const FREE_MEAL_RECEIVED_SQL = sql`${FREE_MEAL_SQL} and r.created_at > now() - make_interval(days => ${FAIR_USE_DAYS})`;

/**
 * When the member last received a free meal (`FREE_MEAL_SQL`), for the ticket rule
 * (docs/features/fair-shares.md point 3); null when never.
 * @returns an ISO date-time or null
 */
export async function lastFreeMealReceivedAt(db: Executor, memberId: string): Promise<string | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`select max(r.created_at) as at from requests r join meals m on m.id = r.meal_id
        where r.eater_id = ${memberId} and ${FREE_MEAL_SQL}`,
  );
  return row?.at ? new Date(row.at).toISOString() : null;
}

/**
 * How many free meals each of `memberIds` received in the last 28 days, for the cook choosing among
 * requests (docs/features/fair-shares.md point 5); one statement for a page of requesters.
 * @returns member id → count (0 for those not in the result)
 */
export async function recentFreeMealsOf(
  db: Executor,
  memberIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (memberIds.length === 0) return counts;
  const rows = await queryRows<{ eater_id: string; n: number }>(
    db,
    sql`select r.eater_id, count(*)::int as n
        from requests r join meals m on m.id = r.meal_id
        where r.eater_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify([...new Set(memberIds)])}::jsonb))
          and ${FREE_MEAL_RECEIVED_SQL}
        group by r.eater_id`,
  );
  for (const row of rows) counts.set(row.eater_id, row.n);
  return counts;
}

/**
 * A member's fair use (docs/features/fair-shares.md point 4): free meals they received — requests of
 * theirs for free meals accepted or completed — asked for in the last 28 days, and, at the limit, when
 * the oldest of them leaves the window. Counted over every account of their inbox: one person is
 * one share (docs/decisions/020 "One person").
 * @param limit the deployment's `FREE_MEALS_PER_28_DAYS`, or null for none
 */
export async function fairUseOf(db: Executor, memberId: string, limit: number | null): Promise<FairUse> {
  const [row] = await queryRows<{ used: number; nth: Date | string | null }>(
    db,
    sql`select count(*)::int as used,
               (array_agg(r.created_at order by r.created_at desc))[${limit ?? 1}] as nth
        from requests r join meals m on m.id = r.meal_id
        where r.eater_id in ${personAccountsSql(memberId)} and ${FREE_MEAL_RECEIVED_SQL}`,
  );
  return fairUseFrom(row?.used ?? 0, row?.nth ?? null, limit);
}

/**
 * A member's fair use from the count of free meals they received in the window and when they asked
 * for the limit-th newest (`fairUseOf`'s statement, or a meal page's): at the limit, the next is
 * possible once that one leaves the window.
 */
export function fairUseFrom(used: number, nth: Date | string | null, limit: number | null): FairUse {
  const nextAt =
    limit !== null && used >= limit && nth
      ? new Date(new Date(nth).getTime() + FAIR_USE_DAYS * 86_400_000).toISOString()
      : null;
  return { limit, used, nextAt };
}

/** Whether a waiting-list offer held until `holdUntil` can no longer be taken up at `now`. */
export const isHoldExpired = (holdUntil: Date | null, now = new Date()) =>
  holdUntil !== null && holdUntil.getTime() <= now.getTime();

/**
 * Reads a meal and locks its row until the transaction ends: the first lock of every change of a
 * meal's portions, requests or draw, taken in this order — the meal, then a request — so racing
 * changes wait for each other instead of deadlocking (docs/decisions/010).
 * @returns the meal, or undefined when there is none
 */
export async function lockMeal(tx: Tx, id: string): Promise<MealRow | undefined> {
  const [meal] = await tx.select().from(meals).where(eq(meals.id, id)).for("update").limit(1);
  return meal;
}
