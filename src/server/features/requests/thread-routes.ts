/**
 * A request's thread (spec §6; docs/features/handover.md): its messages, their photos, and the offline
 * pickup pass.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, idParamsSchema, pageQuerySchema } from "../../../contract/common";
import {
  createMessageSchema,
  MESSAGE_PAGE_SIZE,
  messageSchema,
  pickupPassSchema,
} from "../../../contract/requests";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { decodeCursor, sendPage } from "../../pagination";
import type { ObjectStorage } from "../../storage/storage";
import { openThreadPhoto } from "./photos";
import { getPickupPass, listMessages, postMessage } from "./service";

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Registers the thread routes; the caller's scope already requires a signed-in user. */
export function registerThreadRoutes(
  app: FastifyInstance,
  { db, config, storage }: { db: Db; config: Config; storage: ObjectStorage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/requests/:id/messages",
    {
      schema: {
        tags: ["requests"],
        summary: "Older messages of a thread, newest first (participants only; 404 for anyone else)",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(messageSchema), ...errors },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? MESSAGE_PAGE_SIZE;
      const rows = await listMessages(db, requireActor(request), request.params.id, {
        limit,
        cursor: decodeCursor(request.query.cursor, request),
      });
      return sendPage(request, reply, rows, limit, (row) => ({
        createdAt: new Date(row.createdAt),
        id: row.id,
      }));
    },
  );

  r.post(
    "/api/requests/:id/messages",
    {
      schema: {
        tags: ["requests"],
        summary:
          "Write in a thread, send a quick reply, or send a photo with a caption (participants only; closed once declined or cancelled)",
        params: idParamsSchema,
        body: createMessageSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const message = await postMessage(
        db,
        requireActor(request),
        request.params.id,
        request.body,
        { messagesPerMinute: config.rateLimits.messagesPerMinute, newcomer: config.newcomerLimits },
        storage,
      );
      return reply.status(201).send(message);
    },
  );
  registerPassAndPhotoRoutes(app, { db, config, storage });
}

/** A request's pickup pass, and the photos sent in its thread. */
function registerPassAndPhotoRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; config: Config; storage: ObjectStorage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/requests/:id/pass",
    {
      schema: {
        tags: ["requests"],
        summary:
          "The accepted eater's pickup pass: the code, the meal, the window and the pickup details (the eater only; 404 for anyone else, 409 before acceptance)",
        params: idParamsSchema,
        response: { 200: pickupPassSchema, ...errors },
      },
    },
    async (request) => getPickupPass(db, requireActor(request), request.params.id),
  );

  r.get(
    "/api/requests/:id/photos/:file",
    {
      schema: {
        tags: ["requests"],
        summary:
          "A photo sent in the thread, `{photoId}.webp` or `{photoId}-400.webp` (participants only; 404 for anyone else)",
        params: idParamsSchema.extend({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const viewer = requireActor(request);
      const object = await openThreadPhoto(db, storage, viewer, request.params.id, request.params.file);
      // Never in a shared cache: only the two participants may have it.
      return reply
        .type("image/webp")
        .header("Content-Length", object.size)
        .header("Cache-Control", "private, max-age=86400")
        .send(object.stream);
    },
  );
}
