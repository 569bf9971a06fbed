/**
 * Membership review (docs/decisions/020 "Membership review"; Karrot's answer to sock puppets voting
 * for each other): a member asks for a review of another's membership with a reason; the member under
 * review is told and may answer; the group's voters — its trusted members, and its owner and
 * moderators — vote for `REVIEW_DAYS`; the `group-review-close` job then removes the member when more
 * voted to remove than to keep and the quorum (`quorumFor`, fixed when it opened) was met, at least
 * half of it by members in the group `ESTABLISHED_DAYS` before the review opened.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  ESTABLISHED_DAYS,
  type GroupReview,
  quorumFor,
  REVIEW_DAYS,
  reviewRemoves,
} from "../../../contract/group-reviews";
import { type Message, msg } from "../../../contract/messages";
import { ALLOWED, abilityOf, authorize } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { presentPublicUser } from "../../auth/users";
import { type Executor, inTransaction, queryRows } from "../../db/client";
import { users } from "../../db/schema";
import { conflict, forbidden, notFound, sqlState } from "../../errors";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { trustLevelSql } from "../trust";
import { reviewAskRefusal, seeMembersRefusal } from "./policy";
import { loadGroup, membershipOf, tell } from "./service";

/** The group's voters in a review of `memberId`: active members but them, trusted or moderating. */
const votersSql = (groupId: unknown, memberId: unknown) => sql`
  select gm.user_id, gm.created_at from group_members gm
  where gm.group_id = ${groupId}::uuid and gm.status = 'active' and gm.user_id <> ${memberId}::uuid
    and (gm.role in ('owner', 'moderator') or ${trustLevelSql(sql`gm.user_id`)} = 'trusted')`;

const REVIEW_NOT_FOUND = msg("Review not found");

/**
 * Opens a review of `memberId`'s membership: the member is told, and so is every voter.
 * @throws AppError 404 group not seen or member not in it; 403 not an active member; 409 oneself, the
 *   owner, a review already open, or a group with no voters
 */
export async function askReview(
  db: Executor,
  viewer: ActorRef,
  groupId: string,
  input: { memberId: string; reason: string },
): Promise<GroupReview> {
  const id = await inTransaction(db, async (tx) => {
    const { group, membership } = await loadGroup(tx, viewer, groupId, { lock: true });
    const target = await membershipOf(tx, groupId, input.memberId);
    const refusal = reviewAskRefusal(membership, viewer, {
      userId: input.memberId,
      role: target?.role ?? "member",
      // A review open already is refused by the unique index below, whoever comes second.
      underReview: false,
    });
    if (refusal) throw refusal;
    if (target?.status !== "active") throw notFound(msg("Member not found"));
    const voters = await queryRows<{ user_id: string }>(tx, votersSql(groupId, input.memberId));
    if (voters.length === 0)
      throw conflict(
        msg("This group has no trusted members to vote yet. Ask a site admin for help."),
        "no_voters",
      );
    const row = await insertReview(tx, viewer, groupId, input, voters.length);
    const params = { group: group.name };
    await tell(
      tx,
      input.memberId,
      groupId,
      msg("A member asked for a review of your membership in {{group}}. You can answer in the review."),
      params,
      `/groups/${groupId}/reviews/${row.id}`,
    );
    for (const voter of voters) {
      if (voter.user_id === viewer.id) continue;
      await tell(
        tx,
        voter.user_id,
        groupId,
        msg("A review of a membership in {{group}} needs your vote."),
        params,
        `/groups/${groupId}/reviews/${row.id}`,
      );
    }
    return row.id;
  });
  return getReview(db, viewer, groupId, id);
}

/**
 * Stores an open review, closing in `REVIEW_DAYS` with the quorum of `voterCount` voters, and
 * schedules its close.
 * @throws AppError 409 `review_open` when a review of this member is open already (the unique index)
 */
async function insertReview(
  tx: Executor,
  viewer: ActorRef,
  groupId: string,
  input: { memberId: string; reason: string },
  voterCount: number,
): Promise<{ id: string; closes_at: Date }> {
  let row: { id: string; closes_at: Date };
  try {
    [row] = await queryRows<{ id: string; closes_at: Date }>(
      tx,
      sql`insert into group_reviews (group_id, member_id, asked_by_id, reason, quorum, closes_at)
          values (${groupId}, ${input.memberId}, ${viewer.id}, ${input.reason}, ${quorumFor(voterCount)},
                  now() + make_interval(days => ${REVIEW_DAYS}))
          returning id, closes_at`,
    );
  } catch (error) {
    if (sqlState(error) === "23505")
      throw conflict(msg("A review of this member is open already."), "review_open");
    throw error;
  }
  await enqueueJob(
    tx,
    QUEUES.groupReviewClose,
    { reviewId: row.id },
    { startAfter: new Date(row.closes_at) },
  );
  return row;
}

interface ReviewRow {
  id: string;
  groupId: string;
  memberId: string;
  reason: string;
  answer: string | null;
  status: "open" | "removed" | "kept";
  quorum: number;
  createdAt: Date;
  closesAt: Date;
  votes: number;
  remove: number;
  keep: number;
  myVote: "remove" | "keep" | null;
  mayVote: boolean;
}

/** One review with its counts and the viewer's vote and standing, locked when asked. */
async function reviewRow(
  tx: Executor,
  viewerId: string,
  groupId: string,
  reviewId: string,
  lock = false,
): Promise<ReviewRow | undefined> {
  const [row] = await queryRows<ReviewRow>(
    tx,
    sql`select r.id, r.group_id as "groupId", r.member_id as "memberId", r.reason, r.answer, r.status, r.quorum,
               r.created_at as "createdAt", r.closes_at as "closesAt",
               (select count(*)::int from group_review_votes v where v.review_id = r.id) as votes,
               (select count(*)::int from group_review_votes v where v.review_id = r.id and v.vote = 'remove') as remove,
               (select count(*)::int from group_review_votes v where v.review_id = r.id and v.vote = 'keep') as keep,
               (select v.vote from group_review_votes v where v.review_id = r.id and v.voter_id = ${viewerId}::uuid) as "myVote",
               exists (select 1 from (${votersSql(groupId, sql`r.member_id`)}) voter
                       where voter.user_id = ${viewerId}::uuid) as "mayVote"
        from group_reviews r where r.id = ${reviewId}::uuid and r.group_id = ${groupId}::uuid
        ${lock ? sql`for update of r` : sql``}`,
  );
  return row;
}

const closedRefusal = () => conflict(msg("This review has closed."), "review_closed");

/**
 * A review as `viewer` reads it, with what they may do (vote, answer).
 * @throws AppError 404 the group is not seen, the viewer cannot see its members, or no such review
 */
export async function getReview(
  db: Executor,
  viewer: ActorRef,
  groupId: string,
  reviewId: string,
): Promise<GroupReview> {
  const { membership } = await loadGroup(db, viewer, groupId);
  const row = await reviewRow(db, viewer.id, groupId, reviewId);
  const isMember = row && row.memberId === viewer.id;
  if (!row || !(isMember || !seeMembersRefusal(membership, viewer))) throw notFound(REVIEW_NOT_FOUND);
  const [member] = await db.select().from(users).where(eq(users.id, row.memberId)).limit(1);
  const open = row.status === "open";
  const voteRefusal = !open
    ? closedRefusal()
    : isMember
      ? forbidden(msg("You cannot vote in the review of your own membership."))
      : !row.mayVote
        ? forbidden(msg("The group's trusted members and its moderators vote in reviews."))
        : null;
  return {
    id: row.id,
    groupId,
    member: presentPublicUser(member),
    reason: row.reason,
    answer: row.answer,
    status: row.status,
    quorum: row.quorum,
    votes: row.votes,
    result: open ? null : { remove: row.remove, keep: row.keep },
    myVote: row.myVote,
    createdAt: new Date(row.createdAt).toISOString(),
    closesAt: new Date(row.closesAt).toISOString(),
    abilities: {
      vote: voteRefusal ? abilityOf(voteRefusal) : ALLOWED,
      answer: !open
        ? abilityOf(closedRefusal())
        : isMember
          ? ALLOWED
          : abilityOf(forbidden(msg("Only the member under review answers."))),
    },
  };
}

/**
 * The group's open reviews, newest first (its members and site admins).
 * @throws AppError 404 not seen; 403 not a member
 */
export async function listOpenReviews(
  db: Executor,
  viewer: ActorRef,
  groupId: string,
): Promise<GroupReview[]> {
  const { membership } = await loadGroup(db, viewer, groupId);
  authorize(seeMembersRefusal(membership, viewer));
  const ids = await queryRows<{ id: string }>(
    db,
    sql`select id from group_reviews where group_id = ${groupId} and status = 'open' order by created_at desc limit 20`,
  );
  return Promise.all(ids.map((row) => getReview(db, viewer, groupId, row.id)));
}

/**
 * Casts or changes the viewer's vote while the review is open.
 * @throws AppError 404 as `getReview`; 403 not a voter, or the member under review; 409 closed
 */
export async function voteInReview(
  db: Executor,
  viewer: ActorRef,
  groupId: string,
  reviewId: string,
  vote: "remove" | "keep",
): Promise<GroupReview> {
  await inTransaction(db, async (tx) => {
    await loadGroup(tx, viewer, groupId);
    const row = await reviewRow(tx, viewer.id, groupId, reviewId, true);
    if (!row) throw notFound(REVIEW_NOT_FOUND);
    if (row.status !== "open" || new Date(row.closesAt).getTime() <= Date.now()) throw closedRefusal();
    if (row.memberId === viewer.id)
      throw forbidden(msg("You cannot vote in the review of your own membership."));
    if (!row.mayVote) throw forbidden(msg("The group's trusted members and its moderators vote in reviews."));
    await tx.execute(
      sql`insert into group_review_votes (review_id, voter_id, vote, established)
          values (${reviewId}, ${viewer.id}, ${vote},
            coalesce((select gm.created_at <= ${new Date(row.createdAt).toISOString()}::timestamptz - make_interval(days => ${ESTABLISHED_DAYS})
                      from group_members gm where gm.group_id = ${groupId} and gm.user_id = ${viewer.id}), false))
          on conflict (review_id, voter_id) do update set vote = excluded.vote`,
    );
  });
  return getReview(db, viewer, groupId, reviewId);
}

/**
 * The member under review answers (or changes their answer) while it is open.
 * @throws AppError 404 as `getReview`; 403 anyone else; 409 closed
 */
export async function answerReview(
  db: Executor,
  viewer: ActorRef,
  groupId: string,
  reviewId: string,
  answer: string,
): Promise<GroupReview> {
  await inTransaction(db, async (tx) => {
    const row = await reviewRow(tx, viewer.id, groupId, reviewId, true);
    if (!row || row.memberId !== viewer.id) {
      if (row) throw forbidden(msg("Only the member under review answers."));
      throw notFound(REVIEW_NOT_FOUND);
    }
    if (row.status !== "open") throw closedRefusal();
    await tx.execute(sql`update group_reviews set answer = ${answer} where id = ${reviewId}`);
  });
  return getReview(db, viewer, groupId, reviewId);
}

const closeJobSchema = z.object({ reviewId: z.uuid() });

/**
 * The `group-review-close` job: closes a review whose time is up, once — removing its member when the
 * votes say so (`reviewRemoves`) — and tells the member the outcome.
 * @returns the outcome, or null when there was nothing to close
 */
export async function closeReview(db: Executor, data: unknown): Promise<"removed" | "kept" | null> {
  const job = closeJobSchema.safeParse(data);
  if (!job.success) return null;
  return inTransaction(db, async (tx) => {
    const [review] = await queryRows<{
      id: string;
      groupId: string;
      memberId: string;
      quorum: number;
      groupName: string;
      remove: number;
      keep: number;
      established: number;
    }>(
      tx,
      sql`select r.id, r.group_id as "groupId", r.member_id as "memberId", r.quorum, g.name as "groupName",
                 (select count(*)::int from group_review_votes v where v.review_id = r.id and v.vote = 'remove') as remove,
                 (select count(*)::int from group_review_votes v where v.review_id = r.id and v.vote = 'keep') as keep,
                 (select count(*)::int from group_review_votes v where v.review_id = r.id and v.established) as established
          from group_reviews r join groups g on g.id = r.group_id
          where r.id = ${job.data.reviewId} and r.status = 'open' and r.closes_at <= now()
          for update of r`,
    );
    if (!review) return null;
    const outcome = reviewRemoves(review, review.quorum) ? "removed" : "kept";
    await tx.execute(
      sql`update group_reviews set status = ${outcome}, closed_at = now() where id = ${review.id}`,
    );
    const params = { group: review.groupName };
    let told: Message = msg("The review of your membership in {{group}} has closed: you stay a member.");
    if (outcome === "removed") {
      await tx.execute(
        sql`update group_members set status = 'removed', removed_reason = ${"Removed after a membership review"}
            where group_id = ${review.groupId} and user_id = ${review.memberId} and role <> 'owner'`,
      );
      told = msg("The review of your membership in {{group}} has closed: the members voted to remove you.");
    }
    await tell(
      tx,
      review.memberId,
      review.groupId,
      told,
      params,
      `/groups/${review.groupId}/reviews/${review.id}`,
    );
    return outcome;
  });
}
