/** Notification shapes (spec §3 Notification, DESIGN.md §4 "Notifications"). */
import { z } from "zod";
import { isoDateTime } from "./common";

export const notificationTypeSchema = z.enum([
  "request_new",
  "request_status",
  "message_new",
  "review_received",
]);

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
