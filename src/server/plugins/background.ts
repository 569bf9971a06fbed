/**
 * This instance's background work: the live hub that fans NOTIFY out to its SSE streams
 * (docs/decisions/005), and its share of the job queue (docs/decisions/007), with the handlers and
 * schedules of jobs/registry.ts. Scheduled jobs run through pg-boss's cron, so each period's run
 * happens once across all instances, however many there are.
 */
import type { Agent } from "node:https";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { loadVapidKeys, pushSender } from "../features/notifications";
import { startJobQueue } from "../jobs/queue";
import { jobQueues, schedulesFor } from "../jobs/registry";
import { type LiveHub, startLiveHub } from "../live/hub";
import { createMailer } from "../mail";
import { registerMetrics } from "../metrics";
import type { ObjectStorage } from "../storage/storage";

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
    mailStopAfter: config.email.stopAfter,
    onError: (error: unknown) => app.log.warn({ err: error }, "a push could not be sent"),
  };
  const jobs = await startJobQueue(
    database,
    jobQueues({ config, database, storage, delivery, log: app.log }),
    {
      pollingSeconds: config.jobPollingSeconds,
      schedules: config.scheduledJobs ? schedulesFor(config) : {},
      onError: (error) => app.log.warn({ err: error }, "a job failed"),
    },
  );
  app.addHook("onClose", async () => {
    await jobs.stop().catch((error) => app.log.warn({ err: error }, "stopping the job queue failed"));
    mailer.close();
  });
  return { hub, vapidPublicKey: vapidKeys.publicKey };
}
