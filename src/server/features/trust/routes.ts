/**
 * Trust's routes (docs/decisions/020): the member's own level with what it lifts, and a vouch for a
 * member one completed an exchange with.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import { type MessageParams, messageKey } from "../../../contract/messages";
import {
  NEWCOMER_LIMITS,
  type NewcomerLimit,
  newcomerLimitText,
  ownTrustSchema,
  vouchSchema,
} from "../../../contract/trust";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { actingLevel, trustOf, vouchFor } from "./service";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema };

/** Registers the routes; the caller's scope already requires a signed-in user. */
export function registerTrustRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/user/trust",
    {
      schema: {
        tags: ["trust"],
        summary: "Your level (newcomer, neighbour or trusted), what it rests on, and the newcomer limits",
        response: { 200: ownTrustSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const [own, level] = await Promise.all([trustOf(db, actor.id), actingLevel(db, actor)]);
      const limits = config.newcomerLimits;
      const notes = Object.fromEntries(
        NEWCOMER_LIMITS.map((limit) => [limit, messageKey(newcomerLimitText(limit, limits[limit]))]),
      ) as Record<NewcomerLimit, { key: string; params: MessageParams }>;
      return { ...own, level, newcomerLimits: limits, notes };
    },
  );
  r.put(
    "/api/users/:id/vouch",
    {
      schema: {
        tags: ["trust"],
        summary:
          "Vouch for a member you completed an exchange with (trusted members only; three a week): " +
          "a vouch and exchanges with three people make a member trusted",
        params: idParamsSchema,
        response: { 200: vouchSchema, ...errors },
      },
    },
    async (request) => vouchFor(db, requireActor(request), request.params.id),
  );
}
