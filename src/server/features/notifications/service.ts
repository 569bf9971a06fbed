/**
 * Notifications for the other party of an exchange (DESIGN.md §4 "Notifications"): created inside
 * the transaction of the change they report, read newest first.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Notification } from "../../../contract/notifications";
import { NOTIFICATIONS_LIMIT } from "../../../contract/notifications";
import type { Executor } from "../../db/client";
import { notifications } from "../../db/schema";

/** One notification to create. `link` is an app path such as `/request/{id}`. */
export interface NewNotification {
  userId: string;
  type: Notification["type"];
  text: string;
  link: string;
  requestId?: string;
}

/** Stores a notification; call it with the transaction of the change it reports. */
export async function createNotification(db: Executor, input: NewNotification): Promise<void> {
  await db.insert(notifications).values({ ...input, text: input.text.slice(0, 300) });
}

/** A user's newest notifications, at most `NOTIFICATIONS_LIMIT`. */
export async function listNotifications(db: Executor, userId: string): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    type: row.type as Notification["type"],
    text: row.text,
    link: row.link,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Marks a user's notifications read: all of them, or only one thread's.
 * @returns how many changed
 */
export async function markNotificationsRead(
  db: Executor,
  userId: string,
  requestId?: string,
): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        requestId ? eq(notifications.requestId, requestId) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return changed.length;
}
