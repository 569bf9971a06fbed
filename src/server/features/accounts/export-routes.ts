/**
 * A member's data export (docs/decisions/017): asking for one, the list, the download, and an admin
 * asking for a member who wants one.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataExportSchema } from "../../../contract/account";
import { errorResponses, errorSchema, idParamsSchema } from "../../../contract/common";
import { requireActor, requireAdmin } from "../../auth/users";
import type { Db } from "../../db/client";
import type { ObjectStorage } from "../../storage/storage";
import { listExports, openExport, requestExport } from "./export";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Registers the export routes; each checks the session itself. */
export function registerDataExportRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: ObjectStorage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/account/exports",
    {
      schema: {
        tags: ["account"],
        summary:
          "Ask for a ZIP of everything MealShare holds about you (one a day); you are told when it is ready",
        response: { 202: dataExportSchema, 429: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = requireActor(request);
      reply.status(202);
      return requestExport(db, member.id, member);
    },
  );

  r.get(
    "/api/account/exports",
    {
      schema: {
        tags: ["account"],
        summary: "Your data exports, newest first, with their download links while they last",
        response: { 200: z.array(dataExportSchema), ...errors },
      },
    },
    async (request) => listExports(db, requireActor(request).id),
  );
  registerExportDownloadRoutes(app, { db, storage });
}

/** An export's download, and an admin's export of a member's data. */
function registerExportDownloadRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: ObjectStorage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/account/exports/:id/download",
    {
      schema: {
        tags: ["account"],
        summary: "Download a data export (its member only, or the admin who made it for them)",
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const viewer = requireActor(request);
      const stored = await openExport(db, storage, viewer, request.params.id);
      return reply
        .type("application/zip")
        .header("Cache-Control", "private, no-store")
        .header("Content-Length", stored.size)
        .header(
          "Content-Disposition",
          `attachment; filename="mealshare-data-${request.params.id.slice(0, 8)}.zip"`,
        )
        .send(stored.stream);
    },
  );

  r.post(
    "/api/admin/users/:id/export",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Make a data export for a member who asked for one (they are told; the admin may download it)",
        params: idParamsSchema,
        response: { 202: dataExportSchema, 429: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      reply.status(202);
      return requestExport(db, request.params.id, admin);
    },
  );
}
