/**
 * Invitations to a group (docs/features/groups.md point 2): made, listed and revoked by its
 * moderators, previewed and taken up by the invited.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { doneSchema, errorResponses, errorSchema, idParamsSchema } from "../../../contract/common";
import {
  createInviteSchema,
  groupInviteSchema,
  groupItemParamsSchema,
  invitePreviewSchema,
  inviteTokenParamsSchema,
  joinGroupSchema,
} from "../../../contract/groups";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { acceptInvite, createInvite, listInvites, previewInvite, revokeInvite } from "./invites";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Registers the invitation routes. */
export function registerGroupInviteRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/groups/:id/invites",
    {
      schema: {
        tags: ["groups"],
        summary: "The group's invite links newest first, without their tokens (owner and moderators)",
        params: idParamsSchema,
        response: { 200: z.array(groupInviteSchema), ...errors },
      },
    },
    async (request) => listInvites(db, requireActor(request), request.params.id),
  );

  r.post(
    "/api/groups/:id/invites",
    {
      schema: {
        tags: ["groups"],
        summary: "Make an invite link lasting 1, 7 or 30 days; its URL is in this answer only",
        params: idParamsSchema,
        body: createInviteSchema,
        response: { 201: groupInviteSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createInvite(
            db,
            requireActor(request),
            request.params.id,
            request.body.days,
            config.publicUrl,
          ),
        ),
  );

  r.delete(
    "/api/groups/:id/invites/:itemId",
    {
      schema: {
        tags: ["groups"],
        summary: "Revoke an invite link",
        params: groupItemParamsSchema,
        response: { 200: doneSchema, ...errors },
      },
    },
    async (request) => {
      await revokeInvite(db, requireActor(request), request.params.id, request.params.itemId);
      return { ok: true as const };
    },
  );
  registerInviteAcceptRoutes(app, { db, config });
}

/** An invite link opened and accepted. */
function registerInviteAcceptRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/invites/:token",
    {
      schema: {
        tags: ["groups"],
        summary: "The group an invite link opens, with its rules (410 expired or revoked)",
        params: inviteTokenParamsSchema,
        response: { 200: invitePreviewSchema, 410: errorSchema, ...errors },
      },
    },
    async (request) => previewInvite(db, requireActor(request), request.params.token),
  );

  r.post(
    "/api/invites/:token/accept",
    {
      schema: {
        tags: ["groups"],
        summary: "Join the group by its invite link, accepting its current rules",
        params: inviteTokenParamsSchema,
        body: joinGroupSchema,
        response: { 200: z.object({ groupId: z.uuid() }), 410: errorSchema, ...errors },
      },
    },
    async (request) =>
      acceptInvite(db, requireActor(request), request.params.token, request.body.rulesVersion),
  );
}
