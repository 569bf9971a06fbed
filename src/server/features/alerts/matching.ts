/**
 * Matching a posted meal against the alerts around it (docs/DESIGN.md §6c; docs/features/
 * neighbourhood.md point 6). Once per posted (or reactivated) meal, a job runs one statement in the
 * database: the GiST index finds the alerts whose circle's box holds the meal's point, and only those
 * are checked for distance, kind, search text, allergens, blocks and suspension — never a loop over
 * all alerts in Node. Each match is a row of `alert_matches`, so a job run twice (a retry, a second
 * instance) matches nothing twice; its in-app notification is created in the same transaction, and
 * the push and email go out through the alert's digest job (digest.ts).
 */

import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { msg } from "../../../contract/messages";
import { type Executor, inTransaction, queryRows } from "../../db/client";
import { alertMatches, mealAlerts, meals } from "../../db/schema";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { notBlockedWith } from "../blocks";
import { mentionsNoneOfColumn, OPEN_MEAL_SQL, visibleToSql } from "../meals";
import { countInNotification } from "../notifications";

/**
 * The statement that finds the alerts a meal matches and records the matches; `npm run bench`
 * EXPLAINs it. Alerts of the meal's owner, of members blocked either way and of suspended members
 * never match; nor do paused alerts, a meal that is not open or has no point, or a members-only meal
 * for anyone outside its group (meals/visibility.ts).
 * @returns rows of (alertId, userId, title) for the matches it recorded
 */
export function matchStatement(mealId: string, options: { record: boolean } = { record: true }) {
  const matches = sql`
    select a.id as "alertId", a.user_id as "userId", ${meals.title} as "title"
    from ${meals}
    join meal_alerts a on a.area @> ${meals.geoPoint} and not a.paused
    join users u on u.id = a.user_id and u.suspended_at is null
    where ${meals.id} = ${mealId}::uuid
      and ${OPEN_MEAL_SQL} and ${meals.geoPoint} is not null
      and earth_distance(ll_to_earth(a.latitude, a.longitude), ${meals.geoPoint}::earth) <= a.radius_km * 1000.0
      and a.user_id <> ${meals.ownerId}
      and (a.kind is null or a.kind = ${meals.kind})
      and (a.query is null or ${meals.searchDoc} @@ a.query)
      and ${mentionsNoneOfColumn(sql`a.exclude_allergens`)}
      and ${notBlockedWith(sql`a.user_id`, meals.ownerId)}
      and ${visibleToSql(sql`a.user_id`)}`;
  if (!options.record) return matches;
  return sql`
    with matched as (${matches}),
    recorded as (
      insert into alert_matches (alert_id, meal_id, user_id)
      select "alertId", ${mealId}::uuid, "userId" from matched
      on conflict do nothing
      returning alert_id, user_id)
    select recorded.alert_id as "alertId", recorded.user_id as "userId", matched.title as "title"
    from recorded join matched on matched."alertId" = recorded.alert_id`;
}

const jobSchema = z.object({ mealId: z.uuid() });

/**
 * Queues the matching of a meal that was just posted, reactivated or given a point; call it in that
 * change's transaction.
 */
export async function enqueueAlertMatching(tx: Executor, mealId: string): Promise<void> {
  await enqueueJob(tx, QUEUES.alertMatching, { mealId });
}

/**
 * The `meal-alert-matching` job: records the meal's new matches, tells each member in the app — one
 * notification per member and digest interval, counting the meals — and queues each matched alert's
 * digest.
 * @param digestMinutes the alerts' push and email interval (`ALERT_DIGEST_MINUTES`)
 * @returns how many alerts matched anew
 */
export async function matchMealAlerts(db: Executor, data: unknown, digestMinutes: number): Promise<number> {
  const job = jobSchema.safeParse(data);
  if (!job.success) return 0;
  const { mealId } = job.data;
  return inTransaction(db, async (tx) => {
    const matched = await queryRows<{ alertId: string; userId: string; title: string }>(
      tx,
      matchStatement(mealId),
    );
    if (matched.length === 0) return 0;
    const byUser = new Map<string, string>();
    for (const match of matched) byUser.set(match.userId, match.title);
    // One in-app notification per member and digest interval: the first meal names itself, more make
    // it "N new meals near you", pointing at their local list.
    for (const [userId, title] of byUser) {
      const notification = await countInNotification(tx, {
        userId,
        type: "meal_alert",
        intervalMs: digestMinutes * 60_000,
        first: { message: msg("New meal near you: {{title}}"), params: { title }, link: `/meal/${mealId}` },
        counted: { message: msg("{{count}} new meals near you"), link: "/" },
      });
      await tx
        .update(alertMatches)
        .set({ notificationId: notification.id })
        .where(and(eq(alertMatches.mealId, mealId), eq(alertMatches.userId, userId)));
    }
    // Each alert's digest goes out now, or when its interval since the last one has passed.
    const alerts = await tx
      .select({ id: mealAlerts.id, lastSentAt: mealAlerts.lastSentAt })
      .from(mealAlerts)
      .where(inArray(mealAlerts.id, [...new Set(matched.map((match) => match.alertId))]));
    for (const alert of alerts) {
      const due = alert.lastSentAt ? alert.lastSentAt.getTime() + digestMinutes * 60_000 : 0;
      await enqueueJob(
        tx,
        QUEUES.alertDigest,
        { alertId: alert.id },
        due > Date.now() ? { startAfter: new Date(due) } : {},
      );
    }
    return matched.length;
  });
}

/** Whether a meal's change makes it newly visible to alerts: posted open, reactivated, or placed. */
export function becomesAlertable(
  before: Pick<typeof meals.$inferSelect, "isActive" | "latitude"> | null,
  after: Pick<typeof meals.$inferSelect, "isActive" | "latitude">,
): boolean {
  if (!after.isActive || after.latitude == null) return false;
  return !before?.isActive || before.latitude == null;
}
