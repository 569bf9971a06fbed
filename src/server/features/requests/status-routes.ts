/**
 * A request's moves (spec §6; docs/DESIGN.md §4 transition table): a status change by either side,
 * the eater's answer to changed terms, and the cook's pickup code — each through move.ts.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses, idParamsSchema } from "../../../contract/common";
import {
  answerTermsSchema,
  pickupCodeSchema,
  requestSchema,
  updateStatusSchema,
} from "../../../contract/requests";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { submitPickupCode } from "./pickup";
import { getRequestRow } from "./service";
import { answerTermsChange, changeRequestStatus } from "./status";

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Registers the routes that move a request; the caller's scope already requires a signed-in user. */
export function registerRequestStatusRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    "/api/requests/:id/status",
    {
      schema: {
        tags: ["requests"],
        summary:
          "Move a request along the docs/DESIGN.md §4 transition table: accept (with `portions` to take fewer), " +
          "decline, cancel, take up a waiting-list offer (accepted), say the pickup happened (completed: done " +
          "when both sides have), or report a no-show with its `reason`",
        params: idParamsSchema,
        body: updateStatusSchema,
        response: { 200: requestSchema, ...errors },
      },
    },
    async (request) => {
      const { status, portions, reason } = request.body;
      return changeRequestStatus(
        db,
        requireActor(request),
        request.params.id,
        status,
        { portions, reason },
        config.freeMealsPer28Days,
        config.payments ? { settings: config.payments, currency: config.currency } : undefined,
      );
    },
  );
  registerTermsAndCodeRoutes(app, { db, config });
}

/** Answers to changed terms, and the pickup code. */
function registerTermsAndCodeRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/requests/:id/terms",
    {
      schema: {
        tags: ["requests"],
        summary:
          "The eater answers a change the cook made to the terms they agreed to (docs/features/exchange.md " +
          '"Terms agreed are kept"): `kept` takes the new terms, `gave_up` ends the request on nobody\'s record',
        params: idParamsSchema,
        body: answerTermsSchema,
        response: { 200: requestSchema, ...errors },
      },
    },
    async (request) => {
      const member = requireActor(request);
      await answerTermsChange(db, member, request.params.id, request.body.answer);
      return getRequestRow(db, member.id, request.params.id);
    },
  );

  r.post(
    "/api/requests/:id/pickup-code",
    {
      schema: {
        tags: ["requests"],
        summary:
          "The feeder (the meal's owner) enters the eater's 4-digit pickup code: right, and the request is completed; five wrong " +
          "codes lock it for 10 minutes (429 with Retry-After); a right code more than two hours before the window " +
          "is asked about (409 early_pickup) until sent again with early: true",
        params: idParamsSchema,
        body: pickupCodeSchema,
        response: { 200: requestSchema, ...errors },
      },
    },
    async (request) =>
      submitPickupCode(db, requireActor(request), request.params.id, request.body.code, request.body.early),
  );
}
