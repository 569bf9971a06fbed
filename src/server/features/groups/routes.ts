/** `/api/groups` and `/api/invites` (docs/features/groups.md; docs/DESIGN.md §4 "Groups"). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, idParamsSchema } from "../../../contract/common";
import {
  createGroupSchema,
  groupDetailSchema,
  groupListQuerySchema,
  groupSummarySchema,
  updateGroupSchema,
} from "../../../contract/groups";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { DEFAULT_PAGE_SIZE, decodeCursor, sendPage } from "../../pagination";
import { registerGroupApplicationRoutes } from "./application-routes";
import { registerGroupInviteRoutes } from "./invite-routes";
import { registerGroupJoiningRoutes } from "./joining-routes";
import { registerGroupMemberRoutes } from "./member-routes";
import { registerGroupModerationRoutes } from "./moderation-routes";
import { registerGroupReviewRoutes } from "./review-routes";
import { createGroup, getGroupDetail, listGroups, updateGroup } from "./service";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Registers the group routes; the caller's scope already requires a signed-in user. */
export function registerGroupRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  // Joining, applications, members, moderation and invitations are resources of their own.
  registerGroupJoiningRoutes(app, { db });
  registerGroupApplicationRoutes(app, { db });
  registerGroupMemberRoutes(app, { db });
  registerGroupModerationRoutes(app, { db });
  registerGroupInviteRoutes(app, { db, config });
  registerGroupReviewRoutes(app, { db });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/groups",
    {
      schema: {
        tags: ["groups"],
        summary:
          "Listed groups newest first, searched by name and description; with mine=true the viewer's groups",
        querystring: groupListQuerySchema,
        response: { 200: z.array(groupSummarySchema), ...errors },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? DEFAULT_PAGE_SIZE;
      const rows = await listGroups(db, requireActor(request), {
        q: request.query.q,
        mine: request.query.mine,
        limit,
        cursor: decodeCursor(request.query.cursor, request),
      });
      const page = sendPage(request, reply, rows, limit, (row) => ({
        createdAt: row.createdAtDate,
        id: row.id,
      }));
      return page.map(({ createdAtDate: _, ...group }) => group);
    },
  );

  r.post(
    "/api/groups",
    {
      schema: {
        tags: ["groups"],
        summary: "Start a group, as its owner",
        body: createGroupSchema,
        response: { 201: groupDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createGroup(db, requireActor(request), request.body, config.newcomerLimits)),
  );
  registerOneGroupRoutes(app, { db, config });
}

/** One group: read and edited. */
function registerOneGroupRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/groups/:id",
    {
      schema: {
        tags: ["groups"],
        summary: "A group's page (404 for a hidden group to anyone outside it)",
        params: idParamsSchema,
        response: { 200: groupDetailSchema, ...errors },
      },
    },
    async (request) => getGroupDetail(db, requireActor(request), request.params.id),
  );

  r.put(
    "/api/groups/:id",
    {
      schema: {
        tags: ["groups"],
        summary: "Change a group's settings (its owner); new rules are accepted again by every member",
        params: idParamsSchema,
        body: updateGroupSchema,
        response: { 200: groupDetailSchema, ...errors },
      },
    },
    async (request) =>
      updateGroup(db, requireActor(request), request.params.id, request.body, config.newcomerLimits),
  );
}
