/**
 * Pickups both sides confirm (docs/features/households.md point 4). At acceptance the eater's thread
 * gets a 4-digit code; at pickup the cook types it (or opens the link its QR holds) and the request is
 * Completed. Otherwise each side says it happened ("Picked up", "Handed over": status.ts) and the
 * request completes when both have. The `pickup-settle` job, due 24 hours after the window ends, winds
 * up what is left: one side's word and no objection from the other (a no-show report) completes it;
 * nobody's word makes it a no-show on both sides. Five wrong codes lock the code for ten minutes.
 */
import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { msg } from "../../../contract/messages";
import { type Executor, inTransaction } from "../../db/client";
import { meals, requests, type UserRow } from "../../db/schema";
import { AppError, conflict, forbidden, notFound } from "../../errors";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { publishLiveEvents } from "../../live/hub";
import { createNotification } from "../notifications/service";
import { participantOf } from "./policy";
import { displayName, getRequestRow, type ListedRequest } from "./service";
import { statusEvent } from "./status";

/** Wrong codes in a row that lock the code, and for how long. */
export const CODE_TRIES = 5;
export const CODE_LOCK_MS = 10 * 60 * 1000;
/** How long after the window ends an unconfirmed pickup is wound up. */
export const SETTLE_AFTER_MS = 24 * 60 * 60 * 1000;

/** A fresh pickup code: four digits, leading zeros kept. */
export const newPickupCode = () => String(randomInt(0, 10_000)).padStart(4, "0");

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

/**
 * The cook types the eater's code: right, and the request is Completed; wrong, and one try is used.
 * @throws AppError 404 not a participant; 403 the eater (the code is theirs to show, not to type);
 *   409 not an accepted request; 400 a wrong code (saying how many tries are left); 429 `code_locked`
 *   after five wrong codes, for ten minutes (`retryAfterSeconds`)
 */
export async function submitPickupCode(
  db: Executor,
  cook: UserRow,
  id: string,
  code: string,
): Promise<ListedRequest> {
  // A wrong try is written even though the answer is an error: the transaction returns it, then throws.
  const outcome = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ request: requests, meal: { title: meals.title, pickupWindowStart: meals.pickupWindowStart } })
      .from(requests)
      .innerJoin(meals, eq(meals.id, requests.mealId))
      .where(eq(requests.id, id))
      .for("update", { of: requests })
      .limit(1);
    const who = row ? participantOf(cook.id, row.request) : null;
    if (!row || !who) throw notFound(msg("Request not found"));
    if (who !== "owner") throw forbidden(msg("Only the cook enters the pickup code."));
    const { request, meal } = row;
    if (request.status !== "accepted") {
      throw conflict(msg("Only an accepted request has a pickup code."), "not_accepted");
    }
    const now = Date.now();
    if (request.codeLockedUntil && request.codeLockedUntil.getTime() > now) {
      return {
        kind: "locked",
        seconds: Math.ceil((request.codeLockedUntil.getTime() - now) / 1000),
      } as const;
    }
    if (code !== request.pickupCode) {
      const failures = request.codeFailures + 1;
      const lock = failures >= CODE_TRIES;
      await tx
        .update(requests)
        .set(
          lock
            ? { codeFailures: 0, codeLockedUntil: new Date(now + CODE_LOCK_MS) }
            : { codeFailures: failures },
        )
        .where(eq(requests.id, id));
      return lock
        ? ({ kind: "locked", seconds: CODE_LOCK_MS / 1000 } as const)
        : ({ kind: "wrong", triesLeft: CODE_TRIES - failures } as const);
    }
    const [updated] = await tx
      .update(requests)
      .set({
        status: "completed",
        ownerConfirmedAt: sql`coalesce(${requests.ownerConfirmedAt}, now())`,
        eaterConfirmedAt: sql`coalesce(${requests.eaterConfirmedAt}, now())`,
        codeFailures: 0,
        updatedAt: sql`now()`,
      })
      .where(eq(requests.id, id))
      .returning();
    await createNotification(tx, {
      userId: request.eaterId,
      type: "request_status",
      message: msg('{{name}} marked "{{title}}" as completed'),
      params: { name: displayName(cook), title: meal.title },
      link: `/request/${id}`,
      requestId: id,
      deliver: false,
    });
    await publishLiveEvents(tx, [
      statusEvent(updated, meal, updated.ownerId, "owner"),
      statusEvent(updated, meal, updated.eaterId, "eater"),
    ]);
    return { kind: "done" } as const;
  });
  if (outcome.kind === "locked") {
    const minutes = Math.ceil(outcome.seconds / 60);
    throw new AppError(
      429,
      "code_locked",
      msg("Too many wrong codes. Try again in {{minutes}} minutes.", { minutes }),
      undefined,
      { minutes },
      outcome.seconds,
    );
  }
  if (outcome.kind === "wrong") {
    const message = msg("That code is not right: {{count}} tries left.", { count: outcome.triesLeft });
    throw new AppError(400, "wrong_code", message, { code: message }, { count: outcome.triesLeft });
  }
  return getRequestRow(db, cook.id, id);
}

const settleSchema = z.object({ requestId: z.uuid() });

/**
 * The `pickup-settle` job: 24 hours after an accepted request's window ends, one side's word completes
 * it and nobody's makes it a no-show on both sides; a window moved later waits for its new end.
 */
export async function settlePickup(db: Executor, data: unknown): Promise<void> {
  const job = settleSchema.safeParse(data);
  if (!job.success) return;
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        request: requests,
        meal: {
          title: meals.title,
          pickupWindowStart: meals.pickupWindowStart,
          pickupWindowEnd: meals.pickupWindowEnd,
        },
      })
      .from(requests)
      .innerJoin(meals, eq(meals.id, requests.mealId))
      .where(eq(requests.id, job.data.requestId))
      .for("update", { of: requests })
      .limit(1);
    if (row?.request.status !== "accepted") return;
    const { request, meal } = row;
    const due = meal.pickupWindowEnd.getTime() + SETTLE_AFTER_MS;
    if (due > Date.now() + 60_000) {
      await schedulePickupSettle(tx, request.id, meal.pickupWindowEnd);
      return;
    }
    const confirmed = request.eaterConfirmedAt !== null || request.ownerConfirmedAt !== null;
    const [updated] = await tx
      .update(requests)
      .set(confirmed ? { status: "completed" } : { status: "no_show", noShowParty: "both" })
      .where(eq(requests.id, request.id))
      .returning();
    for (const userId of [request.eaterId, request.ownerId]) {
      await createNotification(tx, {
        userId,
        type: "request_status",
        message: confirmed
          ? msg(
              'The pickup of "{{title}}" is completed: one of you confirmed it and the other did not object',
            )
          : msg('Nobody confirmed the pickup of "{{title}}", so it counts as a no-show'),
        params: { title: meal.title },
        link: `/request/${request.id}`,
        requestId: request.id,
        deliver: false,
        dedupeKey: `settle:${request.id}:${userId}`,
      });
    }
    await publishLiveEvents(tx, [
      statusEvent(updated, meal, updated.ownerId, "owner"),
      statusEvent(updated, meal, updated.eaterId, "eater"),
    ]);
  });
}
