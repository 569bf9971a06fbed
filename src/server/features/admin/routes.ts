/**
 * `/api/admin/*` (spec §2 "Admin dashboard", §7; docs/DESIGN.md §4 "Admin"): one hook answers 401 to
 * visitors and 403 to everyone but admins, before any validation, for the whole subtree.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import { adminStatsSchema, reportSchema } from "../../../contract/reports";
import { disputeSchema, settleDisputeSchema } from "../../../contract/requests";
import { requireAdmin } from "../../auth/users";
import type { Db } from "../../db/client";
import { documentStatuses } from "../../documented-statuses";
import { listReportsForAdmin, reportStats, resolveReport } from "../reports";
import { listDisputes, settleDispute } from "../requests";
import { registerAdminMemberRoutes } from "./member-routes";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Registers the admin routes in a scope of their own. */
export async function registerAdminRoutes(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(async (admin) => {
    admin.addHook("onRequest", async (request) => {
      requireAdmin(request);
    });
    documentStatuses(admin, () => [401, 403]);
    // Members, the mailing list and events are resources of their own.
    registerAdminMemberRoutes(admin, { db });
    registerDisputeRoutes(admin, db);
    const r = admin.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/api/admin/reports",
      {
        schema: {
          tags: ["admin"],
          summary: "Open reports newest first, then the 10 latest resolved",
          response: { 200: z.array(reportSchema), ...errors },
        },
      },
      async () => listReportsForAdmin(db),
    );

    r.get(
      "/api/admin/stats",
      {
        schema: {
          tags: ["admin"],
          summary: "Report counts for the dashboard",
          response: { 200: adminStatsSchema, ...errors },
        },
      },
      async () => reportStats(db),
    );

    r.put(
      "/api/admin/reports/:id/resolve",
      {
        schema: {
          tags: ["admin"],
          summary: "Mark a report resolved (again: no change)",
          params: idParamsSchema,
          response: { 200: reportSchema, ...errors },
        },
      },
      async (request) => resolveReport(db, requireAdmin(request), request.params.id),
    );
  });
}

/** Disputed pickups, and an admin's settling of one (docs/decisions/013-where-a-home-is-and-who-did-not-come.md). */
function registerDisputeRoutes(admin: FastifyInstance, db: Db) {
  const r = admin.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/disputes",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Disputed pickups, oldest first: a no-show reported against a side that said the pickup happened, " +
          "or disputed by the side it names; counted for neither until settled",
        response: { 200: z.array(disputeSchema), ...errors },
      },
    },
    async () => listDisputes(db),
  );

  r.put(
    "/api/admin/disputes/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Settle a dispute: the pickup happened, or the eater or the feeder did not turn up",
        params: idParamsSchema,
        body: settleDisputeSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await settleDispute(db, request.params.id, request.body.outcome);
      return reply.status(204).send(null);
    },
  );
}
