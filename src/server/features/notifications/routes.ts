/** Notification endpoints (spec §7 `GET /api/notifications`; DESIGN.md §4 "Notifications"). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../../contract/common";
import { markReadSchema, notificationSchema } from "../../../contract/notifications";
import { requireUser } from "../../auth/users";
import type { Db } from "../../db/client";
import { listNotifications, markNotificationsRead } from "./service";

/** Registers the notification routes; the caller's scope already requires a signed-in user. */
export function registerNotificationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/notifications",
    {
      schema: {
        tags: ["notifications"],
        summary: "The newest 50 notifications, newest first",
        response: { 200: z.array(notificationSchema), 401: errorSchema },
      },
    },
    async (request) => listNotifications(db, requireUser(request).id),
  );

  r.put(
    "/api/notifications/read",
    {
      schema: {
        tags: ["notifications"],
        summary: "Mark notifications read: all, one thread's, or one type's",
        body: markReadSchema,
        response: { 200: z.object({ updated: z.number().int() }), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => ({
      updated: await markNotificationsRead(db, requireUser(request).id, request.body),
    }),
  );
}
