/**
 * Registered-cook endpoints (docs/features/food-safety.md point 4): applying, one's own applications,
 * the private document, and the admins' list and decisions.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import {
  cookApplicationInputSchema,
  cookApplicationListQuerySchema,
  cookApplicationSchema,
  rejectApplicationSchema,
} from "../../../contract/cooks";
import { requireActor, requireAdmin } from "../../auth/users";
import type { Db } from "../../db/client";
import type { ObjectStorage } from "../../storage/storage";
import {
  decideApplication,
  listApplications,
  listOwnApplications,
  openDocument,
  submitApplication,
} from "./service";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Registers the routes; the caller's scope already requires a signed-in user. */
export function registerCookRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: ObjectStorage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/cook-applications",
    {
      schema: {
        tags: ["cooks"],
        summary: "Apply to become a registered cook, with an uploaded document (PDF, JPEG or PNG ≤ 10 MB)",
        body: cookApplicationInputSchema,
        response: { 201: cookApplicationSchema, 413: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const application = await submitApplication(db, storage, requireActor(request), request.body);
      return reply.status(201).send(application);
    },
  );
  r.get(
    "/api/cook-applications/mine",
    {
      schema: {
        tags: ["cooks"],
        summary: "Your applications, newest first",
        response: { 200: z.array(cookApplicationSchema), ...errors },
      },
    },
    async (request) => listOwnApplications(db, requireActor(request)),
  );
  registerCookDocumentRoute(app, { db, storage });
}

/** An application's document, downloaded by its applicant or an admin. */
function registerCookDocumentRoute(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: ObjectStorage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/cook-applications/:id/document",
    {
      schema: {
        tags: ["cooks"],
        summary:
          "An application's document, as a download: to its applicant and admins only (404 to anyone else)",
        params: idParamsSchema,
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireActor(request);
      const document = await openDocument(db, storage, viewer, request.params.id);
      // An uploaded file is the applicant's content: downloaded, never rendered as a page of
      // ours, and sandboxed (no scripts, no same-origin) should a browser render it anyway.
      const extension = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" }[document.type];
      return (
        reply
          .type(document.type)
          .header("Content-Length", document.size)
          .header(
            "Content-Disposition",
            `attachment; filename="cook-application-${request.params.id}.${extension}"`,
          )
          .header("Content-Security-Policy", "sandbox")
          .header("Cache-Control", "private, no-store")
          // A file, not JSON: the response schema above documents its errors only.
          .send(document.stream as never)
      );
    },
  );
  registerCookDecisionRoutes(app, { db, storage });
}

/** The admins' list of applications and their decisions on them. */
function registerCookDecisionRoutes(app: FastifyInstance, { db }: { db: Db; storage: ObjectStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = {
    onRequest: async (request: Parameters<typeof requireActor>[0]) => requireAdmin(request),
  };

  r.get(
    "/api/admin/cook-applications",
    {
      ...adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Cook applications of a status (pending by default), newest first, and the pending count",
        querystring: cookApplicationListQuerySchema,
        response: {
          200: z.object({ applications: z.array(cookApplicationSchema), pending: z.number().int() }),
          ...errors,
        },
      },
    },
    async (request) => listApplications(db, request.query.status),
  );
  r.put(
    "/api/admin/cook-applications/:id/approve",
    {
      ...adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Approve an application: the applicant becomes a registered cook and is notified",
        params: idParamsSchema,
        response: { 200: cookApplicationSchema, ...errors },
      },
    },
    async (request) => decideApplication(db, requireActor(request), request.params.id, { approve: true }),
  );
  r.put(
    "/api/admin/cook-applications/:id/reject",
    {
      ...adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Reject an application with a reason, which the applicant is sent",
        params: idParamsSchema,
        body: rejectApplicationSchema,
        response: { 200: cookApplicationSchema, ...errors },
      },
    },
    async (request) =>
      decideApplication(db, requireActor(request), request.params.id, {
        approve: false,
        reason: request.body.reason,
      }),
  );
}
