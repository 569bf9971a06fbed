/**
 * Request endpoints (spec §7; docs/DESIGN.md §4 "Requests"): asking, the lists and one request; the
 * thread (thread-routes.ts), the moves (status-routes.ts) and the waiting list (waitlist-routes.ts)
 * register through here.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import {
  createRequestSchema,
  requestDetailSchema,
  requestListQuerySchema,
  requestSchema,
  threadListQuerySchema,
  threadSummarySchema,
} from "../../../contract/requests";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { DEFAULT_PAGE_SIZE, decodeCursor, sendPage } from "../../pagination";
import type { ObjectStorage } from "../../storage/storage";
import { registerRequestPaymentRoutes } from "./payment-routes";
import { createRequest, getRequestDetail, type ListedRequest, listRequests } from "./service";
import { registerRequestStatusRoutes } from "./status-routes";

export { registerStripeWebhook } from "./payment-routes";

import { registerThreadRoutes } from "./thread-routes";
import { type ListedThread, listThreads } from "./threads";
import { registerWaitlistRoutes } from "./waitlist-routes";

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

/** Registers the request routes; the caller's scope already requires a signed-in user. */
export function registerRequestRoutes(
  app: FastifyInstance,
  { db, config, storage }: { db: Db; config: Config; storage: ObjectStorage },
) {
  // A meal's waiting list, a request's thread and its moves are resources of their own.
  registerWaitlistRoutes(app, { db, config });
  registerThreadRoutes(app, { db, config, storage });
  registerRequestStatusRoutes(app, { db, config });
  if (config.payments) registerRequestPaymentRoutes(app, { db, config });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/requests",
    {
      schema: {
        tags: ["requests"],
        summary: "Request portions of a meal (1 unless `portions` says more, up to those left)",
        body: createRequestSchema,
        response: { 201: requestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createRequest(db, requireActor(request), request.body, {
        freeMealsPer28Days: config.freeMealsPer28Days,
        newcomerLimits: config.newcomerLimits,
        cardPayments: config.payments !== undefined,
      });
      return reply.status(201).send(created);
    },
  );

  r.get(
    "/api/requests",
    {
      schema: {
        tags: ["requests"],
        summary:
          "Incoming (for my meals, as their feeder) or outgoing (sent by me, as eater) requests, newest first",
        querystring: requestListQuerySchema,
        response: { 200: z.array(requestSchema), ...errors },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? DEFAULT_PAGE_SIZE;
      const rows = await listRequests(db, requireActor(request), {
        type: request.query.type,
        limit,
        cursor: decodeCursor(request.query.cursor, request),
      });
      return sendPage(request, reply, rows, limit, (row: ListedRequest) => ({
        createdAt: row.createdAtDate,
        id: row.id,
      }));
    },
  );
  registerThreadListRoutes(app, { db, config, storage });
}

/** The member's threads, and one request with its thread. */
function registerThreadListRoutes(
  app: FastifyInstance,
  { db }: { db: Db; config: Config; storage: ObjectStorage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/threads",
    {
      schema: {
        tags: ["requests"],
        summary:
          "The Messages view: every thread I am in, as eater or feeder, by its newest message first, with the " +
          "other person, the meal, the last thing said and the thread's unread notifications",
        querystring: threadListQuerySchema,
        response: { 200: z.array(threadSummarySchema), ...errors },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? DEFAULT_PAGE_SIZE;
      const rows = await listThreads(db, requireActor(request), {
        limit,
        cursor: decodeCursor(request.query.cursor, request),
      });
      return sendPage(request, reply, rows, limit, (row: ListedThread) => ({
        createdAt: row.activityAt,
        id: row.id,
      }));
    },
  );

  r.get(
    "/api/requests/:id",
    {
      schema: {
        tags: ["requests"],
        summary: "One request with its thread (participants only; 404 for anyone else)",
        params: idParamsSchema,
        response: { 200: requestDetailSchema, ...errors },
      },
    },
    async (request) => getRequestDetail(db, requireActor(request), request.params.id),
  );
}
