/** `/api/groups` and `/api/invites` (docs/features/groups.md; docs/DESIGN.md §4 "Groups"). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema, pageQuerySchema } from "../../../contract/common";
import {
  acceptRulesSchema,
  applyToGroupSchema,
  changeRoleSchema,
  createGroupSchema,
  createInviteSchema,
  decideApplicationSchema,
  groupApplicationSchema,
  groupDetailSchema,
  groupInviteSchema,
  groupItemParamsSchema,
  groupListQuerySchema,
  groupMemberSchema,
  groupReportSchema,
  groupSummarySchema,
  groupUserParamsSchema,
  invitePreviewSchema,
  inviteTokenParamsSchema,
  joinGroupSchema,
  moderationReasonSchema,
  transferOwnershipSchema,
  updateGroupSchema,
} from "../../../contract/groups";
import { displayName, requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { DEFAULT_PAGE_SIZE, decodeCursor, sendPage } from "../../pagination";
import { acceptInvite, createInvite, listInvites, previewInvite, revokeInvite } from "./invites";
import {
  acceptRules,
  applyToGroup,
  changeRole,
  createGroup,
  decideApplication,
  getGroupDetail,
  joinGroup,
  leaveGroup,
  listApplications,
  listGroupReports,
  listGroups,
  listMembers,
  removeMember,
  takeMealOut,
  transferOwnership,
  updateGroup,
  withdrawApplication,
} from "./service";

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const done = z.object({ ok: z.literal(true) });

/** Registers the group routes; the caller's scope already requires a signed-in user. */
export function registerGroupRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewerOf = requireActor;

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
      const rows = await listGroups(db, viewerOf(request), {
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
      reply.status(201).send(await createGroup(db, requireActor(request), request.body)),
  );

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
    async (request) => getGroupDetail(db, viewerOf(request), request.params.id),
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
    async (request) => updateGroup(db, viewerOf(request), request.params.id, request.body),
  );

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
      joinGroup(db, requireActor(request), viewerOf(request), request.params.id, request.body.rulesVersion),
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
    async (request) => acceptRules(db, viewerOf(request), request.params.id, request.body.rulesVersion),
  );

  r.delete(
    "/api/groups/:id/membership",
    {
      schema: {
        tags: ["groups"],
        summary: "Leave a group (its owner hands it over first)",
        params: idParamsSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await leaveGroup(db, viewerOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/groups/:id/applications",
    {
      schema: {
        tags: ["groups"],
        summary:
          "Apply to a group that takes members by application: its questions answered, its rules accepted",
        params: idParamsSchema,
        body: applyToGroupSchema,
        response: { 201: z.object({ id: z.uuid() }), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireActor(request);
      const created = await applyToGroup(
        db,
        { ...viewerOf(request), name: displayName(user) },
        request.params.id,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  r.delete(
    "/api/groups/:id/applications/mine",
    {
      schema: {
        tags: ["groups"],
        summary: "Withdraw one's waiting application",
        params: idParamsSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await withdrawApplication(db, viewerOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    "/api/groups/:id/applications",
    {
      schema: {
        tags: ["groups"],
        summary: "Applications waiting, oldest first (owner and moderators)",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(groupApplicationSchema), ...errors },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? DEFAULT_PAGE_SIZE;
      const rows = await listApplications(db, viewerOf(request), request.params.id, {
        limit,
        cursor: decodeCursor(request.query.cursor, request),
      });
      const page = sendPage(request, reply, rows, limit, (row) => ({
        createdAt: row.createdAtDate,
        id: row.id,
      }));
      return page.map(({ createdAtDate: _, ...application }) => application);
    },
  );

  r.put(
    "/api/groups/:id/applications/:itemId",
    {
      schema: {
        tags: ["groups"],
        summary: "Approve or decline an application, with a message (owner and moderators)",
        params: groupItemParamsSchema,
        body: decideApplicationSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await decideApplication(db, viewerOf(request), request.params.id, request.params.itemId, request.body);
      return { ok: true as const };
    },
  );

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
      const rows = await listMembers(db, viewerOf(request), request.params.id, {
        limit,
        cursor: decodeCursor(request.query.cursor, request),
      });
      const page = sendPage(request, reply, rows, limit, (row) => row.cursor);
      return page.map(({ cursor: _, ...member }) => member);
    },
  );

  r.put(
    "/api/groups/:id/members/:userId",
    {
      schema: {
        tags: ["groups"],
        summary: "Make a member a moderator, or a moderator a member (the owner)",
        params: groupUserParamsSchema,
        body: changeRoleSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await changeRole(db, viewerOf(request), request.params.id, request.params.userId, request.body.role);
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
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await removeMember(
        db,
        viewerOf(request),
        request.params.id,
        request.params.userId,
        request.body.reason,
      );
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
    async (request) => transferOwnership(db, viewerOf(request), request.params.id, request.body.userId),
  );

  r.post(
    "/api/groups/:id/meals/:itemId/removal",
    {
      schema: {
        tags: ["groups"],
        summary: "Take a meal out of the group; a members-only one is switched off (owner and moderators)",
        params: groupItemParamsSchema,
        body: moderationReasonSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await takeMealOut(db, viewerOf(request), request.params.id, request.params.itemId, request.body.reason);
      return { ok: true as const };
    },
  );

  r.get(
    "/api/groups/:id/reports",
    {
      schema: {
        tags: ["groups"],
        summary:
          "Open reports about the group's meals and members, without who reported (owner and moderators)",
        params: idParamsSchema,
        response: { 200: z.array(groupReportSchema), ...errors },
      },
    },
    async (request) => listGroupReports(db, viewerOf(request), request.params.id),
  );

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
    async (request) => listInvites(db, viewerOf(request), request.params.id),
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
          await createInvite(db, viewerOf(request), request.params.id, request.body.days, config.publicUrl),
        ),
  );

  r.delete(
    "/api/groups/:id/invites/:itemId",
    {
      schema: {
        tags: ["groups"],
        summary: "Revoke an invite link",
        params: groupItemParamsSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await revokeInvite(db, viewerOf(request), request.params.id, request.params.itemId);
      return { ok: true as const };
    },
  );

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
    async (request) => previewInvite(db, viewerOf(request), request.params.token),
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
    async (request) => acceptInvite(db, viewerOf(request), request.params.token, request.body.rulesVersion),
  );
}
