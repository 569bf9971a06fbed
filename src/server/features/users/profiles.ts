/**
 * Public profiles (docs/features/food-safety.md point 6): name, photo, bio, badges and rating of any
 * user, the reviews they received (newest first, cursor-paginated on `reviews_reviewee_idx`) and their
 * open meals. Never the email, allergies or diet. A suspended account's profile is gone for all but
 * admins.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import type { PublicProfile, ReceivedReview } from "../../../contract/users";
import type { Executor } from "../../db/client";
import { reviews, users } from "../../db/schema";
import { notFound } from "../../errors";
import type { Cursor } from "../../pagination";
import { hasBlocked } from "../blocks/service";
import { getUserRating } from "../meals/service";
import { reliabilityOf } from "./reliability";

/**
 * The public profile of `id` as `viewer` sees it.
 * @throws AppError 404 unknown, or suspended and the viewer is not an admin
 */
export async function getPublicProfile(
  db: Executor,
  viewer: { id: string },
  id: string,
  options: { isAdmin: boolean },
): Promise<PublicProfile> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user || (user.suspendedAt && !options.isAdmin)) throw notFound(msg("User not found"));
  const [rating, blockedByMe, records] = await Promise.all([
    getUserRating(db, id),
    hasBlocked(db, viewer.id, id),
    reliabilityOf(db, [id]),
  ]);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    bio: user.bio,
    isCook: user.isCook,
    memberSince: user.createdAt.toISOString(),
    rating,
    reliability: records.get(id)!,
    blockedByMe,
    suspended: user.suspendedAt !== null,
  };
}

/**
 * Refuses to show anything of a suspended account (its reviews, its meals) to anyone but admins,
 * as its profile does.
 * @throws AppError 404 unknown, or suspended and the viewer is not an admin
 */
export async function assertProfileVisible(db: Executor, id: string, options: { isAdmin: boolean }) {
  const [user] = await db
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user || (user.suspendedAt && !options.isAdmin)) throw notFound(msg("User not found"));
}

/** A received review plus its sort key. */
export type ListedReview = ReceivedReview & { createdAtDate: Date };

/**
 * Reviews `userId` received, newest first.
 * @returns up to `limit + 1` reviews (the extra one says there is a next page)
 */
export async function listReceivedReviews(
  db: Executor,
  userId: string,
  options: { limit: number; cursor?: Cursor },
): Promise<ListedReview[]> {
  const { cursor } = options;
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      reviewerId: users.id,
      reviewerFirstName: users.firstName,
      reviewerLastName: users.lastName,
      reviewerPhoto: users.profileImageUrl,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(
      and(
        eq(reviews.revieweeId, userId),
        cursor
          ? sql`(${reviews.createdAt}, ${reviews.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(options.limit + 1);
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
