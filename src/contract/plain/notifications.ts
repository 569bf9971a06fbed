/**
 * Notification kinds and delivery categories without their schemas (spec §3 Notification,
 * docs/features/notifications.md). `src/contract/notifications.ts` builds the API's schemas on it and
 * re-exports it; the browser imports this module (docs/decisions/015 "Phones").
 */
import { type Message, msg } from "../messages";

/** Every kind of notification (spec §3 Notification). */
export const NOTIFICATION_TYPES = [
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
  // docs/decisions/017: the member's own account — a data export ready. In the app only (its email is
  // sent by the export itself).
  "account",
  // docs/features/everyday-journey.md: a saved meal was taken, or ends within the hour.
  "saved_meal",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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

/** The notifications the Requests badge counts: those about exchanges (docs/features/everyday-journey.md). */
export const REQUEST_NOTIFICATION_TYPES: readonly NotificationType[] = [
  "request_new",
  "request_status",
  "message_new",
  "waitlist_offer",
  "pickup_update",
  "draw",
];
