/**
 * A suspension on a member's row (docs/features/safety-and-admin.md): the admin feature decides and
 * logs it; the row is the users feature's to write.
 */
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema";

/**
 * Suspends the member with `reason` (a second suspension keeps the first time), or lifts it (null).
 * @returns whether they are a registered cook, or null for an unknown member
 */
export async function setSuspension(
  tx: Executor,
  memberId: string,
  reason: string | null,
): Promise<{ isRegisteredCook: boolean } | null> {
  const [row] = await tx
    .update(users)
    .set({
      suspendedAt: reason === null ? null : sql`coalesce(${users.suspendedAt}, now())`,
      suspendedReason: reason,
      updatedAt: new Date(),
    })
    .where(eq(users.id, memberId))
    .returning({ isRegisteredCook: users.isRegisteredCook });
  return row ?? null;
}
