/**
 * Delivering a notification outside the app (docs/features/notifications.md points 2 and 3;
 * docs/DESIGN.md §6a): the job `createNotification` enqueues takes the stored row to the user's devices
 * by Web Push and to their inbox by email, as their preferences allow.
 *
 * Each channel is claimed with one conditional UPDATE (or upsert) before it is used, so two
 * instances, or a job run again after a crash, never send one twice:
 * - push: at most one per notification row every 5 minutes. A thread's unread message
 *   notification is one row refreshed by every message (service.ts), so that is "at most one push
 *   per thread per 5 minutes while unread"; once read, the next message makes a new row.
 * - email: once per notification, and for messages at most one per thread per hour
 *   (`message_email_throttles`).
 * A notification read before its job runs is not sent: it has been seen.
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { supportedLanguage } from "../../../contract/i18n";
import type { NotificationType } from "../../../contract/notifications";
import type { Executor } from "../../db/client";
import { messageEmailThrottles, notifications, users } from "../../db/schema";
import { translate } from "../../i18n";
import type { Say } from "./email";
import { type DeliveryContext, sendOutbound } from "./outbound";
import { deliveryCategoryOf } from "./preferences";

const MESSAGE_PUSH_GAP = sql`interval '5 minutes'`;
const MESSAGE_EMAIL_GAP = sql`interval '1 hour'`;
/** Milliseconds, as a JS Date holds them, so a claim can be matched again to give it back. */
const nowMs = sql`date_trunc('milliseconds', now())`;

const jobSchema = z.object({ notificationId: z.uuid() });

/**
 * The `notification-delivery` job: push and email for one notification.
 * @throws the mailer's error, after giving the email claim back, so the job is retried
 */
export async function deliverNotification(context: DeliveryContext, data: unknown): Promise<void> {
  const job = jobSchema.safeParse(data);
  if (!job.success) return;
  const { db } = context;
  const [row] = await db
    .select({ notification: notifications, user: users })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.id, job.data.notificationId))
    .limit(1);
  if (!row || row.notification.isRead || row.user.suspendedAt) return;
  const { notification, user } = row;
  const category = deliveryCategoryOf(notification.type as NotificationType);
  if (!category) return;
  // In the member's saved language (docs/features/languages-currency-impact.md); rows older than their
  // keys are in English.
  const language = supportedLanguage(user.locale) ?? context.defaultLanguage;
  const say: Say = (message, params) => translate(message, language, context.currency, params);
  const text = notification.textKey
    ? translate(notification.textKey, language, context.currency, notification.textParams ?? {})
    : notification.text;

  await sendOutbound(
    context,
    user,
    language,
    say,
    // Pushes of one thread replace each other while the device is offline.
    {
      category,
      text,
      link: notification.link,
      tag: notification.requestId ?? notification.id,
      topic: topicOf(notification.requestId),
    },
    { push: () => claimPush(db, notification), email: () => claimEmail(db, notification) },
  );
}

type NotificationRow = typeof notifications.$inferSelect;

/** RFC 8030 topics are at most 32 base64url characters: a thread's id without its dashes. */
const topicOf = (requestId: string | null) => (requestId ? requestId.replaceAll("-", "") : undefined);

async function claimPush(db: Executor, notification: NotificationRow): Promise<boolean> {
  const again =
    notification.type === "message_new"
      ? or(isNull(notifications.pushedAt), lt(notifications.pushedAt, sql`now() - ${MESSAGE_PUSH_GAP}`))
      : isNull(notifications.pushedAt);
  const claimed = await db
    .update(notifications)
    .set({ pushedAt: sql`now()` })
    .where(and(eq(notifications.id, notification.id), eq(notifications.isRead, false), again))
    .returning({ id: notifications.id });
  return claimed.length > 0;
}

/** An email claimed for sending, and how to release it when the sending fails. */
interface EmailClaim {
  giveBack(): Promise<void>;
}

async function claimEmail(db: Executor, notification: NotificationRow): Promise<EmailClaim | null> {
  if (notification.type === "message_new" && notification.requestId) {
    const key = { userId: notification.userId, requestId: notification.requestId };
    // One upsert: a first email of the thread inserts, a later one updates only after an hour.
    const [claimed] = await db
      .insert(messageEmailThrottles)
      .values({ ...key, sentAt: nowMs })
      .onConflictDoUpdate({
        target: [messageEmailThrottles.userId, messageEmailThrottles.requestId],
        set: { sentAt: nowMs },
        setWhere: lt(messageEmailThrottles.sentAt, sql`now() - ${MESSAGE_EMAIL_GAP}`),
      })
      .returning({ sentAt: messageEmailThrottles.sentAt });
    if (!claimed) return null;
    return {
      giveBack: async () => {
        await db
          .delete(messageEmailThrottles)
          .where(
            and(
              eq(messageEmailThrottles.userId, key.userId),
              eq(messageEmailThrottles.requestId, key.requestId),
              eq(messageEmailThrottles.sentAt, claimed.sentAt),
            ),
          );
      },
    };
  }
  const claimed = await db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(and(eq(notifications.id, notification.id), isNull(notifications.emailedAt)))
    .returning({ id: notifications.id });
  if (claimed.length === 0) return null;
  return {
    giveBack: async () => {
      await db.update(notifications).set({ emailedAt: null }).where(eq(notifications.id, notification.id));
    },
  };
}

export type { DeliveryContext } from "./outbound";
