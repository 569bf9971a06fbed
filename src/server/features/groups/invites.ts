/**
 * Invite links (docs/features/groups.md point 1): a random 24-byte token (32 base64url characters) in
 * `/join/{token}`, shown once — to whoever made it — and kept only as its SHA-256, so a copy of the
 * database opens no group. A link expires after 1, 7 or 30 days and can be revoked; joining by it
 * accepts the group's current rules, whatever the group's join rule and visibility.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { GroupInvite, InvitePreview } from "../../../contract/groups";
import { msg } from "../../../contract/messages";
import { authorize } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { presentPublicUser } from "../../auth/users";
import { type Executor, inTransaction } from "../../db/client";
import { groupInvites, groupMembers, groups, users } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { inviteRefusal } from "./policy";
import { addNewcomer, assertCurrentRules, assertNotInGroup, loadVisibleGroup } from "./service";

/** How many of a group's links its page lists, newest first. */
const INVITES_SHOWN = 50;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The link a token opens. */
const inviteUrl = (publicUrl: string, token: string) => `${publicUrl}/join/${token}`;

/**
 * Makes an invite link (owner and moderators).
 * @returns the invite with its `url`, the only time the link is shown
 * @throws AppError 404 not seen; 403 may not invite
 */
export async function createInvite(
  db: Executor,
  viewer: ActorRef,
  groupId: string,
  days: number,
  publicUrl: string,
): Promise<GroupInvite> {
  const { membership } = await loadVisibleGroup(db, viewer, groupId);
  authorize(inviteRefusal(membership, viewer));
  const token = randomBytes(24).toString("base64url");
  const [row] = await db
    .insert(groupInvites)
    .values({
      groupId,
      tokenHash: hashOf(token),
      createdById: viewer.id,
      expiresAt: sql`now() + make_interval(days => ${days}::int)`,
    })
    .returning();
  const [creator] = await db.select().from(users).where(eq(users.id, viewer.id)).limit(1);
  return {
    id: row.id,
    expiresAt: row.expiresAt.toISOString(),
    revoked: false,
    createdAt: row.createdAt.toISOString(),
    createdBy: creator ? presentPublicUser(creator) : null,
    url: inviteUrl(publicUrl, token),
  };
}

/**
 * A group's invite links, newest first, without their tokens (owner and moderators).
 * @throws AppError 404 not seen; 403 may not invite
 */
export async function listInvites(db: Executor, viewer: ActorRef, groupId: string): Promise<GroupInvite[]> {
  const { membership } = await loadVisibleGroup(db, viewer, groupId);
  authorize(inviteRefusal(membership, viewer));
  const rows = await db
    .select({ invite: groupInvites, creator: users })
    .from(groupInvites)
    .leftJoin(users, eq(users.id, groupInvites.createdById))
    .where(eq(groupInvites.groupId, groupId))
    .orderBy(desc(groupInvites.createdAt))
    .limit(INVITES_SHOWN);
  return rows.map(({ invite, creator }) => ({
    id: invite.id,
    expiresAt: invite.expiresAt.toISOString(),
    revoked: invite.revokedAt !== null,
    createdAt: invite.createdAt.toISOString(),
    createdBy: creator ? presentPublicUser(creator) : null,
    url: null,
  }));
}

/**
 * Revokes a link: it opens nothing from now on (owner and moderators).
 * @throws AppError 404 not seen, or no such link of the group; 403 may not invite
 */
export async function revokeInvite(db: Executor, viewer: ActorRef, groupId: string, inviteId: string) {
  const { membership } = await loadVisibleGroup(db, viewer, groupId);
  authorize(inviteRefusal(membership, viewer));
  const revoked = await db
    .update(groupInvites)
    .set({ revokedAt: sql`coalesce(${groupInvites.revokedAt}, now())` })
    .where(and(eq(groupInvites.id, inviteId), eq(groupInvites.groupId, groupId)))
    .returning({ id: groupInvites.id });
  if (revoked.length === 0) throw notFound(msg("Invite link not found"));
}

/** The invite a token opens, its group locked when `lock`; 404 unknown, 410 expired or revoked. */
async function openInvite(db: Executor, token: string, lock = false) {
  const [row] = await db
    .select({ invite: groupInvites, group: groups })
    .from(groupInvites)
    .innerJoin(groups, eq(groups.id, groupInvites.groupId))
    .where(eq(groupInvites.tokenHash, hashOf(token)))
    .limit(1);
  if (!row) throw notFound(msg("This invite link is not valid"));
  if (row.invite.revokedAt || row.invite.expiresAt.getTime() <= Date.now()) {
    throw new AppError(
      410,
      "invite_expired",
      msg("This invite link has expired or was revoked. Ask for a new one."),
    );
  }
  if (lock) await db.select({ id: groups.id }).from(groups).where(eq(groups.id, row.group.id)).for("update");
  return row;
}

/**
 * What an invite link opens: the group, its rules to accept, and whether the viewer is in it already.
 * @throws AppError 404 unknown link; 410 expired or revoked
 */
export async function previewInvite(db: Executor, viewer: ActorRef, token: string): Promise<InvitePreview> {
  const { group } = await openInvite(db, token);
  const [member] = await db
    .select({ status: groupMembers.status })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, viewer.id)))
    .limit(1);
  return {
    group: {
      id: group.id,
      name: group.name,
      description: group.description,
      rules: group.rules,
      rulesVersion: group.rulesVersion,
      memberCount: group.memberCount,
    },
    alreadyMember: member?.status === "active",
  };
}

/**
 * Joins the group an invite link opens, as a newcomer accepting its current rules.
 * @returns the group's id
 * @throws AppError 404 unknown link; 410 expired or revoked; 409 `already_member` or `rules_changed`;
 *   403 removed from the group
 */
export async function acceptInvite(
  db: Executor,
  viewer: ActorRef,
  token: string,
  rulesVersion: number,
): Promise<{ groupId: string }> {
  return inTransaction(db, async (tx) => {
    const { group } = await openInvite(tx, token, true);
    const [member] = await tx
      .select({
        role: groupMembers.role,
        status: groupMembers.status,
        rulesAccepted: groupMembers.rulesAccepted,
      })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, viewer.id)))
      .limit(1);
    assertNotInGroup(member ?? null);
    assertCurrentRules(group, rulesVersion);
    await addNewcomer(tx, group.id, viewer.id, rulesVersion);
    return { groupId: group.id };
  });
}
