/**
 * A meal's waiting list (docs/features/households.md point 2): joining and leaving it; the caller's
 * scope already requires a signed-in user. Offers and their lapse are jobs (waitlist.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import { joinWaitlistSchema, myWaitlistPlaceSchema } from "../../../contract/meals";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { joinWaitlist, leaveWaitlist } from "./waitlist";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Registers `POST` and `DELETE /api/meals/{id}/waitlist`. */
export function registerWaitlistRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/meals/:id/waitlist",
    {
      schema: {
        tags: ["meals"],
        summary:
          "Wait for portions of a meal that has too few left: the first in line whose number fits is offered " +
          "them when they come back (docs/features/households.md)",
        params: idParamsSchema,
        body: joinWaitlistSchema,
        response: { 200: myWaitlistPlaceSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) =>
      joinWaitlist(
        db,
        requireActor(request),
        request.params.id,
        request.body.portions,
        config.freeMealsPer28Days,
      ),
  );

  r.delete(
    "/api/meals/:id/waitlist",
    {
      schema: {
        tags: ["meals"],
        summary: "Leave a meal's waiting list",
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await leaveWaitlist(db, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
