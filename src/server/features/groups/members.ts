/**
 * A group's members (docs/features/groups.md points 2 and 4): the list as the viewer may see it, roles,
 * removals, and handing the group to another owner — each asked of policy.ts first.
 */
import { and, eq, sql } from "drizzle-orm";
import type { GroupDetail, GroupMember, GroupRole } from "../../../contract/groups";
import { msg } from "../../../contract/messages";
import { abilityOf, authorize } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { presentPublicUser } from "../../auth/users";
import { type Executor, inTransaction } from "../../db/client";
import { groupMembers, groups, users } from "../../db/schema";
import { notFound } from "../../errors";
import { type Cursor, keysetPage } from "../../pagination";
import {
  handOverRefusal,
  removalRefusal,
  reviewAskRefusal,
  roleChangeRefusal,
  seeMembersRefusal,
} from "./policy";
import { getGroupDetail, loadGroup, membershipOf, tell } from "./service";

/**
 * The group's active members, oldest first (to its members and site admins).
 * @returns up to `limit + 1` members
 * @throws AppError 404 not seen; 403 not a member
 */
export async function listMembers(
  db: Executor,
  viewer: ActorRef,
  id: string,
  options: { limit: number; cursor?: Cursor },
): Promise<(GroupMember & { cursor: Cursor })[]> {
  const { membership } = await loadGroup(db, viewer, id);
  authorize(seeMembersRefusal(membership, viewer));
  const page = keysetPage(groupMembers.joinedAt, groupMembers.userId, options, "oldest");
  const rows = await db
    .select({
      member: groupMembers,
      user: users,
      underReview: sql<boolean>`exists (select 1 from group_reviews r where r.group_id = ${id}::uuid
        and r.member_id = ${groupMembers.userId} and r.status = 'open')`,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, id), eq(groupMembers.status, "active"), page.after))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return rows.map(({ member, user, underReview }) => ({
    user: presentPublicUser(user),
    role: member.role,
    joinedAt: member.joinedAt.toISOString(),
    // The same decisions the endpoints below take (policy.ts): the page offers only what they allow.
    abilities: {
      askReview: abilityOf(reviewAskRefusal(membership, viewer, { ...member, underReview })),
      remove: abilityOf(removalRefusal(membership, viewer, member)),
      changeRole: abilityOf(roleChangeRefusal(membership, viewer, member)),
      handOver: abilityOf(handOverRefusal(membership, viewer, member)),
    },
    cursor: { createdAt: member.joinedAt, id: member.userId },
  }));
}

/** A member's row, active, or 404. */
async function activeMember(tx: Executor, groupId: string, userId: string) {
  const membership = await membershipOf(tx, groupId, userId);
  if (membership?.status !== "active") throw notFound(msg("Member not found"));
  return { ...membership, userId };
}

/**
 * Removes a member, who is told with the reason and cannot join again (docs/features/groups.md point 5).
 * @throws AppError 404 not seen or not a member; 403 not a moderator, or a moderator removing a
 *   moderator; 409 `owner_must_hand_over` for the owner, `use_leave` for oneself
 */
export async function removeMember(
  db: Executor,
  viewer: ActorRef,
  id: string,
  userId: string,
  reason: string,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { group, membership } = await loadGroup(tx, viewer, id, { lock: true });
    authorize(removalRefusal(membership, viewer, null));
    authorize(removalRefusal(membership, viewer, await activeMember(tx, id, userId)));
    await tx
      .update(groupMembers)
      .set({ status: "removed", removedReason: reason })
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, userId)));
    await tell(tx, userId, id, msg("You were removed from {{group}}: {{reason}}"), {
      group: group.name,
      reason,
    });
  });
}

/**
 * Makes a member a moderator or a moderator a member (the owner, or a site admin).
 * @throws AppError 404 not seen or not a member; 403 not the owner; 409 `owner_must_hand_over` for the owner
 */
export async function changeRole(
  db: Executor,
  viewer: ActorRef,
  id: string,
  userId: string,
  role: Extract<GroupRole, "moderator" | "member">,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { membership } = await loadGroup(tx, viewer, id, { lock: true });
    authorize(roleChangeRefusal(membership, viewer, null));
    authorize(roleChangeRefusal(membership, viewer, await activeMember(tx, id, userId)));
    await tx
      .update(groupMembers)
      .set({ role })
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, userId)));
  });
}

/**
 * Hands the group to another active member; the old owner stays as a moderator. There is one owner at
 * every moment (a unique index backs it).
 * @throws AppError 404 not seen, or the new owner is not a member; 403 not the owner; 409 already theirs
 */
export async function transferOwnership(
  db: Executor,
  viewer: ActorRef,
  id: string,
  userId: string,
): Promise<GroupDetail> {
  await inTransaction(db, async (tx) => {
    const { group, membership } = await loadGroup(tx, viewer, id, { lock: true });
    authorize(handOverRefusal(membership, viewer, null));
    authorize(handOverRefusal(membership, viewer, await activeMember(tx, id, userId)));
    await tx
      .update(groupMembers)
      .set({ role: "moderator" })
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, group.ownerId)));
    // The new owner accepts the rules they now keep.
    await tx
      .update(groupMembers)
      .set({ role: "owner", rulesAccepted: group.rulesVersion })
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, userId)));
    await tx.update(groups).set({ ownerId: userId, updatedAt: sql`now()` }).where(eq(groups.id, id));
    await tell(tx, userId, id, msg("You are now the owner of {{group}}"), { group: group.name });
  });
  return getGroupDetail(db, viewer, id);
}
