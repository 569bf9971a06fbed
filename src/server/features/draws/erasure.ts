/** Leaving MealShare (docs/decisions/017): the member's entries in draws not made yet go. */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";

/** Takes the member out of every draw still open (a made draw's list is published and stays). */
export async function leaveOpenDraws(tx: Executor, memberId: string): Promise<void> {
  await tx.execute(
    sql`delete from draw_entries e using meal_draws d
        where e.user_id = ${memberId} and d.meal_id = e.meal_id and d.drawn_at is null`,
  );
}
