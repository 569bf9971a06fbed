/**
 * The review queue's routes (docs/decisions/020 "The queue"): for site admins and for groups' owners
 * and moderators, who see their groups' part. Each text's owner says what a decision does
 * (`HeldTextOwners`, from the route plugin).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema, pageQuerySchema } from "../../../contract/common";
import {
  decisionSchema,
  moderationLogEntrySchema,
  moderationQueueSchema,
} from "../../../contract/moderation";
import { requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import { DEFAULT_PAGE_SIZE, decodeNewestCursor, sendPage } from "../../pagination";
import { decide, type HeldTextOwners, listLog, listQueue } from "./queue";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Registers the routes; the caller's scope already requires a signed-in user. */
export function registerModerationRoutes(
  app: FastifyInstance,
  { db, owners }: { db: Db; owners: HeldTextOwners },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/moderation/queue",
    {
      schema: {
        tags: ["moderation"],
        summary:
          "The review queue, oldest first: held and flagged texts (admins: all; a group's owner and moderators: " +
          "their group's), open reports and new accounts with signals (admins)",
        response: { 200: moderationQueueSchema, ...errors },
      },
    },
    async (request) => listQueue(db, requireActor(request)),
  );
  r.post(
    "/api/moderation/items/:id/decision",
    {
      schema: {
        tags: ["moderation"],
        summary:
          "Let a held text through (it lands now) or remove it (its near-copies are held from now on); " +
          "a flagged text is dismissed or removed",
        params: idParamsSchema,
        body: decisionSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await decide(db, requireActor(request), request.params.id, request.body.action, owners);
      return reply.status(204).send(null);
    },
  );
  r.get(
    "/api/moderation/log",
    {
      schema: {
        tags: ["moderation"],
        summary: "Who did what in moderation, newest first (cursor pages, Link header)",
        querystring: pageQuerySchema,
        response: { 200: z.array(moderationLogEntrySchema), ...errors },
      },
    },
    async (request, reply) => {
      const { limit = DEFAULT_PAGE_SIZE, cursor } = request.query;
      const rows = await listLog(db, requireActor(request), {
        limit,
        cursor: decodeNewestCursor(cursor, request),
      });
      return sendPage(request, reply, rows, limit, (row) => ({
        createdAt: new Date(row.createdAt),
        id: row.id,
      }));
    },
  );
}
