/**
 * Groups (docs/features/groups.md): a building, a school or a workplace, with members-only meals.
 * Every function loads the group with the viewer's membership and asks policy.ts; a group the viewer
 * may not see is answered 404 "Group not found", the same as one that does not exist. This file holds a
 * group itself and joining or leaving it; applications.ts, members.ts and moderation.ts the rest.
 */
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { CreateGroup, GroupDetail, GroupSummary, UpdateGroup } from "../../../contract/groups";
import { GROUPS_OWNED_MAX } from "../../../contract/groups";
import { type Message, type MessageParams, msg } from "../../../contract/messages";
import type { NewcomerLimits } from "../../../contract/trust";
import { authorize } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { presentPublicUser } from "../../auth/users";
import { type Executor, inTransaction } from "../../db/client";
import { groupApplications, groupMembers, groups, users } from "../../db/schema";
import { AppError, conflict, forbidden, notFound, validation } from "../../errors";
import { type Cursor, keysetPage } from "../../pagination";
import { checkText, recordVerdict } from "../moderation";
import { createNotification, createNotifications } from "../notifications";
import { RULES_CHANGED } from "./membership";
import { canSeeGroup, editRefusal, groupAbilities, leaveRefusal, type MembershipState } from "./policy";

type GroupRow = typeof groups.$inferSelect;

const GROUP_NOT_FOUND = msg("Group not found");

/** A group with the viewer's membership, or 404 when the viewer may not see it. */
export async function loadGroup(
  db: Executor,
  viewer: ActorRef,
  id: string,
  options: { lock?: boolean } = {},
): Promise<{ group: GroupRow; membership: MembershipState | null }> {
  const query = db.select().from(groups).where(eq(groups.id, id)).limit(1);
  const [group] = options.lock ? await query.for("update") : await query;
  if (!group) throw notFound(GROUP_NOT_FOUND);
  const membership = await membershipOf(db, id, viewer.id);
  if (!canSeeGroup(group, membership, viewer)) throw notFound(GROUP_NOT_FOUND);
  return { group, membership };
}

export async function membershipOf(
  db: Executor,
  groupId: string,
  userId: string,
): Promise<MembershipState | null> {
  const [row] = await db
    .select({
      role: groupMembers.role,
      status: groupMembers.status,
      rulesAccepted: groupMembers.rulesAccepted,
    })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

const activeOf = (membership: MembershipState | null) =>
  membership?.status === "active" ? { role: membership.role, rulesAccepted: membership.rulesAccepted } : null;

function presentSummary(row: GroupRow, membership: MembershipState | null): GroupSummary {
  const active = activeOf(membership);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    joinRule: row.joinRule,
    memberCount: row.memberCount,
    place:
      row.latitude != null && row.longitude != null && row.radiusKm != null
        ? { latitude: row.latitude, longitude: row.longitude, radiusKm: row.radiusKm }
        : null,
    membership: active
      ? { role: active.role, rulesAccepted: active.rulesAccepted >= row.rulesVersion }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The group's moderators (owner included), to tell of what waits for them. */
export async function moderatorIds(db: Executor, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      sql`${groupMembers.groupId} = ${groupId} and ${groupMembers.status} = 'active'
        and ${groupMembers.role} in ('owner', 'moderator')`,
    );
  return rows.map((row) => row.userId);
}

/** One in-app notification about a group (docs/features/groups.md: groups speak in the app only). */
export const tell = (
  tx: Executor,
  userId: string,
  groupId: string,
  message: Message,
  params: MessageParams = {},
  link = `/groups/${groupId}`,
) =>
  createNotification(tx, {
    userId,
    type: "group",
    message,
    params,
    link,
    deliver: false,
  });

/**
 * A group's page for the viewer: what everyone who sees it may read, the welcome message to members,
 * and what the viewer may do.
 * @throws AppError 404 unknown, or hidden from the viewer
 */
export async function getGroupDetail(db: Executor, viewer: ActorRef, id: string): Promise<GroupDetail> {
  const { group, membership } = await loadGroup(db, viewer, id);
  const abilities = groupAbilities(membership, viewer);
  const [owner] = await db.select().from(users).where(eq(users.id, group.ownerId)).limit(1);
  const [mine] = await db
    .select({ id: groupApplications.id, createdAt: groupApplications.createdAt })
    .from(groupApplications)
    .where(
      and(
        eq(groupApplications.groupId, id),
        eq(groupApplications.userId, viewer.id),
        eq(groupApplications.status, "pending"),
      ),
    )
    .limit(1);
  const [pending] = abilities.moderate.allowed
    ? await db
        .select({ count: sql<number>`count(*)::int` })
        .from(groupApplications)
        .where(and(eq(groupApplications.groupId, id), eq(groupApplications.status, "pending")))
    : [];
  return {
    ...presentSummary(group, membership),
    welcome: activeOf(membership) || viewer.isAdmin ? group.welcome : null,
    rules: group.rules,
    rulesVersion: group.rulesVersion,
    questions: group.questions,
    emailDomain: group.emailDomain,
    newcomersMayRequest: group.newcomersMayRequest,
    owner: presentPublicUser(owner),
    abilities,
    myApplication: mine ? { id: mine.id, createdAt: mine.createdAt.toISOString() } : null,
    pendingApplications: pending ? Number(pending.count) : null,
  };
}

/** The words of a group others read (the spam check's parts; undefined where a patch leaves them). */
const groupTexts = (
  input: Partial<Pick<CreateGroup, "name" | "description" | "welcome" | "rules" | "questions">>,
) => [input.name, input.description, input.welcome, input.rules, input.questions?.join("\n")];

/** What `createGroup` and `updateGroup` write of a group's fields. */
function columnsOf(input: Partial<CreateGroup>) {
  const { place, ...rest } = input;
  return {
    ...rest,
    ...(place !== undefined
      ? {
          latitude: place?.latitude ?? null,
          longitude: place?.longitude ?? null,
          radiusKm: place?.radiusKm ?? null,
        }
      : {}),
    ...(rest.joinRule !== undefined && rest.joinRule !== "email_domain" ? { emailDomain: null } : {}),
  };
}

/**
 * Starts a group with the member as its owner (their acceptance of its first rules included).
 * @throws AppError 409 `too_many_groups` beyond GROUPS_OWNED_MAX owned groups; 403 a newcomer's text
 *   with too many links
 */
export async function createGroup(
  db: Executor,
  owner: ActorRef,
  input: CreateGroup,
  newcomerLimits: NewcomerLimits,
): Promise<GroupDetail> {
  // Checked before anyone else could read it (docs/decisions/020): held, it stays unlisted until let through.
  const verdict = await checkText(db, owner, groupTexts(input), newcomerLimits);
  const id = await inTransaction(db, async (tx) => {
    // Two creations at once take turns on the owner's row, so the cap holds.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${owner.id} for update`);
    const [{ owned }] = await tx
      .select({ owned: sql<number>`count(*)::int` })
      .from(groups)
      .where(eq(groups.ownerId, owner.id));
    if (Number(owned) >= GROUPS_OWNED_MAX) {
      throw conflict(
        msg("You can own at most {{max}} groups.", { max: GROUPS_OWNED_MAX }),
        "too_many_groups",
      );
    }
    const [group] = await tx
      .insert(groups)
      .values({ ...columnsOf(input), name: input.name, ownerId: owner.id, held: verdict.action === "hold" })
      .returning({ id: groups.id });
    await recordVerdict(tx, verdict, {
      kind: "group",
      targetId: group.id,
      authorId: owner.id,
      link: `/groups/${group.id}`,
      groupId: group.id,
    });
    await tx
      .insert(groupMembers)
      .values({ groupId: group.id, userId: owner.id, role: "owner", rulesAccepted: 1 });
    return group.id;
  });
  return getGroupDetail(db, { id: owner.id, isAdmin: false }, id);
}

/**
 * Changes a group's settings (its owner, or a site admin). New rules text is a new version: every
 * member accepts it again before asking for or sharing its meals, and is told; the one who wrote it has
 * accepted it.
 * @throws AppError 404 not seen; 403 not the owner; 400 a cross-field rule broken by the merge
 */
export async function updateGroup(
  db: Executor,
  viewer: ActorRef,
  id: string,
  patch: UpdateGroup,
  newcomerLimits: NewcomerLimits,
): Promise<GroupDetail> {
  const changed = groupTexts(patch);
  const verdict = changed.some((text) => text !== undefined)
    ? await checkText(db, viewer, changed, newcomerLimits)
    : null;
  await inTransaction(db, async (tx) => {
    const { group, membership } = await loadGroup(tx, viewer, id, { lock: true });
    authorize(editRefusal(membership, viewer));
    const merged = { ...group, ...patch };
    assertJoinRuleHolds(merged);
    const rulesChanged = patch.rules !== undefined && patch.rules !== group.rules;
    await tx
      .update(groups)
      .set({
        ...columnsOf(patch),
        ...(rulesChanged ? { rulesVersion: sql`${groups.rulesVersion} + 1` } : {}),
        ...(verdict?.action === "hold" ? { held: true } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(groups.id, id));
    if (verdict) {
      await recordVerdict(tx, verdict, {
        kind: "group",
        targetId: id,
        authorId: viewer.id,
        link: `/groups/${id}`,
        groupId: id,
      });
    }
    if (rulesChanged) await acceptNewRules(tx, viewer, group);
  });
  return getGroupDetail(db, viewer, id);
}

/**
 * A group's join rule with what it needs: a domain for `email_domain`, questions for `application`,
 * which a hidden group cannot take (nobody could find it to apply).
 * @throws AppError 400 naming the field to fix
 */
function assertJoinRuleHolds(
  merged: Pick<GroupRow, "joinRule" | "emailDomain" | "questions" | "visibility">,
) {
  if (merged.joinRule === "email_domain" && !merged.emailDomain) {
    const message = msg("Enter the email domain members must have");
    throw validation(message, { emailDomain: message });
  }
  if (merged.joinRule === "application" && merged.questions.length === 0) {
    const message = msg("Ask at least one question for applications");
    throw validation(message, { questions: message });
  }
  if (merged.joinRule === "application" && merged.visibility === "hidden") {
    const message = msg("A hidden group cannot be found to apply to: use invite links or an email domain");
    throw validation(message, { joinRule: message });
  }
}

/**
 * After a new rules text: its writer has accepted it, and every other active member is told to read
 * and accept it (in a few statements however many there are).
 */
async function acceptNewRules(
  tx: Executor,
  viewer: ActorRef,
  group: Pick<GroupRow, "id" | "name" | "rulesVersion">,
) {
  await tx
    .update(groupMembers)
    .set({ rulesAccepted: group.rulesVersion + 1 })
    .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, viewer.id)));
  // Every other member hears of it, in a few statements however many there are.
  const others = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, group.id),
        eq(groupMembers.status, "active"),
        ne(groupMembers.userId, viewer.id),
      ),
    );
  await createNotifications(
    tx,
    others.map(({ userId }) => ({
      userId,
      type: "group" as const,
      message: msg("The rules of {{group}} have changed: read and accept them to keep sharing"),
      params: { group: group.name },
      link: `/groups/${group.id}`,
    })),
    { deliver: false },
  );
}

/** Prefix terms of a search text for `to_tsquery('simple', …)`: letters and digits only, each `word:*`. */
function prefixQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(" & ") : null;
}

/**
 * The directory of listed groups, newest first (or the viewer's own groups with `mine`), searched by
 * name and description, one keyset page at a time; hidden groups appear only to their members, under
 * `mine`.
 * @returns up to `limit + 1` groups
 */
export async function listGroups(
  db: Executor,
  viewer: ActorRef,
  options: { q?: string; mine: boolean; limit: number; cursor?: Cursor },
): Promise<(GroupSummary & { createdAtDate: Date })[]> {
  const page = keysetPage(groups.createdAt, groups.id, options);
  const conditions: (SQL | undefined)[] = [page.after];
  const terms = options.q ? prefixQuery(options.q) : null;
  if (terms) conditions.push(sql`${groups.searchDoc} @@ to_tsquery('simple', ${terms})`);
  if (options.mine) {
    conditions.push(
      sql`${groups.id} in (select gm.group_id from ${groupMembers} gm where gm.user_id = ${viewer.id} and gm.status = 'active')`,
    );
  } else {
    conditions.push(sql`${groups.visibility} = 'listed' and not ${groups.held}`);
  }
  const rows = await db
    .select({ group: groups, membership: groupMembers })
    .from(groups)
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, viewer.id)))
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return rows.map((row) => ({
    ...presentSummary(row.group, row.membership),
    createdAtDate: row.group.createdAt,
  }));
}

/** The rules version a join must name: the current one, so nobody joins under rules they did not read. */
function assertCurrentRules(group: GroupRow, rulesVersion: number) {
  if (rulesVersion !== group.rulesVersion) throw new AppError(409, "rules_changed", RULES_CHANGED);
}

/** Refuses joining for someone already in the group, or removed from it. */
function assertNotInGroup(membership: MembershipState | null) {
  if (membership?.status === "active")
    throw conflict(msg("You are already a member of this group."), "already_member");
  if (membership?.status === "removed") throw forbidden(msg("You were removed from this group."));
}

/** Adds a newcomer (docs/features/groups.md point 2) who accepted rules version `rulesAccepted`. */
async function addNewcomer(tx: Executor, groupId: string, userId: string, rulesAccepted: number) {
  await tx.insert(groupMembers).values({ groupId, userId, role: "newcomer", rulesAccepted });
}

/**
 * Joins an open group, or an email-domain group with a verified address at that domain
 * (docs/features/groups.md point 1), accepting its current rules.
 * @throws AppError 404 not seen; 409 `already_member`, `rules_changed`, or a group joined another way
 *   (`apply_instead`, `invite_only`); 403 removed, or no verified address at the group's domain
 */
export async function joinGroup(
  db: Executor,
  user: { id: string; email: string; emailVerified: boolean },
  viewer: ActorRef,
  id: string,
  rulesVersion: number,
): Promise<GroupDetail> {
  await inTransaction(db, async (tx) => {
    const { group, membership } = await loadGroup(tx, viewer, id, { lock: true });
    assertNotInGroup(membership);
    if (group.joinRule === "application") {
      throw conflict(
        msg("This group takes members by application: answer its questions to apply."),
        "apply_instead",
      );
    }
    if (group.joinRule === "invite")
      throw conflict(msg("This group takes members by invite link only."), "invite_only");
    if (group.joinRule === "email_domain") {
      const domain = user.email.split("@").pop()?.toLowerCase();
      if (!user.emailVerified || domain !== group.emailDomain) {
        throw forbidden(
          msg("This group is for people with a verified email address at {{domain}}.", {
            domain: group.emailDomain ?? "",
          }),
        );
      }
    }
    assertCurrentRules(group, rulesVersion);
    await addNewcomer(tx, id, viewer.id, rulesVersion);
  });
  return getGroupDetail(db, viewer, id);
}

/**
 * Accepts a group's current rules again after they changed.
 * @throws AppError 404 not seen; 403 not a member; 409 `rules_changed` for another version than the current
 */
export async function acceptRules(
  db: Executor,
  viewer: ActorRef,
  id: string,
  rulesVersion: number,
): Promise<GroupDetail> {
  const { group, membership } = await loadGroup(db, viewer, id);
  if (membership?.status !== "active") throw forbidden(msg("Join the group first."));
  assertCurrentRules(group, rulesVersion);
  await db
    .update(groupMembers)
    .set({ rulesAccepted: rulesVersion })
    .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, viewer.id)));
  return getGroupDetail(db, viewer, id);
}

/**
 * Leaves a group. Its owner hands it over first: a group is never left ownerless.
 * @throws AppError 404 not seen or not a member; 409 `owner_must_hand_over`
 */
export async function leaveGroup(db: Executor, viewer: ActorRef, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { membership } = await loadGroup(tx, viewer, id, { lock: true });
    authorize(leaveRefusal(membership));
    await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, viewer.id)));
  });
}

export { addNewcomer, assertCurrentRules, assertNotInGroup, loadGroup as loadVisibleGroup };
