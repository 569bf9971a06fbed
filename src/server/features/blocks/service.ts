/**
 * Blocking between users (docs/features/food-safety.md point 5): either side of a block may not request
 * the other's meals nor message the other, and each other's meals leave their lists. A user blocks few
 * people, so the lists read the set once per statement rather than once per meal.
 */
import { and, desc, eq, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { type Message, msg } from "../../../contract/messages";
import type { BlockedUser } from "../../../contract/users";
import { authorize } from "../../abilities";
import type { Executor } from "../../db/client";
import { blocks, users } from "../../db/schema";
import { AppError, notFound, validation } from "../../errors";
import { shownLastNameSql } from "../../member-names";

/** At most this many blocked users are listed in Settings. */
const BLOCKED_LIST_MAX = 500;

/** Why `blocker` may not block `blockedId`, or null: anyone but oneself. */
export const blockRefusal = (blocker: { id: string }, blockedId: string): AppError | null =>
  blocker.id === blockedId ? validation(msg("You cannot block yourself.")) : null;

/**
 * Blocks `blockedId` for `blocker`; blocking twice is harmless.
 * @throws AppError 400 oneself; 404 unknown user
 */
export async function blockUser(db: Executor, blocker: { id: string }, blockedId: string): Promise<void> {
  authorize(blockRefusal(blocker, blockedId));
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, blockedId)).limit(1);
  if (!target) throw notFound(msg("User not found"));
  await db.insert(blocks).values({ blockerId: blocker.id, blockedId }).onConflictDoNothing();
}

/** Lifts `blocker`'s block of `blockedId`; lifting one that is not there is harmless. */
export async function unblockUser(db: Executor, blocker: { id: string }, blockedId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blocker.id), eq(blocks.blockedId, blockedId)));
}

/** The users `blocker` has blocked, most recent first (Settings → Blocked users). */
export async function listBlockedUsers(db: Executor, blocker: { id: string }): Promise<BlockedUser[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: sql<string>`${shownLastNameSql(users)}`,
      profileImageUrl: users.profileImageUrl,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blocker.id))
    .orderBy(desc(blocks.createdAt))
    .limit(BLOCKED_LIST_MAX);
  return rows.map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() }));
}

/** Whether `userId` has blocked `otherId`. */
export async function hasBlocked(db: Executor, userId: string, otherId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, userId), eq(blocks.blockedId, otherId)))
    .limit(1);
  return Boolean(row);
}

/** Whether either of two users has blocked the other. */
export async function blockedEitherWay(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Refuses an action between two users when either has blocked the other.
 * @param message what the refused user reads (the spec asks for a clear message)
 * @throws AppError 403 `blocked`
 */
export async function assertNotBlocked(db: Executor, a: string, b: string, message: Message): Promise<void> {
  if (await blockedEitherWay(db, a, b)) throw new AppError(403, "blocked", message);
}

/**
 * A list condition keeping out rows whose `ownerColumn` is blocked by `viewerId` or has blocked
 * them. The set is an uncorrelated sub-select (computed once per statement), so the per-row cost
 * is one array test, whatever the table's size.
 */
export function notBlockedWith(
  viewerId: string | Placeholder | SQL,
  ownerColumn: SQL | { name: string },
): SQL {
  return sql`${ownerColumn} <> all(coalesce((
    select array_agg(case when ${blocks.blockerId} = ${viewerId}::uuid then ${blocks.blockedId} else ${blocks.blockerId} end)
    from ${blocks} where ${blocks.blockerId} = ${viewerId}::uuid or ${blocks.blockedId} = ${viewerId}::uuid
  ), '{}'::uuid[]))`;
}
