/**
 * Notification endpoints (spec §7 `GET /api/notifications`; docs/DESIGN.md §4 "Notifications"), and
 * their delivery outside the app (docs/features/notifications.md): preferences, this device's push
 * subscription, and the unsubscribe links of emails.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../../contract/common";
import {
  markReadSchema,
  notificationPreferencesSchema,
  notificationSchema,
  pushEndpointSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  unsubscribeStateSchema,
  unsubscribeTokenSchema,
  updateNotificationPreferencesSchema,
} from "../../../contract/notifications";
import { registerFormBodyParser } from "../../auth/dev-idp";
import { SESSION_COOKIE, sessionIdOf } from "../../auth/sessions";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { translate } from "../../i18n";
import { preferencesOf, updatePreferences } from "./preferences";
import { removeSubscription, saveSubscription } from "./push";
import { listNotifications, markNotificationsRead } from "./service";
import { unsubscribe } from "./unsubscribe";

export { registerEmailDeliveryRoutes } from "./email-delivery";

const errors = { 400: errorSchema, 401: errorSchema };

/** Registers the signed-in notification routes; the caller's scope already requires a user. */
export function registerNotificationRoutes(
  app: FastifyInstance,
  { db, config, vapidPublicKey }: { db: Db; config: Config; vapidPublicKey: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/notifications",
    {
      schema: {
        tags: ["notifications"],
        summary: "The newest 50 notifications, newest first, each text filled in in the reader's language",
        response: { 200: z.array(notificationSchema), 401: errorSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      // The stored text is the English one as written; an API client reads it whole, in its own
      // language, with its money in the deployment's currency (docs/features/everyday-journey.md).
      return (await listNotifications(db, actor.id)).map((notification) => ({
        ...notification,
        text: notification.textKey
          ? translate(notification.textKey, request.lng, config.currency, notification.textParams ?? {})
          : notification.text,
      }));
    },
  );

  r.put(
    "/api/notifications/read",
    {
      schema: {
        tags: ["notifications"],
        summary: "Mark notifications read: all, one thread's, or one type's",
        body: markReadSchema,
        response: { 200: z.object({ updated: z.number().int() }), ...errors },
      },
    },
    async (request) => ({
      updated: await markNotificationsRead(db, requireActor(request).id, request.body),
    }),
  );
  registerNotificationPreferenceRoutes(app, { db });
  registerPushRoutes(app, { db, config, vapidPublicKey });
}

/** A member's notification choices: read and saved. */
function registerNotificationPreferenceRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/user/notification-preferences",
    {
      schema: {
        tags: ["notifications"],
        summary: "Which categories reach you by push and by email (in the app, all do)",
        response: { 200: notificationPreferencesSchema, 401: errorSchema },
      },
    },
    async (request) => preferencesOf(requireActor(request)),
  );

  r.put(
    "/api/user/notification-preferences",
    {
      schema: {
        tags: ["notifications"],
        summary: "Change some channels; the rest stay as they are",
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => updatePreferences(db, requireActor(request).id, request.body),
  );
}

/** Web push: the server's public key, and this device's subscription saved or removed. */
function registerPushRoutes(
  app: FastifyInstance,
  { db, config, vapidPublicKey }: { db: Db; config: Config; vapidPublicKey: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/push/public-key",
    {
      schema: {
        tags: ["push"],
        summary: "The VAPID public key to subscribe with (applicationServerKey)",
        response: { 200: pushPublicKeySchema, 401: errorSchema },
      },
    },
    async () => ({ publicKey: vapidPublicKey }),
  );

  r.put(
    "/api/push/subscription",
    {
      schema: {
        tags: ["push"],
        summary: "Keep this device's push subscription (PushSubscription.toJSON()) for this session",
        body: pushSubscriptionSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireActor(request);
      const sessionId = sessionIdOf(request.cookies[SESSION_COOKIE] ?? "");
      await saveSubscription(db, { userId: user.id, sessionId }, request.body, config.push.allowedHosts);
      return reply.status(204).send(null);
    },
  );

  r.delete(
    "/api/push/subscription",
    {
      schema: {
        tags: ["push"],
        summary: "Forget this device's push subscription (push turned off here)",
        body: pushEndpointSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSubscription(db, requireActor(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}

/** Paths that are authorised by a signed token in the URL, not by a cookie: no CSRF check. */
export const TOKEN_AUTHORISED_WRITES = ["/api/unsubscribe", "/api/newsletter/confirm"];

/**
 * The unsubscribe link of every email (docs/features/notifications.md point 3), without sign-in: GET
 * says what it would stop, POST stops it — from the unsubscribe page's button, or from a mail app's RFC
 * 8058 one-click POST (`List-Unsubscribe=One-Click`, form-encoded).
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  return app.register(async (scope) => {
    registerFormBodyParser(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const schema = {
      tags: ["notifications"],
      querystring: z.object({ token: unsubscribeTokenSchema }),
      response: { 200: unsubscribeStateSchema, 400: errorSchema, 404: errorSchema },
    };
    r.get(
      "/api/unsubscribe",
      { schema: { ...schema, summary: "What an unsubscribe link stops" } },
      async (request, reply) =>
        reply
          .header("Cache-Control", "no-store")
          .send(await unsubscribe(db, config.sessionSecret, request.query.token, false)),
    );
    r.post(
      "/api/unsubscribe",
      {
        schema: { ...schema, summary: "Stop the emails an unsubscribe link names (RFC 8058 one-click too)" },
      },
      async (request) => unsubscribe(db, config.sessionSecret, request.query.token, true),
    );
  });
}
