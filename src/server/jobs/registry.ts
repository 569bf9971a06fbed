/**
 * What each job queue does, and when the scheduled ones run (docs/decisions/007; docs/ARCHITECTURE.md
 * "jobs/"): notifications taken to push and email, pickup reminders when they fall due, new meals
 * matched against alerts and the alerts' digests (docs/decisions/009), waiting-list offers and their
 * lapse, pickups wound up, weekly meals' next weeks (docs/features/households.md), and the scheduled
 * sweeps of abandoned uploads, ended rate-limit windows, aged rows (retention.ts) and meals whose
 * window has passed (`markEndedMeals`) every 10 minutes
 * and the cook certificate check hourly. The background plugin starts the queue with these.
 */

import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/types";
import { eraseDueAccounts, makeExport, sweepExpiredExports } from "../features/accounts";
import { matchMealAlerts, sendAlertDigest } from "../features/alerts";
import { runCertificateJob } from "../features/cooks";
import { runScheduledDraw, tellDrawLine } from "../features/draws";
import { closeReview } from "../features/groups";
import { makeOccurrence, markEndedMeals, remindSavedEnding } from "../features/meals";
import { sendConfirmation } from "../features/newsletter";
import { type DeliveryContext, deliverNotification } from "../features/notifications";
import { runPaymentCommand, settleAgingHolds, stripeOf } from "../features/payments";
import { sweepAbandonedUploads } from "../features/photos";
import { openGroupFirstMeal, postOccurrence } from "../features/posting";
import { lapseHeldOffer, offerFreedPortions, sendPickupReminder, settlePickup } from "../features/requests";
import { sweepRateLimits } from "../rate-limit-store";
import { sweepAgedRows } from "../retention";
import type { ObjectStorage } from "../storage/storage";
import { QUEUES, type QueueName, type QueueWork } from "./queue";

/** When the scheduled jobs run (cron, UTC). */
export const SCHEDULES = {
  [QUEUES.sweep]: "*/10 * * * *",
  [QUEUES.certificates]: "0 * * * *",
} as const;

/** The schedules of a deployment: card holds' expiry only where card payments are set up (docs/decisions/022). */
export const schedulesFor = (config: Pick<Config, "payments">): Partial<Record<QueueName, string>> =>
  config.payments ? { ...SCHEDULES, [QUEUES.paymentExpiry]: "15 * * * *" } : SCHEDULES;

/**
 * How each queue is worked on one instance (docs/decisions/012, measured by bench/jobs.ts): jobs that
 * wait on other servers (push, email) run several at once; jobs that take a meal's row lock (offers,
 * lapses, settling, weekly meals) one after the other, since they would only wait for each other;
 * every queue takes its due jobs in batches and drains a burst without waiting the polling interval.
 */
const WORK: Record<QueueName, Omit<QueueWork, "handle">> = {
  [QUEUES.delivery]: { batchSize: 10, workers: 4 },
  [QUEUES.reminder]: { batchSize: 10, workers: 1 },
  [QUEUES.alertMatching]: { batchSize: 10, workers: 2 },
  [QUEUES.alertDigest]: { batchSize: 10, workers: 4 },
  [QUEUES.waitlistOffer]: { batchSize: 10, workers: 1 },
  [QUEUES.requestHold]: { batchSize: 10, workers: 1 },
  [QUEUES.pickupSettle]: { batchSize: 10, workers: 1 },
  [QUEUES.mealSeries]: { batchSize: 10, workers: 1 },
  [QUEUES.groupMealOpen]: { batchSize: 10, workers: 1 },
  [QUEUES.mealDraw]: { batchSize: 5, workers: 1 },
  [QUEUES.drawLine]: { batchSize: 5, workers: 1 },
  [QUEUES.newsletterConfirmation]: { batchSize: 10, workers: 2 },
  // A ZIP of a member's photos is held in memory while it is made: one at a time per instance.
  [QUEUES.dataExport]: { batchSize: 1, workers: 1 },
  [QUEUES.savedMealEnding]: { batchSize: 10, workers: 1 },
  [QUEUES.groupReviewClose]: { batchSize: 10, workers: 1 },
  [QUEUES.sweep]: { batchSize: 1, workers: 1 },
  [QUEUES.certificates]: { batchSize: 1, workers: 1 },
  // Stripe calls wait on Stripe: a few at once.
  [QUEUES.paymentCommand]: { batchSize: 10, workers: 2 },
  [QUEUES.paymentExpiry]: { batchSize: 1, workers: 1 },
};

/** Every queue's handler with how it is worked (`WORK`), for one instance. */
export function jobQueues(
  deps: Parameters<typeof jobHandlers>[0],
  work: Partial<Record<QueueName, Omit<QueueWork, "handle">>> = WORK,
): Record<QueueName, QueueWork> {
  const handlers = jobHandlers(deps);
  // PGlite is one connection: more workers would only poll more, never run at once.
  const single = deps.database.driver.kind === "pglite";
  return Object.fromEntries(
    (Object.keys(handlers) as QueueName[]).map((queue) => [
      queue,
      { handle: handlers[queue], ...work[queue], ...(single ? { workers: 1 } : {}) },
    ]),
  ) as Record<QueueName, QueueWork>;
}

/** Every queue's handler, for one instance. */
export function jobHandlers(deps: {
  config: Config;
  database: Database;
  storage: ObjectStorage;
  delivery: DeliveryContext;
  log: FastifyBaseLogger;
}): Record<QueueName, QueueWork["handle"]> {
  const { config, database, storage, delivery, log } = deps;
  const { db } = database;
  return {
    [QUEUES.delivery]: (data) => deliverNotification(delivery, data),
    [QUEUES.reminder]: (data) => sendPickupReminder(db, data),
    [QUEUES.alertMatching]: async (data) => {
      await matchMealAlerts(db, data, config.alertDigestMinutes);
    },
    [QUEUES.alertDigest]: (data) =>
      sendAlertDigest({ ...delivery, digestMinutes: config.alertDigestMinutes }, data),
    // docs/features/households.md: waiting-list offers and their lapse, pickups wound up, weekly meals.
    [QUEUES.waitlistOffer]: async (data) => {
      await offerFreedPortions(db, data, config.freeMealsPer28Days);
    },
    [QUEUES.requestHold]: (data) => lapseHeldOffer(db, data),
    [QUEUES.pickupSettle]: (data) => settlePickup(db, data),
    [QUEUES.mealSeries]: async (data) => {
      await makeOccurrence(db, data, postOccurrence);
    },
    // docs/features/groups.md point 3: a group-first meal opens to everyone, once.
    [QUEUES.groupMealOpen]: async (data) => {
      await openGroupFirstMeal(db, data);
    },
    [QUEUES.mealDraw]: async (data) => {
      await runScheduledDraw(db, data, config.freeMealsPer28Days);
    },
    [QUEUES.drawLine]: async (data) => {
      await tellDrawLine(db, data);
    },
    [QUEUES.newsletterConfirmation]: (data) => sendConfirmation(delivery, data),
    [QUEUES.dataExport]: (data) => makeExport({ ...delivery, storage }, data),
    [QUEUES.savedMealEnding]: (data) => remindSavedEnding(db, data),
    // docs/decisions/020 "Membership review": a review closes once, when its time is up.
    [QUEUES.groupReviewClose]: async (data) => {
      await closeReview(db, data);
    },
    [QUEUES.sweep]: () => sweepAll({ config, database, storage, log }),
    // Each reminder and lapse is one UPDATE … RETURNING, so a retried run repeats nothing.
    // docs/decisions/022: each command carries an idempotency key; the expiry's settling is one
    // transaction per hold, so a retried run repeats nothing.
    [QUEUES.paymentCommand]: (data) =>
      runPaymentCommand(db, config.payments ? stripeOf(config.payments) : null, data, log),
    [QUEUES.paymentExpiry]: async () => {
      const settled = await settleAgingHolds(db);
      if (settled) log.info({ settled }, "card holds settled before they lapse");
    },
    [QUEUES.certificates]: async () => {
      const { reminded, lapsed } = await runCertificateJob(db);
      if (reminded || lapsed) log.info({ reminded, lapsed }, "cook certificates checked");
    },
  };
}

/**
 * The `sweep` job. The sweeps are independent: one failing does not keep the others from running;
 * the job then fails and is retried (each sweep is idempotent).
 */
async function sweepAll(deps: {
  config: Config;
  database: Database;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
}) {
  const { config, database, storage, log } = deps;
  const { db } = database;
  const results = await Promise.allSettled([
    sweepAbandonedUploads(db, storage),
    database.driver.kind === "pg" ? sweepRateLimits(db) : Promise.resolve(),
    sweepAgedRows(db, config.retentionDays),
    eraseDueAccounts(db, storage, { dataDir: config.dataDir, log }),
    sweepExpiredExports(db, storage),
    markEndedMeals(db),
  ]);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}
