/** Notification shapes (spec §3 Notification, docs/DESIGN.md §4 "Notifications"). */
import { z } from "zod";
import { isoDateTime } from "./common";
import { type Message, msg } from "./messages";

export const notificationTypeSchema = z.enum([
  "request_new",
  "request_status",
  "message_new",
  "review_received",
  "report_resolved",
  // docs/features/food-safety.md point 4: an admin's decision on a cook application; the certificate's
  // reminders.
  "cook_application",
  "cook_certificate",
  // docs/features/notifications.md point 5: a pickup is near, or its window is ending.
  "pickup_reminder",
  // docs/features/neighbourhood.md point 6: a new meal matches one of the member's alerts.
  "meal_alert",
  // docs/features/households.md point 2: portions freed for someone on the waiting list.
  "waitlist_offer",
  // docs/features/groups.md: an application decided, a removal with its reason, new rules, a meal
  // taken out of a group, an application waiting for moderators. In the app only.
  "group",
  // docs/features/handover.md point 2: a quick reply in a thread ("Ella is outside"), told at once.
  "pickup_update",
  // docs/features/fair-shares.md: a draw made — a place on the waiting list, or (for the cook) done.
  "draw",
]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** The notifications the Requests badge counts: those about exchanges (docs/features/everyday-journey.md). */
export const REQUEST_NOTIFICATION_TYPES: readonly NotificationType[] = [
  "request_new",
  "request_status",
  "message_new",
  "waitlist_offer",
  "pickup_update",
  "draw",
];

/** `PUT /api/notifications/read`: all unread, one thread's, or one type's (e.g. reviews received). */
export const markReadSchema = z
  .object({ requestId: z.uuid().optional(), type: notificationTypeSchema.optional() })
  .default({});

export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  /**
   * In English; `textKey` and `textParams` give it in the reader's language
   * (docs/features/languages-currency-impact.md).
   */
  text: z.string(),
  textKey: z.string().nullable(),
  textParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  link: z.string(),
  isRead: z.boolean(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;

/** How many notifications `GET /api/notifications` returns, newest first. */
export const NOTIFICATIONS_LIMIT = 50;

/**
 * What a user chooses to hear about outside the app (docs/features/notifications.md point 4). In the app
 * every notification shows; push and email are per category. The newsletter is email only: it is the
 * mailing-list opt-in of the profile.
 */
export const DELIVERY_CATEGORIES = ["requests", "messages", "reviews", "reminders", "alerts"] as const;
export type DeliveryCategory = (typeof DELIVERY_CATEGORIES)[number];
/** Every category an unsubscribe link can name. */
export const EMAIL_CATEGORIES = [...DELIVERY_CATEGORIES, "newsletter"] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/** The labels Settings → Notifications and the unsubscribe page show. */
export const CATEGORY_LABELS: Record<EmailCategory, Message> = {
  requests: msg("Requests"),
  messages: msg("Messages"),
  reviews: msg("Reviews"),
  reminders: msg("Pickup reminders"),
  alerts: msg("Alerts"),
  newsletter: msg("Newsletter"),
};

/** The same names inside a sentence ("Stop pickup reminders emails"): each language writes its own case. */
export const CATEGORY_IN_SENTENCE: Record<EmailCategory, Message> = {
  requests: msg("requests"),
  messages: msg("messages"),
  reviews: msg("reviews"),
  reminders: msg("pickup reminders"),
  alerts: msg("alerts"),
  newsletter: msg("newsletter"),
};

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
