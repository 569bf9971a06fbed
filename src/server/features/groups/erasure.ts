/**
 * What leaving MealShare does to the groups feature's tables (docs/decisions/017): the member's groups
 * go on without them, and their memberships and applications go.
 */
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client";

/**
 * An owned group passes to its longest-standing moderator, or else member; a group they were alone
 * in closes — hidden, by invitation only, its invitations revoked — so its members-only meals stay
 * members-only. Then the member's memberships and applications are deleted.
 */
export async function eraseMemberGroups(tx: Executor, memberId: string): Promise<void> {
  const owned = await queryRows<{ id: string }>(
    tx,
    sql`select id from groups where owner_id = ${memberId} for update`,
  );
  for (const { id } of owned) {
    const [heir] = await queryRows<{ userId: string }>(
      tx,
      sql`select user_id as "userId" from group_members
          where group_id = ${id} and status = 'active' and user_id <> ${memberId}
          order by (role = 'moderator') desc, (role = 'member') desc, created_at, user_id limit 1`,
    );
    await tx.execute(sql`delete from group_members where group_id = ${id} and user_id = ${memberId}`);
    if (heir) {
      await tx.execute(
        sql`update group_members set role = 'owner' where group_id = ${id} and user_id = ${heir.userId}`,
      );
      await tx.execute(sql`update groups set owner_id = ${heir.userId} where id = ${id}`);
    } else {
      await tx.execute(sql`update groups set visibility = 'hidden', join_rule = 'invite' where id = ${id}`);
      await tx.execute(
        sql`update group_invites set revoked_at = now() where group_id = ${id} and revoked_at is null`,
      );
    }
  }
  await tx.execute(sql`delete from group_applications where user_id = ${memberId}`);
  await tx.execute(sql`delete from group_members where user_id = ${memberId}`);
}
