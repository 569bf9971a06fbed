/**
 * Membership review in a group (docs/decisions/020 "Membership review", after Karrot's): a member asks
 * for a review of another's membership with a reason; the member under review is told and can answer;
 * the group's trusted members vote for `REVIEW_DAYS`; removal needs a majority of those who voted and a
 * quorum that members who joined lately cannot make up alone.
 */
import { z } from "zod";
import { abilitySchema } from "./abilities";
import { isoDateTime, publicUserSchema } from "./common";
import { msg } from "./messages";

/** How long a review is open for votes. */
export const REVIEW_DAYS = 7;
/** A member who joined fewer days than this before a review opened has joined lately. */
export const ESTABLISHED_DAYS = 14;
/** The most votes a quorum asks for (Karrot: half the voters, at least 1, at most 3). */
export const QUORUM_MAX = 3;

/**
 * The quorum of a review with `voters` eligible voters: half of them rounded up, at least 1, at most
 * `QUORUM_MAX` (docs/decisions/020).
 */
export const quorumFor = (voters: number) => Math.min(QUORUM_MAX, Math.max(1, Math.ceil(voters / 2)));

/**
 * Whether a closed review removes its member: the quorum was met — enough votes, at least half of them
 * (rounded up) from members established before it opened — and more voted to remove than to keep.
 */
export function reviewRemoves(
  votes: { remove: number; keep: number; established: number },
  quorum: number,
): boolean {
  const cast = votes.remove + votes.keep;
  const quorate = cast >= quorum && votes.established >= Math.ceil(quorum / 2);
  return quorate && votes.remove > votes.keep;
}

const reason = z
  .string({ error: msg("Say why you ask for a review") })
  .trim()
  .min(1, msg("Say why you ask for a review"))
  .max(1000, msg("Reason must be at most {{max}} characters", { max: 1000 }));

/** `POST /api/groups/{id}/reviews`: whose membership, and why. */
export const askReviewSchema = z.object({ memberId: z.uuid({ error: msg("Invalid id") }), reason });

/** `PUT …/reviews/{reviewId}/vote`. */
export const reviewVoteSchema = z.object({
  vote: z.enum(["remove", "keep"], { error: msg("Vote remove or keep") }),
});

/** `PUT …/reviews/{reviewId}/answer`: the member under review's answer. */
export const reviewAnswerSchema = z.object({
  answer: z
    .string({ error: msg("Write your answer") })
    .trim()
    .min(1, msg("Write your answer"))
    .max(2000, msg("An answer must be at most {{max}} characters", { max: 2000 })),
});

/** A review as its group's members read it; the votes' counts once it is closed, never who voted how. */
export const groupReviewSchema = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  member: publicUserSchema,
  reason: z.string(),
  answer: z.string().nullable(),
  status: z.enum(["open", "removed", "kept"]),
  quorum: z.number().int(),
  /** Votes cast so far. */
  votes: z.number().int(),
  /** The counts, once closed. */
  result: z.object({ remove: z.number().int(), keep: z.number().int() }).nullable(),
  myVote: z.enum(["remove", "keep"]).nullable(),
  createdAt: isoDateTime,
  closesAt: isoDateTime,
  abilities: z.object({ vote: abilitySchema, answer: abilitySchema }),
});
export type GroupReview = z.infer<typeof groupReviewSchema>;
