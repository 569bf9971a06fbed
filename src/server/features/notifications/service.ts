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
import { type Executor, queryRows } from "../../db/client";
import { notifications, users } from "../../db/schema";
import { enqueueJob, enqueueJobs, QUEUES } from "../../jobs/queue";
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
 * Stores many notifications of kinds that never fold into another (not `message_new`, no
 * `dedupeKey`) in one statement, announces them live and enqueues their delivery in bulk: what a draw
 * tells thousands of entrants at once costs a few statements, not thousands.
 */
export async function createNotifications(
  tx: Executor,
  inputs: readonly Omit<NewNotification, "deliver" | "dedupeKey">[],
  options: { deliver?: boolean } = {},
): Promise<void> {
  if (inputs.length === 0) return;
  const rows = await insertNotifications(tx, inputs);
  const presented = rows.map((row) => ({ userId: row.userId, notification: presentNotification(row) }));
  await publishLiveEvents(
    tx,
    presented.map(({ userId, notification }) => liveEvent(userId, "notification", notification)),
  );
  if (options.deliver === false) return;
  await enqueueJobs(
    tx,
    QUEUES.delivery,
    presented
      .filter(({ notification }) => deliveryCategoryOf(notification.type))
      .map(({ notification }) => ({ notificationId: notification.id })),
  );
}

/** Inserts `inputs` in one statement and returns their rows as `presentNotification` reads them. */
async function insertNotifications(
  tx: Executor,
  inputs: readonly Omit<NewNotification, "deliver" | "dedupeKey">[],
) {
  // One statement with one JSON parameter, however many: a row of bind parameters each would pass
  // PostgreSQL's 65,535 and cost more to build than to insert.
  const values = inputs.map(({ message, params = {}, ...fields }) => ({
    user_id: fields.userId,
    type: fields.type,
    text: fillPlaceholders(message, params).slice(0, 300),
    text_key: message,
    text_params: params,
    link: fields.link,
    request_id: fields.requestId ?? null,
  }));
  const inserted = await queryRows<{
    id: string;
    user_id: string;
    type: string;
    text: string;
    text_key: string | null;
    text_params: Record<string, string | number> | null;
    link: string;
    request_id: string | null;
    created_at: Date | string;
  }>(
    tx,
    sql`insert into ${notifications} (user_id, type, text, text_key, text_params, link, request_id)
        select user_id, type, text, text_key, text_params, link, request_id
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          as given(user_id uuid, type text, text text, text_key text, text_params jsonb, link text, request_id uuid)
        returning id, user_id, type, text, text_key, text_params, link, request_id, created_at`,
  );
  return inserted.map((row) => ({
    id: row.id,
    userId: row.user_id,
    type: row.type,
    text: row.text,
    textKey: row.text_key,
    textParams: row.text_params,
    link: row.link,
    requestId: row.request_id,
    isRead: false,
    createdAt: new Date(row.created_at),
  }));
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

function presentNotification(
  row: Pick<
    NotificationRow,
    "id" | "type" | "text" | "textKey" | "textParams" | "link" | "requestId" | "isRead" | "createdAt"
  >,
): Notification {
  return {
    id: row.id,
    type: row.type as Notification["type"],
    text: row.text,
    textKey: row.textKey,
    textParams: row.textParams,
    link: row.link,
    requestId: row.requestId,
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
