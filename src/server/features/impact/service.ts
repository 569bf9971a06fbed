/**
 * The neighbourhood's impact (docs/features/languages-currency-impact.md "Impact"): one row read — the
 * counters the triggers of migration 0013 keep — so its cost does not grow with the tables.
 */
import { type Impact, impactOf } from "../../../contract/impact";
import type { Executor } from "../../db/client";
import { impactTotals } from "../../db/schema";

/** The totals, with the estimates the contract derives from them. */
export async function getImpact(db: Executor): Promise<Impact> {
  const [row] = await db.select().from(impactTotals).limit(1);
  return impactOf({
    mealsShared: Number(row?.mealsShared ?? 0),
    portionsPickedUp: Number(row?.portionsPickedUp ?? 0),
    neighboursShared: Number(row?.neighboursShared ?? 0),
  });
}
