/**
 * The durable job queue (docs/DESIGN.md §6 and §6a; docs/features/notifications.md point 5): pg-boss, on
 * PostgreSQL and on PGlite through the same code path — pg-boss talks to the database only through an
 * `executeSql(text, values)` adapter, which both drivers provide (docs/decisions/007).
 *
 * A job is inserted in the transaction of the change that causes it (`enqueueJob(tx, …)`), so a
 * rolled-back change leaves no job and a committed one cannot lose its job to a crash. Every
 * instance runs workers; pg-boss hands each job to one of them (`FOR UPDATE SKIP LOCKED`), and a
 * job whose worker died is retried after it expires, so handlers are written to be idempotent.
 */
import { type SQL, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Database, Executor } from "../db/types";

/** The queues the app uses, each with its handler registered in app.ts. */
export const QUEUES = {
  /** Push and email for one notification (features/notifications/delivery.ts). */
  delivery: "notification-delivery",
  /** A pickup reminder falling due (features/requests/reminders.ts). */
  reminder: "pickup-reminder",
  /** Scheduled: abandoned uploads and ended rate-limit windows (plugins/background.ts). */
  sweep: "sweep",
  /** Scheduled: cook certificate reminders and lapses (features/cooks/service.ts). */
  certificates: "cook-certificates",
  /** A posted meal matched against the alerts around it (features/alerts/matching.ts). */
  alertMatching: "meal-alert-matching",
  /** An alert's push and email, at most one per interval (features/alerts/digest.ts). */
  alertDigest: "meal-alert-digest",
  /** A meal's freed portions offered to its waiting list (features/requests/waitlist.ts). */
  waitlistOffer: "waitlist-offer",
  /** A waiting-list offer not taken up in time lapses (features/requests/waitlist.ts). */
  requestHold: "request-hold",
  /** An accepted request wound up a day after its window (features/requests/pickup.ts). */
  pickupSettle: "pickup-settle",
  /** A weekly meal's next occurrence, made a day before its pickup (features/meals/series.ts). */
  mealSeries: "meal-series",
  /** A group-first meal shared with everyone when its hour comes (features/posting/opening.ts). */
  groupMealOpen: "group-meal-open",
  /** A meal's draw when its entries close (features/draws/run.ts). */
  mealDraw: "meal-draw",
  /** Telling a made draw's waiting list their places (features/draws/run.ts). */
  drawLine: "meal-draw-line",
  /** The confirmation link of a mailing-list sign-up (features/newsletter/confirmation.ts). */
  newsletterConfirmation: "newsletter-confirmation",
  /** A member's data export, made into a ZIP (features/accounts/export.ts). */
  dataExport: "data-export",
  /** A saved meal's saver told it ends within the hour (features/meals/saved.ts). */
  savedMealEnding: "saved-meal-ending",
  /** A group's membership review closed when its time is up (features/groups/reviews.ts). */
  groupReviewClose: "group-review-close",
  /** A card payment's capture, void or refund sent to Stripe (features/payments/service.ts). */
  paymentCommand: "payment-command",
  /** Scheduled: card holds six days old captured or voided before they lapse (features/payments/service.ts). */
  paymentExpiry: "payment-expiry",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** What pg-boss needs of a database: one statement (or, without values, a script) and its rows. */
interface SqlAdapter {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's positional SQL (`$1`, `$2`, …) as a Drizzle query with the same parameters, so a job
 * can be inserted through a Drizzle transaction on either driver.
 */
function positionalSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  const placeholder = /\$(\d+)/g;
  let last = 0;
  for (let match = placeholder.exec(text); match; match = placeholder.exec(text)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    last = placeholder.lastIndex;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

const executorAdapter = (db: Executor): SqlAdapter => ({
  // Both drivers answer `execute` with `{ rows }`.
  executeSql: async (text, values = []) =>
    (await db.execute(positionalSql(text, values))) as unknown as { rows: unknown[] },
});

/**
 * The adapter pg-boss's own work runs on (fetching, completing, maintenance, its schema). On
 * PGlite a statement without values may be a whole script (pg-boss installs its schema in one),
 * which only `exec` runs.
 */
function databaseAdapter(database: Database): SqlAdapter {
  const { driver } = database;
  if (driver.kind === "pg") {
    return { executeSql: (text, values) => driver.pool.query(text, values as unknown[]) };
  }
  return {
    executeSql: async (text, values) => {
      if (values && values.length > 0) return driver.client.query(text, values as unknown[]);
      const results = await driver.client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

// Sending needs only pg-boss's SQL, never a started instance: every send passes its own `db`.
const sender = new PgBoss({
  db: {
    executeSql: () => {
      throw new Error("enqueueJob passes the database or transaction to use");
    },
  },
});

/**
 * Inserts a job, in `db`'s transaction when it is one.
 * @param options.startAfter when it falls due (default now)
 * @throws Error when the queue does not exist (pg-boss inserts nothing then)
 */
export async function enqueueJob(
  db: Executor,
  queue: QueueName,
  data: object,
  options: { startAfter?: Date } = {},
): Promise<string> {
  const id = await sender.send(queue, data, { ...options, db: executorAdapter(db) } as PgBoss.SendOptions);
  if (!id) throw new Error(`job queue ${queue} does not exist`);
  return id;
}

/**
 * Inserts many jobs of one queue in one statement, in `db`'s transaction when it is one (a draw's
 * thousands of notifications to deliver).
 */
export async function enqueueJobs(db: Executor, queue: QueueName, data: readonly object[]): Promise<void> {
  if (data.length === 0) return;
  await sender.insert(
    data.map((item) => ({ name: queue, data: item })),
    { db: executorAdapter(db) } as PgBoss.InsertOptions,
  );
}

/** Retries of a failed job, and how long a worker may hold one before it counts as dead. */
const QUEUE_OPTIONS = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 };

/** pg-boss on `database`, doing nothing by itself beyond what it is asked (no cron unless asked). */
const bossOn = (database: Database, options: Partial<PgBoss.ConstructorOptions> = {}) =>
  new PgBoss({
    db: databaseAdapter(database),
    schedule: false,
    ...options,
  } as PgBoss.ConstructorOptions);

/**
 * Installs or upgrades pg-boss's schema (`pgboss`) and creates the app's queues, so any code that
 * opens the database (the server, `npm run seed`, tests) can enqueue; part of migrating
 * (db/client.ts). Instances starting together are safe: pg-boss installs under an advisory lock
 * and creating a queue twice does nothing.
 */
export async function installJobSchema(database: Database): Promise<void> {
  const boss = bossOn(database, { supervise: false });
  await boss.start();
  for (const queue of Object.values(QUEUES)) {
    await boss.createQueue(queue, { name: queue, ...QUEUE_OPTIONS });
  }
  await boss.stop({ graceful: false, close: false, wait: true });
}

/** A queue's handler: it gets one job's data; throwing fails the job, which is retried. */
export type JobHandler = (data: unknown) => Promise<void>;

/**
 * How an instance works one queue (jobs/registry.ts chooses per queue, by measurement:
 * docs/decisions/012): its handler, how many jobs one fetch takes, and how many workers fetch at
 * once. A fetch that comes back full is followed by the next at once; only an empty or short one
 * waits the polling interval.
 */
export interface QueueWork {
  handle: JobHandler;
  batchSize?: number;
  workers?: number;
}

/** The running queue of one instance. */
export interface JobQueue {
  /** Stops fetching, waits up to `timeoutMs` for jobs in hand, leaves the database open. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Keeps count of what a running queue is doing — pg-boss's statements and our handlers — so that
 * stopping can wait until both are idle. pg-boss fetches, completes and fails jobs without waiting
 * for the statement, and a fetch in flight when it is told to stop still hands out its job; waiting
 * for the pair to go quiet lets that job finish and be completed while the database is open.
 * After that, anything late is never started (a promise that never settles): its job stays active,
 * expires and is retried by a running instance.
 */
function drainable() {
  const busy = new Set<Promise<unknown>>();
  let stopped = false;
  const track = <T>(work: () => Promise<T>): Promise<T> => {
    if (stopped) return new Promise<T>(() => {});
    const running = work();
    busy.add(running);
    const done = () => busy.delete(running);
    running.then(done, done);
    return running;
  };
  const drain = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    // A settled handler is followed by its complete() a few microtasks later: look again after a
    // macrotask, until nothing is left.
    while (Date.now() < deadline) {
      await Promise.race([Promise.allSettled([...busy]), new Promise((resolve) => setTimeout(resolve, 100))]);
      await new Promise((resolve) => setImmediate(resolve));
      if (busy.size === 0) break;
    }
    stopped = true;
  };
  return { track, drain };
}

/**
 * Starts this instance's share of the queue (the schema is installed by then): works each queue
 * with its handler, runs pg-boss's maintenance (expiring jobs whose worker died, archiving), and
 * keeps the scheduled jobs. A schedule is pg-boss cron: every instance keeps the clock, but one
 * per monitoring interval looks at it (a row lock in pgboss), and each period's job is sent once
 * (a singleton key per minute), so a job scheduled hourly runs once an hour across all instances.
 * @param options.pollingSeconds how often an idle worker asks for due jobs (≥ 0.5)
 * @param options.schedules queue → cron expression (UTC) for the jobs that run by the clock
 * @param options.onError where failures of pg-boss itself and of handlers are reported
 * @param options.drain false waits the polling interval after every fetch, full or not (pg-boss's
 *   own loop, as before docs/decisions/012: `npm run bench` measures both)
 */
export async function startJobQueue(
  database: Database,
  queues: Record<QueueName, QueueWork>,
  options: {
    pollingSeconds: number;
    schedules: Partial<Record<QueueName, string>>;
    onError: (error: unknown) => void;
    drain?: boolean;
  },
): Promise<JobQueue> {
  const { track, drain } = drainable();
  const direct = databaseAdapter(database);
  const adapter: SqlAdapter = { executeSql: (text, values) => track(() => direct.executeSql(text, values)) };
  const scheduling = Object.keys(options.schedules).length > 0;
  const boss = bossOn(database, { db: adapter, schedule: scheduling } as Partial<PgBoss.ConstructorOptions>);
  boss.on("error", options.onError);
  await boss.start();
  for (const [queue, cron] of Object.entries(options.schedules)) {
    await boss.schedule(queue, cron, {}, { tz: "UTC" });
  }
  for (const [queue, { handle, batchSize = 1, workers = 1 }] of Object.entries(queues)) {
    for (let worker = 0; worker < workers; worker++) {
      let id = "";
      id = await boss.work(queue, { pollingIntervalSeconds: options.pollingSeconds, batchSize }, (jobs) =>
        track(async () => {
          // Each job succeeds or fails alone: pg-boss completes the batch's jobs still active after.
          for (const job of jobs) {
            try {
              await handle(job.data);
            } catch (error) {
              options.onError(error);
              await boss.fail(queue, job.id, {
                message: error instanceof Error ? error.message : String(error),
              });
            }
          }
          // A full batch says more are waiting: fetch again now, not after the polling interval.
          if (options.drain !== false && jobs.length >= batchSize) boss.notifyWorker(id);
        }),
      );
    }
  }
  return {
    stop: async (timeoutMs = 5_000) => {
      await boss.stop({ graceful: true, close: false, timeout: timeoutMs, wait: true });
      await drain(timeoutMs);
    },
  };
}
