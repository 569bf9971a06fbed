/** Leaving MealShare (docs/decisions/017): the member's blocks, and others' of them, go. */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";

/** Deletes every block the member made or was the subject of. */
export async function eraseMemberBlocks(tx: Executor, memberId: string): Promise<void> {
  await tx.execute(sql`delete from blocks where blocker_id = ${memberId} or blocked_id = ${memberId}`);
}
