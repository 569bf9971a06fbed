/**
 * Reviews (docs/DESIGN.md §4 "Reviews"): each completed exchange owes two reviews, the eater's of the
 * feeder and the feeder's of the eater. A review is accepted only when it is owed; the unique
 * index (request, reviewer) makes a second one impossible even under a race.
 */
import { and, asc, eq, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { msg } from "../../../contract/messages";
import type { PendingReview, Review } from "../../../contract/reviews";
import { displayName } from "../../auth/users";
import { type Executor, inTransaction } from "../../db/client";
import { meals, requests, reviews, type UserRow, users } from "../../db/schema";
import { conflict, forbidden } from "../../errors";
import { assertNotBlocked } from "../blocks";
import { createNotification } from "../notifications";

const eaters = alias(users, "eater");
const owners = alias(users, "owner");

/** The reviews `viewer` owes, oldest exchange first. */
export async function listPendingReviews(db: Executor, viewer: UserRow): Promise<PendingReview[]> {
  const rows = await db
    .select({
      requestId: requests.id,
      mealId: meals.id,
      mealTitle: meals.title,
      eaterId: requests.eaterId,
      ownerId: requests.feederId,
      eater: { firstName: eaters.firstName, lastName: eaters.lastName, nameShown: eaters.nameShown },
      owner: { firstName: owners.firstName, lastName: owners.lastName, nameShown: owners.nameShown },
    })
    .from(requests)
    .innerJoin(meals, eq(meals.id, requests.mealId))
    .innerJoin(eaters, eq(eaters.id, requests.eaterId))
    .innerJoin(owners, eq(owners.id, requests.feederId))
    .leftJoin(reviews, and(eq(reviews.requestId, requests.id), eq(reviews.reviewerId, viewer.id)))
    .where(
      and(
        eq(requests.status, "completed"),
        or(eq(requests.eaterId, viewer.id), eq(requests.feederId, viewer.id)),
        isNull(reviews.id),
      ),
    )
    .orderBy(asc(requests.updatedAt), asc(requests.id))
    .limit(100);
  return rows.map((row) => {
    const asEater = row.eaterId === viewer.id;
    return {
      requestId: row.requestId,
      mealId: row.mealId,
      mealTitle: row.mealTitle,
      revieweeId: asEater ? row.ownerId : row.eaterId,
      // They met: the full name (member-names.ts).
      revieweeName: displayName(asEater ? row.owner : row.eater, true),
      reviewerRole: asEater ? "eater" : "feeder",
    };
  });
}

/** What a review between two people one of whom blocked the other answers (403). */
export const REVIEW_BLOCKED = msg("You can't review this person because one of you has blocked the other.");

/**
 * The completed exchanges of the meal `input.mealId` between the reviewer and `input.revieweeId`,
 * either side, oldest first, each with the reviewer's review of it if there is one.
 */
function exchangesBetween(tx: Executor, reviewerId: string, input: { revieweeId: string; mealId: string }) {
  return tx
    .select({ id: requests.id, eaterId: requests.eaterId, reviewed: reviews.id, mealTitle: meals.title })
    .from(requests)
    .innerJoin(meals, eq(meals.id, requests.mealId))
    .leftJoin(reviews, and(eq(reviews.requestId, requests.id), eq(reviews.reviewerId, reviewerId)))
    .where(
      and(
        eq(requests.mealId, input.mealId),
        eq(requests.status, "completed"),
        or(
          and(eq(requests.eaterId, reviewerId), eq(requests.feederId, input.revieweeId)),
          and(eq(requests.feederId, reviewerId), eq(requests.eaterId, input.revieweeId)),
        ),
      ),
    )
    .orderBy(asc(requests.updatedAt), asc(requests.id));
}

/**
 * Stores an owed review and notifies the reviewee.
 * @throws AppError 403 when no completed exchange links reviewer, reviewee and meal, or when either
 *   has blocked the other; 409 when every such exchange has this reviewer's review already
 */
export async function createReview(
  db: Executor,
  reviewer: UserRow,
  input: { revieweeId: string; mealId: string; rating: number; text: string },
): Promise<Review> {
  return inTransaction(db, async (tx) => {
    const exchanges = await exchangesBetween(tx, reviewer.id, input);
    if (exchanges.length === 0 || reviewer.id === input.revieweeId) {
      throw forbidden(msg("You can only review someone after a completed exchange with them."));
    }
    // A public review is a way to reach someone: none between two people when either blocked the other.
    await assertNotBlocked(tx, reviewer.id, input.revieweeId, REVIEW_BLOCKED);
    const owed = exchanges.find((exchange) => !exchange.reviewed);
    if (!owed) throw conflict(msg("You have already reviewed this exchange."), "already_reviewed");

    const reviewerRole = owed.eaterId === reviewer.id ? "eater" : "feeder";
    const [row] = await tx
      .insert(reviews)
      .values({
        requestId: owed.id,
        mealId: input.mealId,
        reviewerId: reviewer.id,
        revieweeId: input.revieweeId,
        reviewerRole,
        rating: input.rating,
        text: input.text,
      })
      .returning();
    await createNotification(tx, {
      userId: input.revieweeId,
      type: "review_received",
      message: msg('{{name}} left you a {{rating}}-star review for "{{title}}"'),
      params: { name: displayName(reviewer), rating: input.rating, title: owed.mealTitle },
      // The reviews page lists what was received; opening it marks these read
      // (docs/features/everyday-journey.md).
      link: "/reviews",
    });
    return {
      id: row.id,
      requestId: row.requestId,
      mealId: row.mealId,
      revieweeId: row.revieweeId,
      reviewerRole: row.reviewerRole,
      rating: row.rating,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
