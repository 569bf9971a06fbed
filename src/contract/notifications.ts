/**
 * Notification shapes (spec §3 Notification, docs/DESIGN.md §4 "Notifications").
 * Its words, limits and pure rules live in `./plain/notifications.ts`, which this module re-exports; the
 * browser imports that one (docs/decisions/015 "Phones").
 */
import { z } from "zod";
import { isoDateTime } from "./common";
import { msg } from "./messages";
import { EMAIL_CATEGORIES, NOTIFICATION_TYPES } from "./plain/notifications";

export * from "./plain/notifications";

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** `PUT /api/notifications/read`: all unread, one thread's, or one type's (e.g. reviews received). */
export const markReadSchema = z
  .object({ requestId: z.uuid().optional(), type: notificationTypeSchema.optional() })
  .default({});

export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  /**
   * Whole, in the request's language, money in the deployment's currency (`GET /api/notifications`;
   * live events carry the English one); `textKey` and `textParams` let a client say it itself
   * (docs/features/languages-currency-impact.md).
   */
  text: z.string(),
  textKey: z.string().nullable(),
  textParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  link: z.string(),
  /** The thread it is about, if any: the live update refreshes that thread (docs/decisions/005). */
  requestId: z.uuid().nullable(),
  isRead: z.boolean(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;

const channelsSchema = z.object({ push: z.boolean(), email: z.boolean() });
/** `GET /api/user/notification-preferences`: every category's channels. */
export const notificationPreferencesSchema = z.object({
  requests: channelsSchema,
  messages: channelsSchema,
  reviews: channelsSchema,
  reminders: channelsSchema,
  /** New meals matching the member's alerts (docs/features/neighbourhood.md point 6). */
  alerts: channelsSchema,
  newsletter: z.object({ email: z.boolean() }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `PUT /api/user/notification-preferences`: the channels to change; the rest stay as they are. */
export const updateNotificationPreferencesSchema = z
  .object({
    requests: channelsSchema.partial(),
    messages: channelsSchema.partial(),
    reviews: channelsSchema.partial(),
    reminders: channelsSchema.partial(),
    alerts: channelsSchema.partial(),
    newsletter: z.object({ email: z.boolean() }).partial(),
  })
  .partial()
  .strict();
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/**
 * `PUT /api/push/subscription`: the browser's PushSubscription as `toJSON()` gives it. The
 * endpoint must be an https URL of a push service (checked against the configured hosts).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, message: msg("The endpoint must be an https URL") }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // base64url of an uncompressed P-256 point (65 bytes, starting 0x04) and a 16-byte secret.
    p256dh: z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}=?$/, msg("keys.p256dh must be a base64url P-256 public key")),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, msg("keys.auth must be 16 bytes in base64url")),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE /api/push/subscription`: this device's endpoint. */
export const pushEndpointSchema = z.object({ endpoint: z.string().min(1).max(1000) });

/** `GET /api/push/public-key`: the VAPID key browsers subscribe with (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** An unsubscribe link's signed token (docs/features/notifications.md point 3: works without sign-in). */
export const unsubscribeTokenSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, msg("This unsubscribe link is not valid."));

/** `GET /api/unsubscribe?token=` (what the link would do) and the answer of the POST. */
export const unsubscribeStateSchema = z.object({
  category: z.enum(EMAIL_CATEGORIES),
  label: z.string(),
  /** The address the emails go to, partly hidden ("m•••@example.org"). */
  email: z.string(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;
