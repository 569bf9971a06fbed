/**
 * A group's membership reviews (docs/decisions/020 "Membership review"): asking for one, reading the
 * open ones and one review, voting, and the member's answer; the caller's scope requires a signed-in
 * user.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import {
  askReviewSchema,
  groupReviewSchema,
  reviewAnswerSchema,
  reviewVoteSchema,
} from "../../../contract/group-reviews";
import { requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import { answerReview, askReview, getReview, listOpenReviews, voteInReview } from "./reviews";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const reviewParams = idParamsSchema.extend({ reviewId: z.uuid() });

/** Registers the review routes. */
export function registerGroupReviewRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/groups/:id/reviews",
    {
      schema: {
        tags: ["groups"],
        summary:
          "Ask for a review of a member's membership, with a reason: the member is told and may answer; the " +
          "group's trusted members and moderators vote for 7 days",
        params: idParamsSchema,
        body: askReviewSchema,
        response: { 201: groupReviewSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await askReview(db, requireActor(request), request.params.id, request.body)),
  );
  r.get(
    "/api/groups/:id/reviews",
    {
      schema: {
        tags: ["groups"],
        summary: "The group's open membership reviews, newest first (its members)",
        params: idParamsSchema,
        response: { 200: z.array(groupReviewSchema), ...errors },
      },
    },
    async (request) => listOpenReviews(db, requireActor(request), request.params.id),
  );
  r.get(
    "/api/groups/:id/reviews/:reviewId",
    {
      schema: {
        tags: ["groups"],
        summary: "One membership review: the reason, the answer, the votes cast (counts once closed)",
        params: reviewParams,
        response: { 200: groupReviewSchema, ...errors },
      },
    },
    async (request) => getReview(db, requireActor(request), request.params.id, request.params.reviewId),
  );
  registerReviewResponseRoutes(app, { db });
}

/** Votes on a group review, and the answer to it. */
function registerReviewResponseRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    "/api/groups/:id/reviews/:reviewId/vote",
    {
      schema: {
        tags: ["groups"],
        summary:
          "Vote to remove or keep the member (the group's trusted members and moderators), while it is open",
        params: reviewParams,
        body: reviewVoteSchema,
        response: { 200: groupReviewSchema, ...errors },
      },
    },
    async (request) =>
      voteInReview(db, requireActor(request), request.params.id, request.params.reviewId, request.body.vote),
  );
  r.put(
    "/api/groups/:id/reviews/:reviewId/answer",
    {
      schema: {
        tags: ["groups"],
        summary: "The member under review answers, while it is open",
        params: reviewParams,
        body: reviewAnswerSchema,
        response: { 200: groupReviewSchema, ...errors },
      },
    },
    async (request) =>
      answerReview(
        db,
        requireActor(request),
        request.params.id,
        request.params.reviewId,
        request.body.answer,
      ),
  );
}
