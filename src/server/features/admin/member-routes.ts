/**
 * The admin's routes about members, the mailing list and events (spec §2 "Admin dashboard", §7):
 * suspending and unsuspending a member, the mailing list as CSV, and community events. Registered
 * inside the admin scope of routes.ts, whose hook lets only admins through.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import { createEventSchema, eventSchema } from "../../../contract/events";
import { suspendUserSchema, suspensionSchema } from "../../../contract/reports";
import { requireAdmin } from "../../auth/users";
import type { Db } from "../../db/client";
import { createEvent, deleteEvent } from "../events";
import { mailingListCsv } from "../newsletter";
import { suspendUser, unsuspendUser } from "./suspensions";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Registers the routes in `admin`, the admin scope. */
export function registerAdminMemberRoutes(admin: FastifyInstance, { db }: { db: Db }) {
  const r = admin.withTypeProvider<ZodTypeProvider>();

  r.put(
    "/api/admin/users/:id/suspend",
    {
      schema: {
        tags: ["admin"],
        summary: "Suspend a user (reason required): sessions end, sign-in refused, meals hidden",
        params: idParamsSchema,
        body: suspendUserSchema,
        response: { 200: suspensionSchema, ...errors },
      },
    },
    async (request) => suspendUser(db, requireAdmin(request), request.params.id, request.body.reason),
  );

  r.put(
    "/api/admin/users/:id/unsuspend",
    {
      schema: {
        tags: ["admin"],
        summary: "Lift a suspension; the meals it hid are shown again",
        params: idParamsSchema,
        response: { 200: suspensionSchema, ...errors },
      },
    },
    async (request) => unsuspendUser(db, request.params.id),
  );
  registerAdminListRoutes(admin, { db });
}

/** The mailing list's CSV, and the events admins keep. */
function registerAdminListRoutes(admin: FastifyInstance, { db }: { db: Db }) {
  const r = admin.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/mailinglist.csv",
    { schema: { tags: ["admin"], summary: "The mailing list as CSV: email,source,subscribed_at" } },
    async (_request, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", 'attachment; filename="mailing-list.csv"')
        .header("Cache-Control", "no-store")
        .send(mailingListCsv(db)),
  );

  r.post(
    "/api/admin/events",
    {
      schema: {
        tags: ["admin"],
        summary: "Add a community event",
        body: createEventSchema,
        response: { 201: eventSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEvent(db, requireAdmin(request), request.body)),
  );

  r.delete(
    "/api/admin/events/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a community event",
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteEvent(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
