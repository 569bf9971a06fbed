/** Leaving MealShare (docs/decisions/017): reviews the member wrote or received go. */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";

/** Deletes the reviews the member wrote and those written about them. */
export async function eraseMemberReviews(tx: Executor, memberId: string): Promise<void> {
  await tx.execute(sql`delete from reviews where reviewer_id = ${memberId} or reviewee_id = ${memberId}`);
}
