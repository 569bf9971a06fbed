/** The member's eater/feeder switch (spec §4 "Role toggle"), and what moves it on its own. */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema";

/**
 * Turns the member's eater/feeder switch to feeder once they post a meal
 * (docs/features/everyday-journey.md): the switch shows what the member does, and posting is feeding. Changing the row
 * tells every instance's session cache (migration 0020).
 */
export async function markFeeder(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ role: "feeder", updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), ne(users.role, "feeder")));
}
