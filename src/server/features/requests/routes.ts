/**
 * Request endpoints (spec §7; docs/DESIGN.md §4 "Requests"; docs/features/households.md: portions,
 * the pickup code, no-shows).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import {
  answerTermsSchema,
  createRequestSchema,
  pickupCodeSchema,
  requestDetailSchema,
  requestListQuerySchema,
  requestSchema,
  threadListQuerySchema,
  threadSummarySchema,
  updateStatusSchema,
} from "../../../contract/requests";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { DEFAULT_PAGE_SIZE, decodeCursor, sendPage } from "../../pagination";
import type { ObjectStorage } from "../../storage/storage";
import { submitPickupCode } from "./pickup";
import { createRequest, getRequestDetail, getRequestRow, type ListedRequest, listRequests } from "./service";
import { answerTermsChange, changeRequestStatus } from "./status";
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
  // A meal's waiting list and a request's thread are resources of their own.
  registerWaitlistRoutes(app, { db, config });
  registerThreadRoutes(app, { db, config, storage });
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
      const created = await createRequest(db, requireActor(request), request.body, config.freeMealsPer28Days);
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
      );
    },
  );

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
