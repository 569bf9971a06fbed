/**
 * Notifications for the other party of an exchange (docs/DESIGN.md §4 "Notifications"): created inside
 * the transaction of the change they report, pushed live over SSE, read newest first. The row is
 * the source of every channel (docs/DESIGN.md §6a): a delivery job enqueued in the same transaction
 * takes it on to push and email (delivery.ts).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { fillPlaceholders, type Message, type MessageParams } from "../../../contract/messages";
import type { Notification } from "../../../contract/notifications";
import { NOTIFICATIONS_LIMIT } from "../../../contract/notifications";
import type { Executor } from "../../db/client";
import { notifications, users } from "../../db/schema";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { liveEvent, publishLiveEvents } from "../../live/hub";
import { deliveryCategoryOf } from "./preferences";

type NotificationRow = typeof notifications.$inferSelect;

/**
 * One notification to create. `message` is a `msg()` key of the `messages` catalogue whose
 * `params` (names, titles) fill it, so each reader sees it in their language
 * (docs/features/languages-currency-impact.md); `link` is an app path such as `/request/{id}`.
 */
export interface NewNotification {
  userId: string;
  type: Notification["type"];
  message: Message;
  params?: MessageParams;
  link: string;
  requestId?: string;
  /**
   * False keeps it in the app even when its type goes out by push and email (a completed
   * request: docs/features/notifications.md lists accepted, declined and cancelled).
   */
  deliver?: boolean;
  /** Makes it exist once: creating it again with the same key does nothing (pickup reminders). */
  dedupeKey?: string;
}

/**
 * Stores a notification, announces it live to its user and enqueues its delivery by push and
 * email; call it with the transaction of the change it reports. A new message in a thread whose
 * message notification is still unread refreshes that one instead of adding another, so a chat
 * does not flood the list and badge.
 * @returns the notification, or null when one with its `dedupeKey` exists already
 */
export async function createNotification(tx: Executor, input: NewNotification): Promise<Notification | null> {
  const { deliver = true, message, params = {}, ...fields } = input;
  const text = fillPlaceholders(message, params).slice(0, 300);
  const values = { ...fields, text, textKey: message, textParams: params };
  // One atomic upsert: two messages at once can neither both insert nor deadlock on updates.
  const [row] =
    input.type === "message_new" && input.requestId
      ? await tx
          .insert(notifications)
          .values(values)
          .onConflictDoUpdate({
            target: [notifications.userId, notifications.requestId],
            targetWhere: sql`type = 'message_new' AND NOT is_read`,
            set: {
              text: values.text,
              textKey: values.textKey,
              textParams: values.textParams,
              createdAt: sql`date_trunc('milliseconds', now())`,
            },
          })
          .returning()
      : input.dedupeKey
        ? await tx.insert(notifications).values(values).onConflictDoNothing().returning()
        : await tx.insert(notifications).values(values).returning();
  if (!row) return null;
  const notification = presentNotification(row);
  await publishLiveEvents(tx, [liveEvent(input.userId, "notification", notification)]);
  if (deliver && deliveryCategoryOf(notification.type)) {
    await enqueueJob(tx, QUEUES.delivery, { notificationId: row.id });
  }
  return notification;
}

/**
 * One notification per member and interval that counts what it tells of (docs/features/neighbourhood.md
 * point 6: one in-app notification per member and digest interval, however many meals match): the
 * first event creates it with `first`; each later one within `intervalMs` of the first, while it is
 * unread, turns it into `counted` with the number so far and announces it live again. A member read
 * it, or the interval passed: the next event starts a new one. Events for one member take turns on
 * the member's row, so two jobs at once neither lose a count nor start two.
 * @returns the notification as it is now
 */
export async function countInNotification(
  tx: Executor,
  input: {
    userId: string;
    type: Notification["type"];
    intervalMs: number;
    first: { message: Message; params: MessageParams; link: string };
    counted: { message: Message; link: string };
  },
): Promise<Notification> {
  const { first } = input;
  // "No key update": inserts referring to the member (their matches, notifications) take a key-share
  // lock, which this must not wait on, or two jobs would deadlock.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("no key update");
  const [latest] = await tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, input.userId), eq(notifications.type, input.type)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  const since = Number(latest?.textParams?.since ?? 0);
  let row: NotificationRow;
  if (latest && !latest.isRead && Date.now() - since < input.intervalMs) {
    const count = Number(latest.textParams?.count ?? 1) + 1;
    [row] = await tx
      .update(notifications)
      .set({
        text: fillPlaceholders(input.counted.message, { count }).slice(0, 300),
        textKey: input.counted.message,
        textParams: { count, since },
        link: input.counted.link,
        createdAt: sql`date_trunc('milliseconds', now())`,
      })
      .where(eq(notifications.id, latest.id))
      .returning();
  } else {
    [row] = await tx
      .insert(notifications)
      .values({
        userId: input.userId,
        type: input.type,
        text: fillPlaceholders(first.message, first.params).slice(0, 300),
        textKey: first.message,
        // When the interval began; the count is 1 until a second event (a first message has none).
        textParams: { ...first.params, since: Date.now() },
        link: first.link,
      })
      .returning();
  }
  const notification = presentNotification(row);
  await publishLiveEvents(tx, [liveEvent(input.userId, "notification", notification)]);
  return notification;
}

function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as Notification["type"],
    text: row.text,
    textKey: row.textKey,
    textParams: row.textParams,
    link: row.link,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user's newest notifications, at most `NOTIFICATIONS_LIMIT`. */
export async function listNotifications(db: Executor, userId: string): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIMIT);
  return rows.map(presentNotification);
}

/**
 * Marks a user's notifications read: all of them, only one thread's, or only one type's (the
 * reviews page clears "review received").
 * @returns how many changed
 */
export async function markNotificationsRead(
  db: Executor,
  userId: string,
  filter: { requestId?: string; type?: Notification["type"] } = {},
): Promise<number> {
  const { requestId, type } = filter;
  const changed = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        requestId ? eq(notifications.requestId, requestId) : undefined,
        type ? eq(notifications.type, type) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return changed.length;
}
