/**
 * This instance's background work: the live hub that fans NOTIFY out to its SSE streams
 * (docs/decisions/005), and the job queue (docs/decisions/007) — notifications taken to push and
 * email, pickup reminders when they fall due, new meals matched against alerts and the alerts'
 * digests (docs/decisions/009), waiting-list offers and their lapse, pickups wound up, weekly meals'
 * next weeks (docs/features/households.md), and the scheduled jobs: the sweeps of abandoned
 * uploads and ended rate-limit windows every 10 minutes, and the cook certificate check hourly.
 * Scheduled jobs run through pg-boss's cron, so each period's run happens once across all
 * instances, however many there are.
 */
import type { Agent } from "node:https";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { sendAlertDigest } from "../features/alerts/digest";
import { matchMealAlerts } from "../features/alerts/matching";
import { runCertificateJob } from "../features/cooks/service";
import { makeOccurrence } from "../features/meals/series";
import { createMeal } from "../features/meals/service";
import { deliverNotification } from "../features/notifications/delivery";
import { createMailer } from "../features/notifications/email";
import { loadVapidKeys, pushSender } from "../features/notifications/push";
import { sweepAbandonedUploads } from "../features/photos/service";
import { settlePickup } from "../features/requests/pickup";
import { sendPickupReminder } from "../features/requests/reminders";
import { lapseHeldOffer, offerFreedPortions } from "../features/requests/waitlist";
import { QUEUES, startJobQueue } from "../jobs/queue";
import { type LiveHub, startLiveHub } from "../live/hub";
import { registerMetrics } from "../metrics";
import { sweepRateLimits } from "../rate-limit-store";
import type { ObjectStorage } from "../storage/storage";

/** When the scheduled jobs run (cron, UTC). */
export const SCHEDULES = {
  [QUEUES.sweep]: "*/10 * * * *",
  [QUEUES.certificates]: "0 * * * *",
} as const;

export interface Background {
  hub: LiveHub;
  /** The VAPID public key browsers subscribe to push with. */
  vapidPublicKey: string;
}

export async function startBackground(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    storage: ObjectStorage;
    pushAgent?: Agent;
    /** Told when a member's sessions ended or their row changed, on any instance (null: anyone's). */
    onUsersChanged?: (userId: string | null) => void;
  },
): Promise<Background> {
  const { config, database, storage } = deps;
  const { db } = database;

  // Streams are closed before the server closes (it would otherwise wait for them), the
  // listener after.
  const hub = await startLiveHub(database, app.log, deps.onUsersChanged);
  app.addHook("preClose", async () => hub.closeStreams());
  registerMetrics(app, { config, database, hub });
  app.addHook("onClose", async () => hub.close());

  const mailer = createMailer(config, app.log);
  const vapidKeys = await loadVapidKeys(db, config.push.vapidKeys);
  const delivery = {
    db,
    mailer,
    push: pushSender(config, vapidKeys, deps.pushAgent),
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    currency: config.currency,
    defaultLanguage: config.defaultLanguage,
    onError: (error: unknown) => app.log.warn({ err: error }, "a push could not be sent"),
  };
  const jobs = await startJobQueue(
    database,
    {
      [QUEUES.delivery]: (data) => deliverNotification(delivery, data),
      [QUEUES.reminder]: (data) => sendPickupReminder(db, data),
      [QUEUES.alertMatching]: async (data) => {
        await matchMealAlerts(db, data, config.alertDigestMinutes);
      },
      [QUEUES.alertDigest]: (data) =>
        sendAlertDigest({ ...delivery, digestMinutes: config.alertDigestMinutes }, data),
      // docs/features/households.md: waiting-list offers and their lapse, pickups wound up, weekly meals.
      [QUEUES.waitlistOffer]: async (data) => {
        await offerFreedPortions(db, data);
      },
      [QUEUES.requestHold]: (data) => lapseHeldOffer(db, data),
      [QUEUES.pickupSettle]: (data) => settlePickup(db, data),
      [QUEUES.mealSeries]: async (data) => {
        await makeOccurrence(db, data, (tx, owner, input, series) => createMeal(tx, owner, input, series));
      },
      // The two sweeps are independent: one failing does not keep the other from running; the
      // job then fails and is retried (each sweep is idempotent).
      [QUEUES.sweep]: async () => {
        const results = await Promise.allSettled([
          sweepAbandonedUploads(db, storage),
          database.driver.kind === "pg" ? sweepRateLimits(db) : Promise.resolve(),
        ]);
        const failed = results.find((result) => result.status === "rejected");
        if (failed) throw failed.reason;
      },
      // Each reminder and lapse is one UPDATE … RETURNING, so a retried run repeats nothing.
      [QUEUES.certificates]: async () => {
        const { reminded, lapsed } = await runCertificateJob(db);
        if (reminded || lapsed) app.log.info({ reminded, lapsed }, "cook certificates checked");
      },
    },
    {
      pollingSeconds: config.jobPollingSeconds,
      schedules: config.scheduledJobs ? SCHEDULES : {},
      onError: (error) => app.log.warn({ err: error }, "a job failed"),
    },
  );
  app.addHook("onClose", async () => {
    await jobs.stop().catch((error) => app.log.warn({ err: error }, "stopping the job queue failed"));
    mailer.close();
  });
  return { hub, vapidPublicKey: vapidKeys.publicKey };
}
