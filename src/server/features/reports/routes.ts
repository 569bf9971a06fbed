/** `POST /api/reports` (spec §7; docs/DESIGN.md §4 "Reports"). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorSchema } from "../../../contract/common";
import { createReportSchema, reportSchema } from "../../../contract/reports";
import { requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import { createReport } from "./service";

/** Registers the report route; the caller's scope already requires a signed-in user. */
export function registerReportRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/reports",
    {
      schema: {
        tags: ["reports"],
        summary: "Report a meal, a user or other content (the same open report again is idempotent)",
        body: createReportSchema,
        response: {
          200: reportSchema,
          201: reportSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { report, created } = await createReport(db, requireActor(request), request.body);
      return reply.status(created ? 201 : 200).send(report);
    },
  );
}
