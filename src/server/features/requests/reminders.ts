/**
 * Pickup reminders (docs/features/notifications.md point 5): for each accepted request, both parties
 * hear 1 hour before the pickup window opens (or at acceptance, if that is later), and the eater hears
 * when the window ends in 30 minutes without having said they picked it up.
 *
 * Each reminder is a durable job (jobs/queue.ts) enqueued in the transaction that accepts the
 * request, so a restart or a second instance neither loses nor doubles it: the job checks the
 * request and the meal's window again when it runs, and each reminder notification carries a
 * dedupe key, so a job that runs twice notifies once. A meal whose window moves has its reminders
 * enqueued again; a job that finds itself early waits for the new time.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type Message, msg } from "../../../contract/messages";
import { type Executor, inTransaction } from "../../db/client";
import { meals, requests } from "../../db/schema";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { createNotification } from "../notifications";

const MINUTE = 60_000;
/** How long before the window opens both parties are reminded. */
export const REMIND_BEFORE_START_MS = 60 * MINUTE;
/** How long before the window ends the eater is reminded. */
export const REMIND_BEFORE_END_MS = 30 * MINUTE;
/** A job this much early still counts as on time (clocks and polling are not exact). */
const EARLY_TOLERANCE_MS = MINUTE;

const reminderSchema = z.object({ requestId: z.uuid(), kind: z.enum(["starts", "ends"]) });
type Reminder = z.infer<typeof reminderSchema>;

interface Window {
  pickupWindowStart: Date;
  pickupWindowEnd: Date;
}

/**
 * When a reminder falls due for a window: 1 hour before it opens (never before `acceptedAt`: a
 * pickup accepted within the hour is reminded at once), or 30 minutes before it ends.
 */
function dueAt(kind: Reminder["kind"], window: Window, acceptedAt: Date): Date {
  if (kind === "starts") {
    return new Date(
      Math.max(acceptedAt.getTime(), window.pickupWindowStart.getTime() - REMIND_BEFORE_START_MS),
    );
  }
  return new Date(window.pickupWindowEnd.getTime() - REMIND_BEFORE_END_MS);
}

/**
 * Enqueues a request's reminders; call it in the transaction that accepts it.
 * @param now the acceptance time (tests pass their own)
 */
export async function scheduleReminders(
  tx: Executor,
  requestId: string,
  window: Window,
  now = new Date(),
): Promise<void> {
  if (window.pickupWindowEnd <= now) return;
  await enqueueJob(
    tx,
    QUEUES.reminder,
    { requestId, kind: "starts" },
    { startAfter: dueAt("starts", window, now) },
  );
  // Accepted within the last 30 minutes: the eater knows the window is ending.
  const ending = dueAt("ends", window, now);
  if (ending > now)
    await enqueueJob(tx, QUEUES.reminder, { requestId, kind: "ends" }, { startAfter: ending });
}

/**
 * Enqueues again the reminders of a meal's accepted requests after its pickup window changed
 * (call it in the transaction of the change): a reminder moved earlier goes out on time, and the
 * old job, finding the reminder sent or itself early, does nothing.
 */
export async function rescheduleMealReminders(tx: Executor, mealId: string, window: Window): Promise<void> {
  const accepted = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.mealId, mealId), eq(requests.status, "accepted")));
  for (const request of accepted) await scheduleReminders(tx, request.id, window);
}

/** The reminder before the window opens, said from `now`: in 1 hour, in N minutes, or now. */
function startsReminder(start: Date, now: Date): { message: Message; minutes?: number } {
  const minutes = Math.round((start.getTime() - now.getTime()) / MINUTE);
  if (minutes >= 55)
    return { message: msg('Pickup reminder: "{{title}}" can be picked up in 1 hour, at {{location}}.') };
  if (minutes >= 2) {
    return {
      message: msg('Pickup reminder: "{{title}}" can be picked up in {{minutes}} minutes, at {{location}}.'),
      minutes,
    };
  }
  return { message: msg('Pickup reminder: "{{title}}" can be picked up now, at {{location}}.') };
}

/**
 * The `pickup-reminder` job: notifies as the reminder says, if the request is still accepted and
 * the window still calls for it; a reminder found early (the window moved later) is enqueued for
 * its new time instead.
 */
export async function sendPickupReminder(db: Executor, data: unknown, now = new Date()): Promise<void> {
  const job = reminderSchema.safeParse(data);
  if (!job.success) return;
  const { requestId, kind } = job.data;
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        status: requests.status,
        eaterConfirmedAt: requests.eaterConfirmedAt,
        eaterId: requests.eaterId,
        ownerId: requests.feederId,
        title: meals.title,
        location: meals.pickupLocation,
        details: meals.pickupDetails,
        pickupWindowStart: meals.pickupWindowStart,
        pickupWindowEnd: meals.pickupWindowEnd,
      })
      .from(requests)
      .innerJoin(meals, eq(meals.id, requests.mealId))
      .where(eq(requests.id, requestId))
      .limit(1);
    // No longer agreed, or the window is over: nothing to remind. An eater who said they picked it up
    // needs no word that the window is ending (docs/features/households.md point 4).
    if (row?.status !== "accepted" || row.pickupWindowEnd <= now) return;
    if (kind === "ends" && row.eaterConfirmedAt) return;
    const due = dueAt(kind, row, now);
    if (due.getTime() - now.getTime() > EARLY_TOLERANCE_MS) {
      await enqueueJob(tx, QUEUES.reminder, { requestId, kind }, { startAfter: due });
      return;
    }
    const link = `/request/${requestId}`;
    // Both participants may read the private pickup details (requests/policy.ts mayReadPrivatePickup).
    const location = row.details ? `${row.location} (${row.details})` : row.location;
    if (kind === "starts") {
      const { message, minutes } = startsReminder(row.pickupWindowStart, now);
      const params = { title: row.title, location, ...(minutes ? { minutes } : {}) };
      for (const userId of [row.eaterId, row.ownerId]) {
        await createNotification(tx, {
          userId,
          type: "pickup_reminder",
          message,
          params,
          link,
          requestId,
          dedupeKey: `pickup:${requestId}:starts:${userId}`,
        });
      }
    } else {
      await createNotification(tx, {
        userId: row.eaterId,
        type: "pickup_reminder",
        message: msg('Pickup window ends in {{minutes}} minutes: "{{title}}" at {{location}}.'),
        params: { title: row.title, location, minutes: REMIND_BEFORE_END_MS / MINUTE },
        link,
        requestId,
        dedupeKey: `pickup:${requestId}:ends`,
      });
    }
  });
}
