/**
 * Applications to a group that asks for them (docs/features/groups.md point 1): applying, withdrawing,
 * and its moderators deciding.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { doneSchema, errorResponses, idParamsSchema, pageQuerySchema } from "../../../contract/common";
import {
  applyToGroupSchema,
  decideApplicationSchema,
  groupApplicationSchema,
  groupItemParamsSchema,
} from "../../../contract/groups";
import { displayName, requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import { DEFAULT_PAGE_SIZE, decodeCursor, sendPage } from "../../pagination";
import { applyToGroup, decideApplication, listApplications, withdrawApplication } from "./applications";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Registers the routes of a group's applications. */
export function registerGroupApplicationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
        { ...requireActor(request), name: displayName(user) },
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
        response: { 200: doneSchema, ...errors },
      },
    },
    async (request) => {
      await withdrawApplication(db, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );
  registerApplicationDecisionRoutes(app, { db });
}

/** A group's moderators list applications and decide them. */
function registerApplicationDecisionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      const rows = await listApplications(db, requireActor(request), request.params.id, {
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
        response: { 200: doneSchema, ...errors },
      },
    },
    async (request) => {
      await decideApplication(
        db,
        requireActor(request),
        request.params.id,
        request.params.itemId,
        request.body,
      );
      return { ok: true as const };
    },
  );
}
