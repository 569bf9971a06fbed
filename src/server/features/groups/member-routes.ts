/**
 * A group's members (docs/features/groups.md points 2 and 4): the member list, roles and removals.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { doneSchema, errorResponses, idParamsSchema, pageQuerySchema } from "../../../contract/common";
import {
  changeRoleSchema,
  groupMemberSchema,
  groupUserParamsSchema,
  moderationReasonSchema,
} from "../../../contract/groups";
import { requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import { DEFAULT_PAGE_SIZE, decodeCursor, sendPage } from "../../pagination";
import { changeRole, listMembers, removeMember } from "./members";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Registers the routes of a group's members. */
export function registerGroupMemberRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/groups/:id/members",
    {
      schema: {
        tags: ["groups"],
        summary: "The group's members, oldest first (to its members)",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(groupMemberSchema), ...errors },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? DEFAULT_PAGE_SIZE;
      const rows = await listMembers(db, requireActor(request), request.params.id, {
        limit,
        cursor: decodeCursor(request.query.cursor, request),
      });
      const page = sendPage(request, reply, rows, limit, (row) => row.cursor);
      return page.map(({ cursor: _, ...member }) => member);
    },
  );
  registerMemberChangeRoutes(app, { db });
}

/** A member's role changed, and a member removed. */
function registerMemberChangeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    "/api/groups/:id/members/:userId",
    {
      schema: {
        tags: ["groups"],
        summary: "Make a member a moderator, or a moderator a member (the owner)",
        params: groupUserParamsSchema,
        body: changeRoleSchema,
        response: { 200: doneSchema, ...errors },
      },
    },
    async (request) => {
      await changeRole(
        db,
        requireActor(request),
        request.params.id,
        request.params.userId,
        request.body.role,
      );
      return { ok: true as const };
    },
  );

  r.post(
    "/api/groups/:id/members/:userId/removal",
    {
      schema: {
        tags: ["groups"],
        summary: "Remove a member, who is told the reason (owner and moderators)",
        params: groupUserParamsSchema,
        body: moderationReasonSchema,
        response: { 200: doneSchema, ...errors },
      },
    },
    async (request) => {
      await removeMember(
        db,
        requireActor(request),
        request.params.id,
        request.params.userId,
        request.body.reason,
      );
      return { ok: true as const };
    },
  );
}
