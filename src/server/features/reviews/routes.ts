/** Review endpoints (spec §7 `GET /api/reviews/pending`, `POST /api/reviews`; docs/DESIGN.md §4). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../../contract/common";
import { createReviewSchema, pendingReviewSchema, reviewSchema } from "../../../contract/reviews";
import { requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import { createReview, listPendingReviews } from "./service";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema };

/** Registers the review routes; the caller's scope already requires a signed-in user. */
export function registerReviewRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/reviews/pending",
    {
      schema: {
        tags: ["reviews"],
        summary: "The reviews the signed-in user owes",
        response: { 200: z.array(pendingReviewSchema), 401: errorSchema },
      },
    },
    async (request) => listPendingReviews(db, requireActor(request)),
  );
  r.post(
    "/api/reviews",
    {
      schema: {
        tags: ["reviews"],
        summary: "Review the other party of a completed exchange (only an owed review)",
        body: createReviewSchema,
        response: { 201: reviewSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReview(db, requireActor(request), request.body)),
  );
}
