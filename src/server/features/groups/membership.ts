/**
 * What a group's membership allows with its meals, the one place it is decided (docs/features/groups.md
 * points 2 and 3; docs/ARCHITECTURE.md "Where to find a rule"): who may share a meal with a group, who
 * may ask for a members-only meal, and when a newcomer becomes a member. A leaf: it reads the tables
 * and imports no other feature, so meals and requests call it without a circle.
 */
import { and, eq, sql } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import type { Executor } from "../../db/client";
import { groupMembers, groups, type MealRow } from "../../db/schema";
import { AppError, forbidden, validation } from "../../errors";

/** A member's active membership of a group, with what the group asks of them. */
export interface ActiveMembership {
  role: "owner" | "moderator" | "member" | "newcomer";
  rulesAccepted: number;
  rulesVersion: number;
  newcomersMayRequest: boolean;
}

/** `userId`'s active membership of `groupId`, or null (never joined, left, or removed). */
export async function activeMembership(
  db: Executor,
  groupId: string,
  userId: string,
): Promise<ActiveMembership | null> {
  const [row] = await db
    .select({
      role: groupMembers.role,
      rulesAccepted: groupMembers.rulesAccepted,
      rulesVersion: groups.rulesVersion,
      newcomersMayRequest: groups.newcomersMayRequest,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, "active"),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** What a member who has not accepted the group's changed rules is told (docs/features/groups.md point 1). */
export const RULES_CHANGED = msg("The group's rules have changed: accept them on the group's page first.");

/**
 * Refuses sharing a meal with `groupId` unless `userId` is an active member who accepted its current
 * rules (docs/features/groups.md point 3: "one of my groups").
 * @throws AppError 400 not a group of theirs (also when it does not exist: a hidden group stays
 *   hidden); 409 `rules_changed` when they have not accepted its current rules
 */
export async function assertMayShareWith(db: Executor, userId: string, groupId: string): Promise<void> {
  const membership = await activeMembership(db, groupId, userId);
  if (!membership) {
    const message = msg("Choose one of your groups");
    throw validation(message, { groupId: message });
  }
  if (membership.rulesAccepted < membership.rulesVersion)
    throw new AppError(409, "rules_changed", RULES_CHANGED);
}

/**
 * Why a member may not ask for a members-only meal — a request, a waiting-list place, a draw entry —
 * or null when they may: an active member of its group who accepted its current rules and, where the
 * group keeps newcomers from requesting, no longer a newcomer (docs/features/groups.md points 2 and 3).
 * Meals everyone sees pass. Someone outside the group is answered as if the meal did not exist.
 * @returns AppError 404 not a member; 409 `rules_changed`; 403 a newcomer kept from requesting
 */
export async function askRefusalInGroup(
  tx: Executor,
  memberId: string,
  meal: Pick<MealRow, "ownerId" | "membersOnly" | "groupId">,
): Promise<AppError | null> {
  if (!meal.membersOnly || meal.ownerId === memberId) return null;
  const membership = meal.groupId ? await activeMembership(tx, meal.groupId, memberId) : null;
  return groupAskRefusal(memberId, meal, membership);
}

/**
 * `askRefusalInGroup`'s decision from a membership already read (null: not an active member), for a
 * caller that read it with other facts in one statement (meals/service.ts, a meal's abilities).
 */
export function groupAskRefusal(
  memberId: string,
  meal: Pick<MealRow, "ownerId" | "membersOnly">,
  membership: ActiveMembership | null,
): AppError | null {
  if (!meal.membersOnly || meal.ownerId === memberId) return null;
  if (!membership) return new AppError(404, "not_found", msg("Meal not found"));
  if (membership.rulesAccepted < membership.rulesVersion)
    return new AppError(409, "rules_changed", RULES_CHANGED);
  if (membership.role === "newcomer" && !membership.newcomersMayRequest) {
    return forbidden(
      msg("Newcomers to this group can request its meals after their first pickup in the group."),
    );
  }
  return null;
}

/**
 * `askRefusalInGroup`, thrown.
 * @throws AppError 404, 409 or 403 as `askRefusalInGroup` decides
 */
export async function assertMayAskInGroup(
  tx: Executor,
  memberId: string,
  meal: Pick<MealRow, "ownerId" | "membersOnly" | "groupId">,
): Promise<void> {
  const refusal = await askRefusalInGroup(tx, memberId, meal);
  if (refusal) throw refusal;
}

/** Whether `userId` may share a meal with `groupId` now (`assertMayShareWith` without the error). */
export async function canShareWith(db: Executor, userId: string, groupId: string): Promise<boolean> {
  const membership = await activeMembership(db, groupId, userId);
  return membership !== null && membership.rulesAccepted >= membership.rulesVersion;
}

/**
 * A completed pickup of a meal shared with a group makes its newcomers among the two parties members
 * (docs/features/groups.md point 2: "a member until their first completed pickup in the group").
 * Call it in the transaction that completes the request.
 */
export async function promoteNewcomersAfterPickup(
  tx: Executor,
  meal: Pick<MealRow, "groupId">,
  parties: { eaterId: string; feederId: string },
): Promise<void> {
  if (!meal.groupId) return;
  await tx
    .update(groupMembers)
    .set({ role: "member" })
    .where(
      sql`${groupMembers.groupId} = ${meal.groupId} and ${groupMembers.role} = 'newcomer'
        and ${groupMembers.status} = 'active'
        and ${groupMembers.userId} in (${parties.eaterId}, ${parties.feederId})`,
    );
}
