/**
 * A group's moderation (docs/features/groups.md point 5): the reports its moderators read (taking a meal
 * out of the group is a meals route, meals/group-takeout.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, idParamsSchema } from "../../../contract/common";
import { groupReportSchema } from "../../../contract/groups";
import { requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import { listGroupReports } from "./moderation";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Registers a group's moderation routes. */
export function registerGroupModerationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
