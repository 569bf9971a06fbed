/**
 * A group's moderation (docs/features/groups.md point 5): taking a meal out of it, and the reports its
 * moderators read.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { doneSchema, errorResponses, idParamsSchema } from "../../../contract/common";
import { groupItemParamsSchema, groupReportSchema, moderationReasonSchema } from "../../../contract/groups";
import { requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import { listGroupReports, takeMealOut } from "./moderation";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Registers a group's moderation routes. */
export function registerGroupModerationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/groups/:id/meals/:itemId/removal",
    {
      schema: {
        tags: ["groups"],
        summary: "Take a meal out of the group; a members-only one is switched off (owner and moderators)",
        params: groupItemParamsSchema,
        body: moderationReasonSchema,
        response: { 200: doneSchema, ...errors },
      },
    },
    async (request) => {
      await takeMealOut(
        db,
        requireActor(request),
        request.params.id,
        request.params.itemId,
        request.body.reason,
      );
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
    async (request) => listGroupReports(db, requireActor(request), request.params.id),
  );
}
