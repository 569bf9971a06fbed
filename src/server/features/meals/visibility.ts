/**
 * Who sees a meal, the one place it is decided (docs/features/groups.md point 3; docs/ARCHITECTURE.md
 * "Where to find a rule"): everyone, unless it is members-only — then its cook and the active members
 * of its group, nobody else, anywhere: lists, search, the map, the meal's page, profiles, alerts,
 * previews, requests and the waiting list all call these. Site admins read every meal's page to
 * moderate it.
 */
import { eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import type { Executor } from "../../db/client";
import { groupMembers, meals } from "../../db/schema";
import { notFound } from "../../errors";

/**
 * The groups `viewer` is an active member of, as a SQL array computed once per statement (an
 * InitPlan), so a page's rows compare against it instead of looking a membership up each.
 */
const viewerGroups = (viewer: SQL | Placeholder | string) =>
  sql`array(select gm.group_id from ${groupMembers} gm where gm.user_id = ${viewer} and gm.status = 'active')`;

/**
 * Whether `viewer` sees the meal, in SQL over the `meals` table as Drizzle names it. A meal held for a
 * moderator's check is its cook's alone until let through (docs/decisions/020).
 */
export const visibleToSql = (viewer: SQL | Placeholder | string): SQL =>
  sql`((not ${meals.membersOnly} or ${meals.ownerId} = ${viewer} or ${meals.groupId} = any(${viewerGroups(viewer)}))
       and (not ${meals.heldForReview} or ${meals.ownerId} = ${viewer}))`;

/** Only meals everyone sees: for what reaches people who are not signed in, and public samples. */
export const PUBLIC_MEAL_SQL: SQL = sql`not ${meals.membersOnly}`;

/**
 * Whether `viewerId` sees the meal: it is theirs, or it is not held for a check and either not
 * members-only or they are an active member of its group.
 */
export async function isVisibleTo(
  db: Executor,
  viewerId: string,
  meal: { ownerId: string; membersOnly: boolean; groupId: string | null; heldForReview: boolean },
): Promise<boolean> {
  if (meal.ownerId === viewerId) return true;
  if (meal.heldForReview) return false;
  if (!meal.membersOnly) return true;
  if (!meal.groupId) return false;
  const rows = await db
    .select({ one: sql`1` })
    .from(groupMembers)
    .where(
      sql`${groupMembers.groupId} = ${meal.groupId} and ${groupMembers.userId} = ${viewerId} and ${groupMembers.status} = 'active'`,
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The meal, for a member acting on it from their lists (saving it, hiding it): its owner and the end
 * of its pickup window.
 * @throws AppError 404 "Meal not found" when there is none, an admin took it down, or `viewerId` may
 *   not see it (answered alike, so a members-only meal's existence is not told)
 */
export async function requireMealSeenBy(
  db: Executor,
  viewerId: string,
  mealId: string,
): Promise<{ ownerId: string; pickupWindowEnd: Date }> {
  const [meal] = await db
    .select({
      ownerId: meals.ownerId,
      membersOnly: meals.membersOnly,
      groupId: meals.groupId,
      hidden: meals.hiddenByAdmin,
      heldForReview: meals.heldForReview,
      pickupWindowEnd: meals.pickupWindowEnd,
    })
    .from(meals)
    .where(eq(meals.id, mealId))
    .limit(1);
  if (!meal || meal.hidden || !(await isVisibleTo(db, viewerId, meal))) throw notFound(msg("Meal not found"));
  return meal;
}
