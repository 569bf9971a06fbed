/** Request endpoints (spec §7; DESIGN.md §4 "Requests"). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import {
  createMessageSchema,
  createRequestSchema,
  messageSchema,
  requestDetailSchema,
  requestListQuerySchema,
  requestSchema,
  updateStatusSchema,
} from "../../../contract/requests";
import { requireUser } from "../../auth/users";
import type { Db } from "../../db/client";
import { DEFAULT_PAGE_SIZE, decodeCursor, sendPage } from "../../pagination";
import {
  changeRequestStatus,
  createRequest,
  getRequestDetail,
  type ListedRequest,
  listRequests,
  postMessage,
} from "./service";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Registers the request routes; the caller's scope already requires a signed-in user. */
export function registerRequestRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/requests",
    {
      schema: {
        tags: ["requests"],
        summary: "Request one portion of a meal",
        body: createRequestSchema,
        response: { 201: requestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createRequest(db, requireUser(request), request.body);
      return reply.status(201).send(created);
    },
  );

  r.get(
    "/api/requests",
    {
      schema: {
        tags: ["requests"],
        summary: "Incoming (for my meals) or outgoing (sent by me) requests, newest first",
        querystring: requestListQuerySchema,
        response: { 200: z.array(requestSchema), ...errors },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? DEFAULT_PAGE_SIZE;
      const rows = await listRequests(db, requireUser(request), {
        type: request.query.type,
        limit,
        cursor: decodeCursor(request.query.cursor),
      });
      return sendPage(request, reply, rows, limit, (row: ListedRequest) => ({
        createdAt: row.createdAtDate,
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
    async (request) => getRequestDetail(db, requireUser(request), request.params.id),
  );

  r.post(
    "/api/requests/:id/messages",
    {
      schema: {
        tags: ["requests"],
        summary: "Write in a thread (participants only; closed once declined or cancelled)",
        params: idParamsSchema,
        body: createMessageSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const message = await postMessage(db, requireUser(request), request.params.id, request.body.body);
      return reply.status(201).send(message);
    },
  );

  r.put(
    "/api/requests/:id/status",
    {
      schema: {
        tags: ["requests"],
        summary: "Move a request along the DESIGN.md §4 transition table",
        params: idParamsSchema,
        body: updateStatusSchema,
        response: { 200: requestSchema, ...errors },
      },
    },
    async (request) => changeRequestStatus(db, requireUser(request), request.params.id, request.body.status),
  );
}
