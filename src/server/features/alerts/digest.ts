/**
 * An alert's push and email (docs/features/neighbourhood.md point 6): at most one per alert per
 * `ALERT_DIGEST_MINUTES` (an hour unless set), listing the meals it matched since the last, through
 * the channels the member's "Alerts" preferences allow. The in-app notifications are already there
 * (matching.ts); this is the coalesced news outside the app.
 *
 * One transaction claims the alert's turn (`last_sent_at`) and marks the matches it lists as sent, so
 * two instances, or a job run again, never list a meal twice; a job that comes early (another digest
 * went out meanwhile) queues itself for when the interval is over. As with every notification
 * (docs/decisions/007), a server killed between the claim and the sending loses that one digest
 * rather than sending it twice. Meals already seen in the app (their notification read), closed or
 * gone are left out.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { supportedLanguage } from "../../../contract/i18n";
import { msg } from "../../../contract/messages";
import { type Executor, inTransaction, queryRows } from "../../db/client";
import { alertMatches, mealAlerts, users } from "../../db/schema";
import { translate } from "../../i18n";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { openMealSqlOf } from "../meals";
import type { DeliveryContext, Say } from "../notifications";
import { sendOutbound } from "../notifications";

/** Meals one digest names; a longer list says how many more there are. */
const LISTED_MAX = 5;

const jobSchema = z.object({ alertId: z.uuid() });

/** What a digest needs beyond a notification's delivery: its interval. */
export type DigestContext = DeliveryContext & { digestMinutes: number };

/**
 * Marks every waiting match of the alert sent, in `tx`.
 * @returns those still worth telling (open, their notification unread), in the order they were posted
 */
async function settleMatches(tx: Executor, alertId: string) {
  const settled = await queryRows<{
    mealId: string;
    title: string;
    postedAt: Date;
    worthTelling: boolean;
  }>(
    tx,
    sql`
    update alert_matches am set sent_at = now()
    from meals
    where am.alert_id = ${alertId}::uuid and am.sent_at is null and meals.id = am.meal_id
    returning am.meal_id as "mealId", meals.title as "title", meals.created_at as "postedAt",
      (${openMealSqlOf("meals")} and not exists (
        select 1 from notifications n where n.id = am.notification_id and n.is_read)) as "worthTelling"`,
  );
  return (
    settled
      .filter((match) => match.worthTelling)
      // In the order they were posted (matching jobs run several at once).
      .sort((a, b) => new Date(a.postedAt).getTime() - new Date(b.postedAt).getTime())
  );
}

/**
 * The `meal-alert-digest` job.
 * @throws the mailer's error (the job is retried; the meals it listed stay marked as sent)
 */
export async function sendAlertDigest(context: DigestContext, data: unknown): Promise<void> {
  const job = jobSchema.safeParse(data);
  if (!job.success) return;
  const { db } = context;
  const { alertId } = job.data;

  const claim = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ alert: mealAlerts, user: users })
      .from(mealAlerts)
      .innerJoin(users, eq(users.id, mealAlerts.userId))
      .where(eq(mealAlerts.id, alertId))
      .for("update", { of: mealAlerts })
      .limit(1);
    if (!row || row.alert.paused || row.user.suspendedAt) return null;
    const due = row.alert.lastSentAt ? row.alert.lastSentAt.getTime() + context.digestMinutes * 60_000 : 0;
    if (due > Date.now()) {
      const [waiting] = await tx
        .select({ mealId: alertMatches.mealId })
        .from(alertMatches)
        .where(and(eq(alertMatches.alertId, alertId), isNull(alertMatches.sentAt)))
        .limit(1);
      if (waiting) await enqueueJob(tx, QUEUES.alertDigest, { alertId }, { startAfter: new Date(due) });
      return null;
    }
    const meals = await settleMatches(tx, alertId);
    if (meals.length === 0) return null;
    await tx.update(mealAlerts).set({ lastSentAt: sql`now()` }).where(eq(mealAlerts.id, alertId));
    return { user: row.user, meals };
  });
  if (!claim) return;

  const { user, meals } = claim;
  const language = supportedLanguage(user.locale) ?? context.defaultLanguage;
  const say: Say = (message, params) => translate(message, language, context.currency, params);
  const titles = meals.slice(0, LISTED_MAX).map((meal) => meal.title);
  const more = meals.length - titles.length;
  const list = new Intl.ListFormat(language, { type: "conjunction" }).format(
    more > 0 ? [...titles, say(msg("{{count}} more", { count: more }))] : titles,
  );
  const text =
    meals.length === 1
      ? say(msg("New meal near you: {{title}}"), { title: titles[0] })
      : say(msg("{{count}} new meals near you: {{list}}"), { count: meals.length, list });
  // One meal: its page; several: the member's local list.
  const link = meals.length === 1 ? `/meal/${meals[0].mealId}` : "/";

  await sendOutbound(context, user, language, say, {
    category: "alerts",
    text,
    link,
    tag: `alert-${alertId}`,
    topic: `alert${alertId.replaceAll("-", "").slice(0, 27)}`,
  });
}
