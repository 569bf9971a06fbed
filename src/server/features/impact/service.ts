/**
 * The neighbourhood's impact (docs/features/languages-currency-impact.md "Impact"): the counters the
 * triggers keep in 16 slot rows (docs/decisions/014), summed — so its cost does not grow with the
 * tables, and no post waits on another to keep it.
 */
import { sql } from "drizzle-orm";
import { type Impact, impactOf } from "../../../contract/impact";
import type { Executor } from "../../db/client";
import { impactTotals } from "../../db/schema";

/** The totals, with the estimates the contract derives from them. */
export async function getImpact(db: Executor): Promise<Impact> {
  const [row] = await db
    .select({
      mealsShared: sql<string>`coalesce(sum(${impactTotals.mealsShared}), 0)`,
      portionsPickedUp: sql<string>`coalesce(sum(${impactTotals.portionsPickedUp}), 0)`,
      neighboursShared: sql<string>`coalesce(sum(${impactTotals.neighboursShared}), 0)`,
    })
    .from(impactTotals);
  return impactOf({
    mealsShared: Number(row?.mealsShared ?? 0),
    portionsPickedUp: Number(row?.portionsPickedUp ?? 0),
    neighboursShared: Number(row?.neighboursShared ?? 0),
  });
}
