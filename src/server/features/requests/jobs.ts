/**
 * The jobs a request's moves leave behind (docs/features/households.md points 2 and 4; docs/DESIGN.md
 * §6d): each is enqueued in the transaction of the change that causes it, so a rolled-back change
 * leaves no job. Their handlers live in waitlist.ts (offers, lapses) and pickup.ts (settling); this
 * module only schedules, so the moves and the handlers can both call it without importing each other.
 */
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { requests } from "../../db/schema";
import { enqueueJob, QUEUES } from "../../jobs/queue";

/** How long after the window ends an unconfirmed pickup is wound up. */
export const SETTLE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Queues offering a meal's freed portions to its waiting list; call it in the transaction that frees them. */
export async function enqueueWaitlistOffer(tx: Executor, mealId: string): Promise<void> {
  await enqueueJob(tx, QUEUES.waitlistOffer, { mealId });
}

/** Queues the lapse of a waiting-list offer at the end of its hold. */
export async function enqueueHoldLapse(tx: Executor, requestId: string, holdUntil: Date): Promise<void> {
  await enqueueJob(tx, QUEUES.requestHold, { requestId }, { startAfter: holdUntil });
}

/** Enqueues the winding-up of an accepted request; call it in the transaction that accepts it. */
export async function schedulePickupSettle(tx: Executor, requestId: string, windowEnd: Date): Promise<void> {
  await enqueueJob(
    tx,
    QUEUES.pickupSettle,
    { requestId },
    { startAfter: new Date(windowEnd.getTime() + SETTLE_AFTER_MS) },
  );
}

/**
 * Enqueues again the winding-up of a meal's accepted requests after its window moved (call it in the
 * transaction of the change): a job that comes early, or finds the request settled, does nothing.
 */
export async function reschedulePickupSettles(tx: Executor, mealId: string, windowEnd: Date): Promise<void> {
  const accepted = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.mealId, mealId), eq(requests.status, "accepted")));
  for (const request of accepted) await schedulePickupSettle(tx, request.id, windowEnd);
}
