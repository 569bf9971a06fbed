/**
 * Pickups both sides confirm (docs/features/households.md point 4). At acceptance the eater's thread
 * gets a 4-digit code; at pickup the cook types it (or opens the link its QR holds) and the request is
 * Completed. Otherwise each side says it happened ("Picked up", "Handed over": move.ts) and the
 * request completes when both have. The `pickup-settle` job, due 24 hours after the window ends, winds
 * up what is left: one side's word and no objection from the other (a no-show report) completes it;
 * nobody's word makes it a no-show on both sides. Five wrong codes lock the code for ten minutes.
 * Every status change goes through `moveRequest`.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { msg } from "../../../contract/messages";
import { authorize } from "../../abilities";
import { type Executor, inTransaction } from "../../db/client";
import { requests, type UserRow } from "../../db/schema";
import { AppError } from "../../errors";
import { SETTLE_AFTER_MS, schedulePickupSettle } from "./jobs";
import { moveRequest } from "./move";
import { pickupCodeRefusal } from "./policy";
import { getRequestRow, type ListedRequest } from "./service";
import { lockRequest, lockRequestFor } from "./status";

/** Wrong codes in a row that lock the code, and for how long. */
export const CODE_TRIES = 5;
export const CODE_LOCK_MS = 10 * 60 * 1000;
/**
 * A right code this long before the pickup window opens is asked about before it completes the
 * exchange: the meal was meant to change hands later (docs/features/everyday-journey.md).
 */
export const EARLY_CODE_MS = 2 * 60 * 60 * 1000;

/**
 * The cook types the eater's code: right, and the request is Completed; wrong, and one try is used.
 * @throws AppError 404 not a participant; 403 the eater (the code is theirs to show, not to type);
 *   409 not an accepted request; 409 `early_pickup` for a right code more than two hours before the
 *   pickup window unless `early` says the meal really changed hands now; 400 a wrong code (saying how
 *   many tries are left); 429 `code_locked` after five wrong codes, for ten minutes (`retryAfterSeconds`)
 */
export async function submitPickupCode(
  db: Executor,
  cook: UserRow,
  id: string,
  code: string,
  early = false,
): Promise<ListedRequest> {
  // A wrong try is written even though the answer is an error: the transaction returns it, then throws.
  const outcome = await inTransaction(db, async (tx) => {
    const { request, meal, who } = await lockRequestFor(tx, cook, id);
    authorize(pickupCodeRefusal(request.status, who));
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
    if (!early && now < meal.pickupWindowStart.getTime() - EARLY_CODE_MS) return { kind: "early" } as const;
    await moveRequest(tx, { request, meal, actor: who, member: cook, to: "completed", byCode: true });
    return { kind: "done" } as const;
  });
  if (outcome.kind !== "done") throw codeRefusal(outcome);
  return getRequestRow(db, cook.id, id);
}

/** The answer to a code that did not complete the exchange: too early, locked, or wrong. */
function codeRefusal(
  tried: { kind: "early" } | { kind: "locked"; seconds: number } | { kind: "wrong"; triesLeft: number },
): AppError {
  if (tried.kind === "early") {
    return new AppError(
      409,
      "early_pickup",
      msg("The pickup window has not started yet. Has the meal changed hands now?"),
    );
  }
  if (tried.kind === "locked") {
    const minutes = Math.ceil(tried.seconds / 60);
    return new AppError(
      429,
      "code_locked",
      msg("Too many wrong codes. Try again in {{minutes}} minutes.", { minutes }),
      undefined,
      { minutes },
      tried.seconds,
    );
  }
  const message = msg("That code is not right: {{count}} tries left.", { count: tried.triesLeft });
  return new AppError(400, "wrong_code", message, { code: message }, { count: tried.triesLeft });
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
    const locked = await lockRequest(tx, job.data.requestId);
    if (locked?.request.status !== "accepted") return;
    const { request, meal } = locked;
    const due = meal.pickupWindowEnd.getTime() + SETTLE_AFTER_MS;
    if (due > Date.now() + 60_000) {
      await schedulePickupSettle(tx, request.id, meal.pickupWindowEnd);
      return;
    }
    const confirmed = request.eaterConfirmedAt !== null || request.feederConfirmedAt !== null;
    await moveRequest(tx, { request, meal, actor: "system", to: confirmed ? "completed" : "no_show" });
  });
}
