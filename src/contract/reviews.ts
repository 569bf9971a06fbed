/** Review shapes (spec §3 Pending review, Review submission, §5 "Review"; docs/DESIGN.md §4 "Reviews"). */
import { z } from "zod";
import { isoDateTime } from "./common";
import { msg } from "./messages";

/** Shortest review text (spec §5, §9). */
export const REVIEW_TEXT_MIN = 10;

export const reviewerRoleSchema = z.enum(["eater", "feeder"]);
export type ReviewerRole = z.infer<typeof reviewerRoleSchema>;

/** One review the viewer owes: the eater reviews the feeder and the other way round. */
export const pendingReviewSchema = z.object({
  requestId: z.uuid(),
  revieweeId: z.uuid(),
  revieweeName: z.string(),
  mealId: z.uuid(),
  mealTitle: z.string(),
  reviewerRole: reviewerRoleSchema,
});
export type PendingReview = z.infer<typeof pendingReviewSchema>;

/**
 * A review's words: stars alone are a review (a phone's quick rating); words, when written, say
 * something (spec §5's 10 characters at least; docs/features/everyday-journey.md).
 */
export function reviewTextSchema() {
  return z
    .string({ error: msg("Review must be at least 10 characters") })
    .trim()
    .max(2000, msg("Review must be at most 2000 characters"))
    .refine(
      (text) => text.length === 0 || text.length >= REVIEW_TEXT_MIN,
      msg("Review must be at least {{min}} characters", { min: REVIEW_TEXT_MIN }),
    );
}

/** `POST /api/reviews` body; `text` may be left out or empty. */
export const createReviewSchema = z.object({
  revieweeId: z.uuid({ error: msg("Choose who you are reviewing") }),
  mealId: z.uuid({ error: msg("Choose the meal you are reviewing") }),
  rating: z
    .number({ error: msg("Please select a star rating") })
    .int(msg("Rating must be a whole number of stars"))
    .min(1, msg("Please select a star rating"))
    .max(5, msg("Rating must be at most 5")),
  text: reviewTextSchema().default(""),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;

export const reviewSchema = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  mealId: z.uuid(),
  revieweeId: z.uuid(),
  reviewerRole: reviewerRoleSchema,
  rating: z.number().int(),
  text: z.string(),
  createdAt: isoDateTime,
});
export type Review = z.infer<typeof reviewSchema>;

/** spec §4 "Review form": the label under the stars for 0..5. */
export const RATING_LABELS = [
  msg("Click stars to rate"),
  msg("Poor"),
  msg("Fair"),
  msg("Good"),
  msg("Very Good"),
  msg("Excellent"),
] as const;
