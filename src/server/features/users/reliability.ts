/**
 * Members' pickup records (docs/features/households.md point 5): the last 12 months of the
 * `reliability_months` counters the `requests_reliability` trigger keeps, as eater ("Picked up 23 of
 * 24") and as cook ("Handed over 40 of 41"). A member's figure is at most 24 rows, however many
 * exchanges they had; a page of requests reads its eaters' in one statement.
 */
import { sql } from "drizzle-orm";
import type { Reliability } from "../../../contract/requests";
import { type Executor, queryRows } from "../../db/client";

/** Months a record looks back over, this one included. */
export const RELIABILITY_MONTHS = 12;

const EMPTY: Reliability = { pickupsDue: 0, pickedUp: 0, handoversDue: 0, handedOver: 0 };

/**
 * The pickup records of some members.
 * @returns every asked member's record (zeros for one with none)
 */
export async function reliabilityOf(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, Reliability>> {
  const ids = [...new Set(userIds)];
  const records = new Map(ids.map((id) => [id, { ...EMPTY }]));
  if (ids.length === 0) return records;
  const rows = await queryRows<{ userId: string; side: "eater" | "owner"; due: number; kept: number }>(
    db,
    sql`select user_id as "userId", side, sum(due)::int as due, sum(kept)::int as kept
        from reliability_months
        where user_id = any(${`{${ids.join(",")}}`}::uuid[])
          and month > (date_trunc('month', now()) - ${`${RELIABILITY_MONTHS} months`}::interval)::date
        group by user_id, side`,
  );
  for (const row of rows) {
    const record = records.get(row.userId)!;
    if (row.side === "eater") {
      record.pickupsDue = Number(row.due);
      record.pickedUp = Number(row.kept);
    } else {
      record.handoversDue = Number(row.due);
      record.handedOver = Number(row.kept);
    }
  }
  return records;
}
