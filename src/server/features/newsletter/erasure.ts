/** Leaving MealShare (docs/decisions/017): the member's place on the mailing list goes. */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";

/** Deletes the member's subscription, also one made with their address before they joined. */
export async function eraseMemberSubscription(tx: Executor, memberId: string, email: string): Promise<void> {
  await tx.execute(sql`delete from newsletter_subscribers where user_id = ${memberId} or email = ${email}`);
}
