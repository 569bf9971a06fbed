/**
 * Members (docs/features/food-safety.md point 6; docs/DESIGN.md §4 "Reviews"): a member's own
 * settings, and what others see of them — the public profile (name, photo, bio, badges and rating),
 * the reviews they received (newest first, cursor-paginated on `reviews_reviewee_idx`), their open
 * meals and their rating. Never the email, allergies, diet or home area. Who may see a member is
 * policy.ts (`canSeeMember`).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Rating } from "../../../contract/meals";
import { msg } from "../../../contract/messages";
import type { NewcomerLimits } from "../../../contract/trust";
import type { PublicProfile, ReceivedReview } from "../../../contract/users";
import type { Actor, ActorRef } from "../../auth/actor";
import { type Executor, inTransaction } from "../../db/client";
import { requests, reviews, type UserRow, users } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { shownLastName, shownLastNameSql } from "../../member-names";
import { type Cursor, keysetPage } from "../../pagination";
import { hasBlocked } from "../blocks";
import { checkText, recordVerdict } from "../moderation";
import { trustLevelSql } from "../trust";
import { canSeeMember, profileAbilities } from "./policy";
import { reliabilityOf } from "./reliability";

/** Who asks to see a member (the actor, auth/actor.ts). */
export type MemberViewer = ActorRef;

/**
 * Applies a change to the member's own row and returns it. A member may change only themselves.
 */
export async function updateSelf(db: Executor, user: UserRow, patch: Partial<UserRow>): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return updated;
}

/**
 * Changes the member's profile. A new bio is checked before others could read it (docs/decisions/020):
 * held, others read none until a moderator lets it through.
 * @throws AppError 403 a newcomer's bio with too many links
 */
export async function updateProfile(
  db: Executor,
  user: Actor,
  patch: Partial<UserRow>,
  newcomerLimits: NewcomerLimits,
): Promise<UserRow> {
  const verdict = patch.bio ? await checkText(db, user, [patch.bio], newcomerLimits) : null;
  return inTransaction(db, async (tx) => {
    const updated = await updateSelf(tx, user, {
      ...patch,
      ...(patch.bio !== undefined ? { bioHeld: verdict?.action === "hold" } : {}),
    });
    if (verdict) {
      await recordVerdict(tx, verdict, {
        kind: "bio",
        targetId: user.id,
        authorId: user.id,
        link: `/user/${user.id}`,
      });
    }
    return updated;
  });
}

/**
 * The public profile of `id` as `viewer` sees it.
 * @throws AppError 404 unknown, or suspended and the viewer is not an admin
 */
export async function getPublicProfile(
  db: Executor,
  viewer: MemberViewer,
  id: string,
): Promise<PublicProfile> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  // A neighbour's link to someone leaving says so, not "not found" (docs/decisions/017; nothing of
  // theirs is shown, as before).
  if (user && user.deletionRequestedAt !== null && viewer.id !== user.id)
    throw new AppError(404, "member_left", msg("This member has left MealShare."));
  if (!user || !canSeeMember(viewer, user)) throw notFound(msg("User not found"));
  const [rating, blockedByMe, records] = await Promise.all([
    getUserRating(db, viewer, id),
    hasBlocked(db, viewer.id, id),
    reliabilityOf(db, [id]),
  ]);
  return {
    id: user.id,
    firstName: user.firstName,
    // Whole for the member and admins; as they chose for everyone else (member-names.ts).
    lastName: shownLastName(user, viewer.id === user.id || viewer.isAdmin),
    profileImageUrl: user.profileImageUrl,
    // A held bio is its member's alone until let through (docs/decisions/020).
    bio: user.bioHeld && viewer.id !== user.id && !viewer.isAdmin ? null : user.bio,
    isCook: user.isRegisteredCook,
    memberSince: user.createdAt.toISOString(),
    rating,
    reliability: records.get(id)!,
    blockedByMe,
    suspended: user.suspendedAt !== null,
    yours: viewer.id === user.id,
    abilities: profileAbilities(viewer, user.id),
  };
}

/**
 * Refuses to show anything of a member `viewer` may not see (policy.ts), as their profile does.
 * @throws AppError 404 unknown, or hidden from the viewer
 */
export async function assertMemberVisible(db: Executor, viewer: MemberViewer, id: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, suspendedAt: users.suspendedAt, deletionRequestedAt: users.deletionRequestedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user || !canSeeMember(viewer, user)) throw notFound(msg("User not found"));
}

/** A received review plus its sort key. */
export type ListedReview = ReceivedReview & { createdAtDate: Date };

/**
 * Reviews `userId` received, newest first.
 * @returns up to `limit + 1` reviews (the extra one says there is a next page)
 * @throws AppError 404 unknown, or hidden from the viewer
 */
export async function listReceivedReviews(
  db: Executor,
  viewer: MemberViewer,
  userId: string,
  options: { limit: number; cursor?: Cursor },
): Promise<ListedReview[]> {
  await assertMemberVisible(db, viewer, userId);
  const page = keysetPage(reviews.createdAt, reviews.id, options);
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      reviewerId: users.id,
      reviewerFirstName: users.firstName,
      reviewerLastName: sql<string>`${shownLastNameSql(users)}`,
      reviewerPhoto: users.profileImageUrl,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(and(eq(reviews.revieweeId, userId), page.after))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    createdAtDate: row.createdAt,
    reviewer: {
      id: row.reviewerId,
      firstName: row.reviewerFirstName,
      lastName: row.reviewerLastName,
      profileImageUrl: row.reviewerPhoto,
    },
  }));
}

/**
 * A member's rating (docs/DESIGN.md §4 "Reviews") and whether they are a Trusted Member
 * (docs/decisions/020: the trusted level).
 * @throws AppError 404 unknown, or hidden from the viewer (policy.ts)
 */
export async function getUserRating(db: Executor, viewer: MemberViewer, userId: string): Promise<Rating> {
  const [row] = await db
    .select({
      average: sql<
        number | null
      >`round(${users.ratingSum}::numeric / nullif(${users.ratingCount}, 0), 1)::float8`,
      count: users.ratingCount,
      mealsShared: users.mealsShared,
      portionsShared: users.portionsShared,
      suspendedAt: users.suspendedAt,
      deletionRequestedAt: users.deletionRequestedAt,
      // A member's own requests, both sides, each through its index: O(their exchanges).
      completed: sql<number>`(select count(*)::int from ${requests} where ${requests.status} = 'completed' and ${requests.eaterId} = ${userId}::uuid)
        + (select count(*)::int from ${requests} where ${requests.status} = 'completed' and ${requests.feederId} = ${userId}::uuid)`,
      level: sql<string>`${trustLevelSql(userId)}`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (
    !row ||
    !canSeeMember(viewer, {
      id: userId,
      suspendedAt: row.suspendedAt,
      deletionRequestedAt: row.deletionRequestedAt,
    })
  ) {
    throw notFound(msg("User not found"));
  }
  const average = row.average == null ? null : Number(row.average);
  const completedExchanges = Number(row.completed);
  return {
    average,
    count: Number(row.count),
    completedExchanges,
    mealsShared: Number(row.mealsShared),
    portionsShared: Number(row.portionsShared),
    // The level exchanges and a trusted member's vouch earned (docs/decisions/020 "Levels").
    trustedMember: row.level === "trusted",
  };
}
