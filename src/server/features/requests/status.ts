/**
 * Moving a request along its table (docs/DESIGN.md §4 transition table; policy.ts) in one transaction
 * with the portion accounting (§6d): the meal row is locked first, as `createRequest` does, so two
 * accepts racing for the last portions are serialised and the second sees what the first took.
 * docs/features/households.md adds: accepting fewer portions than asked; an eater confirming a
 * waiting-list offer; "completed" as one side's word that the pickup happened (the request completes
 * when both have said so); late cancellations; no-shows; and portions that come back going to the
 * waiting list.
 */
import { eq, sql } from "drizzle-orm";
import { msg, type Message as Said } from "../../../contract/messages";
import type { RequestStatus } from "../../../contract/requests";
import { type Executor, inTransaction, type Tx } from "../../db/client";
import { meals, type RequestRow, requests, type UserRow } from "../../db/schema";
import { AppError, conflict, forbidden, notFound, validation } from "../../errors";
import { liveEvent, publishLiveEvents } from "../../live/hub";
import { hasBlocked } from "../blocks/service";
import { createNotification } from "../notifications/service";
import { newPickupCode, schedulePickupSettle } from "./pickup";
import { isLateCancel, type Participant, participantOf, transitionExists } from "./policy";
import { transitionsFor } from "./presenter";
import { scheduleReminders } from "./reminders";
import { displayName, getRequestRow, type ListedRequest, REQUEST_BLOCKED } from "./service";
import { enqueueWaitlistOffer } from "./waitlist";

/** What refusing a move to the status a request already has says (docs/DESIGN.md §4). */
const ALREADY: Record<RequestStatus, Said> = {
  pending: msg("This request is already pending."),
  accepted: msg("This request is already accepted."),
  held: msg("This request is already offered."),
  declined: msg("This request is already declined."),
  completed: msg("This request is already completed."),
  cancelled: msg("This request is already cancelled."),
  lapsed: msg("This offer has already lapsed."),
  no_show: msg("This pickup is already marked as a no-show."),
};

/** What refusing a move the transition table has for nobody says, by from and to. */
const CANNOT: Partial<Record<RequestStatus, Partial<Record<RequestStatus, Said>>>> = {
  accepted: {
    pending: msg("An accepted request cannot be set back to pending."),
    declined: msg("An accepted request cannot be declined."),
  },
  declined: {
    pending: msg("A declined request cannot be set back to pending."),
    accepted: msg("A declined request cannot be accepted."),
    completed: msg("A declined request cannot be marked complete."),
    cancelled: msg("A declined request cannot be cancelled."),
  },
  completed: {
    pending: msg("A completed request cannot be set back to pending."),
    accepted: msg("A completed request cannot be accepted."),
    declined: msg("A completed request cannot be declined."),
    cancelled: msg("A completed request cannot be cancelled."),
  },
  cancelled: {
    pending: msg("A cancelled request cannot be set back to pending."),
    accepted: msg("A cancelled request cannot be accepted."),
    declined: msg("A cancelled request cannot be declined."),
    completed: msg("A cancelled request cannot be marked complete."),
  },
};

/**
 * Why `who` may not move a request from `from` to `to` now, as an error, or null when allowed
 * (docs/DESIGN.md §4 transition table): 409 for a move that exists for nobody or not yet, 403 for the
 * wrong party.
 */
function transitionRefusal(
  request: RequestRow,
  meal: { pickupWindowStart: Date },
  to: RequestStatus,
  who: Participant,
) {
  const from = request.status;
  if (from === to) return conflict(ALREADY[to], "same_status");
  if (!transitionExists(from, to)) {
    return conflict(
      CANNOT[from]?.[to] ?? msg("This request cannot be changed that way."),
      "invalid_transition",
    );
  }
  if (transitionsFor(request, meal, who).includes(to)) return null;
  if (to === "no_show" && (who === "owner" || who === "eater")) {
    return conflict(msg("A no-show can be reported once the pickup window has begun."), "too_early");
  }
  if (to === "completed" && from === "accepted") {
    return conflict(msg("You have already said this pickup happened."), "already_confirmed");
  }
  if (from === "held") return forbidden(msg("Only the neighbour it was offered to can take up this offer."));
  return forbidden(
    to === "completed"
      ? msg("Only the cook can mark a pending request complete.")
      : msg("Only the cook can accept or decline a request."),
  );
}

/** What the other party reads when a request moves to `to` (a `msg()` key; name and title fill it). */
const STATUS_NOTIFICATIONS: Partial<Record<RequestStatus, Said>> = {
  accepted: msg('{{name}} accepted your request for "{{title}}"'),
  declined: msg('{{name}} declined your request for "{{title}}"'),
  completed: msg('{{name}} marked "{{title}}" as completed'),
  cancelled: msg('{{name}} cancelled the request for "{{title}}"'),
  no_show: msg('{{name}} reported the pickup of "{{title}}" as a no-show'),
};

/** A status change's options: the portions a cook accepts, the reason of a no-show. */
export interface StatusChange {
  portions?: number;
  reason?: string;
}

interface LockedMeal {
  id: string;
  title: string;
  portionSize: number;
  portionsTaken: number;
  pickupWindowStart: Date;
  pickupWindowEnd: Date;
}

/**
 * Moves a request to `to` for `actor` and tells the other party; pushes the new status live to both.
 * @param change.portions accepting: how many of the portions asked for (all unless said)
 * @param change.reason a no-show: what happened (required)
 * @throws AppError 404 not a participant or unknown; 403 wrong party, or the other party has
 *   blocked the actor; 409 move not in the table (or not yet: a no-show before the window), an offer
 *   that lapsed, or fewer portions left than accepted; 400 accepting more portions than asked for, or
 *   a no-show without a reason
 */
export async function changeRequestStatus(
  db: Executor,
  actor: UserRow,
  id: string,
  to: RequestStatus,
  change: StatusChange = {},
): Promise<ListedRequest> {
  await inTransaction(db, async (tx) => {
    const [target] = await tx
      .select({ mealId: requests.mealId })
      .from(requests)
      .where(eq(requests.id, id))
      .limit(1);
    if (!target) throw notFound(msg("Request not found"));
    const [meal] = await tx
      .select({
        id: meals.id,
        title: meals.title,
        portionSize: meals.portionSize,
        portionsTaken: meals.portionsTaken,
        pickupWindowStart: meals.pickupWindowStart,
        pickupWindowEnd: meals.pickupWindowEnd,
      })
      .from(meals)
      .where(eq(meals.id, target.mealId))
      .for("update")
      .limit(1);
    const [request] = await tx.select().from(requests).where(eq(requests.id, id)).for("update").limit(1);
    const who = request ? participantOf(actor.id, request) : null;
    if (!who) throw notFound(msg("Request not found"));

    const refusal = transitionRefusal(request, meal, to, who);
    if (refusal) throw refusal;
    // A block stops the blocked party acting on the blocker (and notifying them); the blocker may
    // still wind the exchange up: decline, cancel or complete it.
    const otherParty = who === "owner" ? request.eaterId : request.ownerId;
    if (await hasBlocked(tx, otherParty, actor.id)) throw new AppError(403, "blocked", REQUEST_BLOCKED);

    const updated = await applyChange(tx, { request, meal, who, actor, to, change });
    await publishLiveEvents(tx, [
      statusEvent(updated, meal, updated.ownerId, "owner"),
      statusEvent(updated, meal, updated.eaterId, "eater"),
    ]);
  });
  return getRequestRow(db, actor.id, id);
}

/** The row changes of one move, and whom they concern; returns the request as it is now. */
async function applyChange(
  tx: Tx,
  move: {
    request: RequestRow;
    meal: LockedMeal;
    who: Participant;
    actor: UserRow;
    to: RequestStatus;
    change: StatusChange;
  },
): Promise<RequestRow> {
  const { request, meal, who, actor, to, change } = move;
  const other = who === "owner" ? request.eaterId : request.ownerId;
  const left = meal.portionSize - meal.portionsTaken;
  const tell = (message: Said, params: Record<string, string | number> = {}, deliver = true) =>
    createNotification(tx, {
      userId: other,
      type: "request_status",
      message,
      params: { name: displayName(actor), title: meal.title, ...params },
      link: `/request/${request.id}`,
      requestId: request.id,
      deliver,
    });
  const write = async (values: Partial<typeof requests.$inferInsert>) => {
    const [row] = await tx
      .update(requests)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(requests.id, request.id))
      .returning();
    return row;
  };

  // Accepting (the cook, a pending request; or a cook's "completed" on one, which accepts it too).
  if (request.status === "pending" && (to === "accepted" || to === "completed")) {
    const portions = to === "accepted" ? (change.portions ?? request.portions) : request.portions;
    if (portions > request.portionsRequested) {
      throw validation(
        msg("You can accept at most the {{count}} portions asked for.", { count: request.portionsRequested }),
        {
          portions: msg("You can accept at most the {{count}} portions asked for.", {
            count: request.portionsRequested,
          }),
        },
      );
    }
    // The meal row is locked, so its counter (kept by the requests_portions_taken trigger) is current.
    if (left <= 0) throw conflict(msg("No portions are left for this meal."), "fully_reserved");
    if (portions > left) {
      throw conflict(msg("Only {{count}} portions are left.", { count: left }), "not_enough_portions", {
        count: left,
      });
    }
    const updated = await write({
      status: "accepted",
      portions,
      pickupCode: newPickupCode(),
      ownerConfirmedAt: to === "completed" ? new Date() : null,
    });
    if (to === "completed") {
      await tell(msg('{{name}} handed over "{{title}}": say so in the thread when you have it'));
    } else if (portions < request.portionsRequested) {
      await tell(
        msg('{{name}} accepted {{portions}} of the {{asked}} portions you asked for of "{{title}}"'),
        {
          portions,
          asked: request.portionsRequested,
        },
      );
    } else {
      await tell(STATUS_NOTIFICATIONS.accepted!);
    }
    await scheduleReminders(tx, request.id, meal);
    await schedulePickupSettle(tx, request.id, meal.pickupWindowEnd);
    return updated;
  }

  // A waiting-list offer taken up by its eater.
  if (request.status === "held" && to === "accepted") {
    if (!request.holdUntil || request.holdUntil <= new Date()) {
      throw conflict(msg("This offer has lapsed."), "offer_lapsed");
    }
    const updated = await write({ status: "accepted", holdUntil: null, pickupCode: newPickupCode() });
    await tell(
      msg('{{name}} took up the {{portions}} portions of "{{title}}" offered from the waiting list'),
      {
        portions: request.portions,
      },
    );
    await scheduleReminders(tx, request.id, meal);
    await schedulePickupSettle(tx, request.id, meal.pickupWindowEnd);
    return updated;
  }

  // One side's word that the pickup happened; both make it complete.
  if (request.status === "accepted" && to === "completed") {
    const mine = who === "eater" ? { eaterConfirmedAt: new Date() } : { ownerConfirmedAt: new Date() };
    const theirs = who === "eater" ? request.ownerConfirmedAt : request.eaterConfirmedAt;
    if (theirs) {
      const updated = await write({ ...mine, status: "completed" });
      // A completion stays in the app, where the review it asks for waits
      // (docs/features/notifications.md point 2).
      await tell(STATUS_NOTIFICATIONS.completed!, {}, false);
      return updated;
    }
    const updated = await write(mine);
    await tell(
      who === "eater"
        ? msg('{{name}} picked up "{{title}}": say so in the thread when you have handed it over')
        : msg('{{name}} handed over "{{title}}": say so in the thread when you have it'),
    );
    return updated;
  }

  if (to === "no_show") {
    if (!change.reason) {
      throw validation(msg("Say what happened"), { reason: msg("Say what happened") });
    }
    const updated = await write({
      status: "no_show",
      noShowParty: who === "owner" ? "eater" : "owner",
      noShowReason: change.reason,
    });
    await tell(STATUS_NOTIFICATIONS.no_show!);
    return updated;
  }

  if (to === "cancelled") {
    const agreed = request.status === "accepted";
    const updated = await write({
      status: "cancelled",
      cancelledBy: who,
      lateCancel: agreed && isLateCancel(meal.pickupWindowStart),
      holdUntil: null,
    });
    // Portions an agreed request or an offer held come back: the waiting list hears of them.
    if (agreed || request.status === "held") await enqueueWaitlistOffer(tx, meal.id);
    if (request.status === "held") {
      await tell(msg('{{name}} turned down the portions of "{{title}}" offered from the waiting list'));
    } else {
      await tell(STATUS_NOTIFICATIONS.cancelled!);
    }
    return updated;
  }

  // Declining a pending request.
  const updated = await write({ status: to });
  await tell(STATUS_NOTIFICATIONS[to] ?? STATUS_NOTIFICATIONS.declined!);
  return updated;
}

/** The live event of a status change, with what `who` may do next. */
export function statusEvent(
  request: RequestRow,
  meal: { pickupWindowStart: Date },
  userId: string,
  who: Participant,
) {
  return liveEvent(userId, "request", {
    requestId: request.id,
    status: request.status,
    updatedAt: request.updatedAt.toISOString(),
    allowedTransitions: transitionsFor(request, meal, who),
  });
}
