/**
 * Joining and leaving a group, accepting its rules, and handing it to another owner
 * (docs/features/groups.md points 1 and 4).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { doneSchema, errorResponses, idParamsSchema } from "../../../contract/common";
import {
  acceptRulesSchema,
  groupDetailSchema,
  joinGroupSchema,
  transferOwnershipSchema,
} from "../../../contract/groups";
import { requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import { transferOwnership } from "./members";
import { acceptRules, joinGroup, leaveGroup } from "./service";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Registers the routes of the viewer's own membership. */
export function registerGroupJoiningRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/groups/:id/join",
    {
      schema: {
        tags: ["groups"],
        summary:
          "Join an open group, or an email-domain group with a verified address there, accepting its rules",
        params: idParamsSchema,
        body: joinGroupSchema,
        response: { 200: groupDetailSchema, ...errors },
      },
    },
    async (request) =>
      joinGroup(
        db,
        requireActor(request),
        requireActor(request),
        request.params.id,
        request.body.rulesVersion,
      ),
  );

  r.post(
    "/api/groups/:id/rules/accept",
    {
      schema: {
        tags: ["groups"],
        summary: "Accept a group's current rules again after they changed",
        params: idParamsSchema,
        body: acceptRulesSchema,
        response: { 200: groupDetailSchema, ...errors },
      },
    },
    async (request) => acceptRules(db, requireActor(request), request.params.id, request.body.rulesVersion),
  );
  registerMembershipRoutes(app, { db });
}

/** Leaving a group, and handing it to another owner. */
function registerMembershipRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.delete(
    "/api/groups/:id/membership",
    {
      schema: {
        tags: ["groups"],
        summary: "Leave a group (its owner hands it over first)",
        params: idParamsSchema,
        response: { 200: doneSchema, ...errors },
      },
    },
    async (request) => {
      await leaveGroup(db, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.put(
    "/api/groups/:id/owner",
    {
      schema: {
        tags: ["groups"],
        summary: "Hand the group over to another member (the owner, who stays as a moderator)",
        params: idParamsSchema,
        body: transferOwnershipSchema,
        response: { 200: groupDetailSchema, ...errors },
      },
    },
    async (request) => transferOwnership(db, requireActor(request), request.params.id, request.body.userId),
  );
}
