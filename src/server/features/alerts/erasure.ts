/** Leaving MealShare (docs/decisions/017): the member's meal alerts (and their matches) go. */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";

/** Deletes the member's meal alerts. */
export async function eraseMemberAlerts(tx: Executor, memberId: string): Promise<void> {
  await tx.execute(sql`delete from meal_alerts where user_id = ${memberId}`);
}
