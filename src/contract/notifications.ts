/** Notification shapes (spec §3 Notification, DESIGN.md §4 "Notifications"). */
import { z } from "zod";
import { isoDateTime } from "./common";

export const notificationTypeSchema = z.enum([
  "request_new",
  "request_status",
  "message_new",
  "review_received",
  "report_resolved",
  // Issue 13 point 4: an admin's decision on a cook application; the certificate's reminders.
  "cook_application",
  "cook_certificate",
]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** The notifications the Requests badge counts: those about exchanges (issue 12). */
export const REQUEST_NOTIFICATION_TYPES: readonly NotificationType[] = [
  "request_new",
  "request_status",
  "message_new",
];

/** `PUT /api/notifications/read`: all unread, one thread's, or one type's (e.g. reviews received). */
export const markReadSchema = z
  .object({ requestId: z.uuid().optional(), type: notificationTypeSchema.optional() })
  .default({});

export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  text: z.string(),
  link: z.string(),
  isRead: z.boolean(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;

/** How many notifications `GET /api/notifications` returns, newest first. */
export const NOTIFICATIONS_LIMIT = 50;
