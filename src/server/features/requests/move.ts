/**
 * The one door every request status write goes through (docs/DESIGN.md §4 transition table, §6d;
 * docs/features/households.md): a member's move from the thread, the cook's pickup code, and the
 * server's own lapses and settlements. `moveRequest` asks policy.ts whether the move is allowed, runs
 * the move's own function (its row changes, portions, notification and jobs), and tells both
 * participants live. Call it in a transaction holding the meal's row lock, then the request's (the
 * order every change of a meal's portions takes), so two accepts racing for the last portions are
 * serialised and the second sees what the first took.
 */

import { randomInt } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { FAIR_USE_DAYS } from "../../../contract/draw";
import { msg } from "../../../contract/messages";
import { authorize } from "../../abilities";
import { displayName } from "../../auth/users";
import type { Tx } from "../../db/client";
import { type RequestRow, requests, users } from "../../db/schema";
import { AppError, validation } from "../../errors";
import { publishLiveEvents } from "../../live/hub";
import { hasBlocked } from "../blocks";
import { promoteNewcomersAfterPickup } from "../groups";
import {
  ASK_BLOCKED,
  type AskWay,
  askRefusal,
  mealClosedRefusal,
  portionsLeft,
  portionsRefusal,
  tellSaversTaken,
} from "../meals";
import { createNotification } from "../notifications";
import { openPayment, settleAfterMove } from "../payments";
import { recordExchange } from "../trust";
import { statusEvents } from "./events";
import { enqueueWaitlistOffer, schedulePickupSettle } from "./jobs";
import {
  ACCEPTED_PAID,
  ACCEPTED_PAY_BY_CARD,
  type CardPayments,
  type Move,
  type MoveKit,
  PAYMENT_HELD,
  STATUS_NOTIFICATIONS,
  termsNow,
} from "./move-kit";
import {
  completeByCode,
  confirmPickup,
  disputeNoShow,
  reportNoShow,
  settleDispute,
  settlePickup,
  tellBoth,
} from "./move-pickup";
import { contextOf, isLateCancel, type Participant, pickupCodeRefusal, refusalOf } from "./policy";
import { scheduleReminders } from "./reminders";

export type { Move, MoveMeal, StatusChange } from "./move-kit";

/** A fresh pickup code: four digits, leading zeros kept. */
export const newPickupCode = () => String(randomInt(0, 10_000)).padStart(4, "0");

/**
 * Moves a request and tells both participants live.
 * @returns the request as it is now
 * @throws AppError 403 the wrong party, or the other party has blocked the member; 409 a move not in
 *   the table, not yet or no longer allowed (policy.ts), an offer for a meal no longer open, or fewer
 *   portions left than accepted; 400 accepting more portions than asked for, or a no-show without a
 *   reason
 */
export async function moveRequest(tx: Tx, move: Move): Promise<RequestRow> {
  const { request, meal, actor, to } = move;
  const refusal = move.byCode
    ? pickupCodeRefusal(request.status, actor as Participant)
    : refusalOf(request.status, to, actor, contextOf(request, meal, actor));
  authorize(refusal);
  if ((actor === "feeder" || actor === "eater") && !move.change?.leaving) {
    // A block stops the blocked party acting on the blocker (and notifying them); the blocker may
    // still wind the exchange up: decline, cancel or complete it.
    const [mine, theirs] =
      actor === "feeder" ? [request.feederId, request.eaterId] : [request.eaterId, request.feederId];
    if (await hasBlocked(tx, theirs, mine)) throw new AppError(403, "blocked", ASK_BLOCKED);
  }
  const kit: MoveKit = {
    move,
    tx,
    write: async (values) => {
      const [row] = await tx
        .update(requests)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(requests.id, request.id))
        .returning();
      return row;
    },
    tell: (message, params = {}, deliver = true) =>
      createNotification(tx, {
        userId: actor === "eater" ? request.feederId : request.eaterId,
        type: "request_status",
        message,
        params: { name: move.member ? displayName(move.member) : "", title: meal.title, ...params },
        link: `/request/${request.id}`,
        requestId: request.id,
        deliver,
      }),
  };
  const updated = await moveFunctionOf(move)(kit);
  // What the move asks of a card payment (docs/decisions/022): capture, void, or nothing yet.
  if (updated.payBy === "card") await settleAfterMove(tx, updated);
  // A first completed pickup in a group makes its newcomers members (groups/membership.ts), and a
  // completed exchange is what trust is earned by (docs/decisions/020 "Levels").
  if (updated.status === "completed" && request.status !== "completed") {
    await promoteNewcomersAfterPickup(tx, meal, request);
    await recordExchange(tx, request.eaterId, request.feederId);
  }
  await publishLiveEvents(tx, await statusEvents(tx, updated, meal));
  return updated;
}

/** Which of the moves below a (allowed) move is. */
function moveFunctionOf(move: Move): (kit: MoveKit) => Promise<RequestRow> {
  const from = move.request.status;
  if (move.actor === "system") {
    if (from === "held") return lapseOffer;
    if (from === "pending") return move.to === "accepted" ? acceptRequest : declineRequest;
    return settlePickup;
  }
  if (move.actor === "admin") return settleDispute;
  if (move.to === "disputed") return disputeNoShow;
  if (move.byCode) return completeByCode;
  if (from === "pending" && (move.to === "accepted" || move.to === "completed")) return acceptRequest;
  if (from === "held" && move.to === "accepted") return takeUpOffer;
  if (move.to === "completed") return confirmPickup;
  if (move.to === "no_show") return reportNoShow;
  if (move.to === "cancelled") return cancelRequest;
  return declineRequest;
}

/** The cook accepts a pending request, for all the portions asked or fewer; "completed" accepts it too. */
async function acceptRequest({ move, write, tell, tx }: MoveKit): Promise<RequestRow> {
  const { request, meal, to, change } = move;
  const portions = to === "accepted" ? (change?.portions ?? request.portions) : request.portions;
  if (portions > request.portionsRequested) {
    const message = msg("You can accept at most the {{count}} portions asked for.", {
      count: request.portionsRequested,
    });
    throw validation(message, { portions: message });
  }
  // Money held for a meal since closed is not a portion taken (docs/decisions/022).
  if (move.actor === "system") {
    const closed = mealClosedRefusal(meal);
    if (closed) throw closed;
  }
  // The meal row is locked, so its counter (kept by the requests_portions_taken trigger) is current.
  const noPortions = portionsRefusal(meal, portions);
  if (noPortions) throw noPortions;
  // A draw asked its winner just now, in this transaction, all an accept asks (draws/run.ts).
  if (!change?.drawn) await assertEaterMayHave(tx, move, "accept");
  if (request.payBy === "card" && move.actor === "feeder" && move.cardPayments && meal.priceCents) {
    return askForCard(move as Move & { cardPayments: CardPayments }, portions, { write, tell, tx, move });
  }
  const updated = await write({
    status: "accepted",
    portions,
    paymentDue: false,
    pickupCode: newPickupCode(),
    feederConfirmedAt: to === "completed" ? new Date() : null,
    agreedTerms: termsNow(meal.id),
  });
  await tellAccepted({ move, tell, tx }, portions);
  await scheduleReminders(tx, request.id, meal);
  await schedulePickupSettle(tx, request.id, meal.pickupWindowEnd);
  if (meal.allocation === "choose") await declineTheRestWhenAllTaken(tx, move, portions);
  // Its last portion gone: those who saved it hear so (meals/saved.ts).
  await tellSaversTaken(tx, { ...meal, portionsTaken: meal.portionsTaken + portions }, request.eaterId);
  return updated;
}

/** What the eater (or, for money held by the system, the cook) hears of an accept of `portions`. */
async function tellAccepted({ move, tell, tx }: Pick<MoveKit, "move" | "tell" | "tx">, portions: number) {
  const { request, meal, to, change } = move;
  if (move.actor === "system") {
    await tell(PAYMENT_HELD);
    await createNotification(tx, {
      userId: request.feederId,
      type: "request_status",
      message: msg('The payment for "{{title}}" is held until pickup.'),
      params: { title: meal.title },
      link: `/request/${request.id}`,
      requestId: request.id,
    });
  } else if (to === "completed") {
    await tell(msg('{{name}} handed over "{{title}}": say so in the thread when you have it'));
  } else if (change?.drawn) {
    await tell(msg('You were drawn for "{{title}}": the portions you asked for are yours'));
  } else if (portions < request.portionsRequested) {
    await tell(msg('{{name}} accepted {{portions}} of the {{asked}} portions you asked for of "{{title}}"'), {
      portions,
      asked: request.portionsRequested,
    });
  } else if (meal.kind === "paid" && meal.priceCents !== null) {
    await tell(ACCEPTED_PAID, { priceCents: meal.priceCents * portions });
  } else {
    await tell(STATUS_NOTIFICATIONS.accepted);
  }
}

/**
 * The cook accepts a card request (docs/decisions/022 "Accept"): the payment is opened for the
 * portions and the eater asked to pay; the request stays pending, its portions not yet taken, until
 * Stripe says the money is held and the server accepts it (payment-routes.ts).
 */
async function askForCard(
  move: Move & { cardPayments: CardPayments },
  portions: number,
  { write, tell, tx }: MoveKit,
): Promise<RequestRow> {
  const { request, meal, cardPayments } = move;
  await openPayment(tx, cardPayments.settings, {
    requestId: request.id,
    eaterId: request.eaterId,
    feederId: request.feederId,
    mealTitle: meal.title,
    priceCents: meal.priceCents ?? 0,
    portions,
    currency: cardPayments.currency,
    chargeNoShow: request.chargeNoShow,
  });
  const updated = await write({ portions, paymentDue: true });
  await tell(ACCEPTED_PAY_BY_CARD, { priceCents: (meal.priceCents ?? 0) * portions });
  return updated;
}

/**
 * "I choose" (docs/features/fair-shares.md point 5): once the cook's choices have taken every portion,
 * the requests still waiting for an answer are declined together, each told why.
 */
async function declineTheRestWhenAllTaken(tx: Tx, move: Move, portions: number): Promise<void> {
  const meal = { ...move.meal, portionsTaken: move.meal.portionsTaken + portions };
  if (portionsLeft(meal) > 0) return;
  const waiting = await tx
    .select()
    .from(requests)
    .where(
      and(eq(requests.mealId, meal.id), eq(requests.status, "pending"), ne(requests.id, move.request.id)),
    )
    .orderBy(requests.id)
    .for("update");
  for (const request of waiting) {
    await moveRequest(tx, {
      request,
      meal,
      actor: "feeder",
      member: move.member,
      to: "declined",
      change: { allTaken: true },
    });
  }
}

/**
 * Asks meals/may-ask.ts once more, as the portions change hands, whether the eater may have them: the
 * fair-use limit counts what they received since they asked, under their fair-use lock, so six cooks
 * accepting six requests at once give no more than the limit. The cook reads why not, with the date.
 * @throws AppError as `askRefusal` decides; on an accept, 409 `fair_use` and 403 `suspended` worded
 *   for the cook
 */
async function assertEaterMayHave(tx: Tx, move: Move, way: Extract<AskWay, "accept" | "offer">) {
  if (move.freeMealsPer28Days === undefined)
    throw new Error("an accept or an offer taken up needs the fair-use limit (null for none)");
  const { request, meal } = move;
  const [eater] = await tx
    .select({ id: users.id, suspendedAt: users.suspendedAt, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, request.eaterId))
    .limit(1);
  const refusal = await askRefusal(tx, eater, meal, {
    way,
    freeMealsPer28Days: move.freeMealsPer28Days,
    portions: 0,
    newcomer: null,
  });
  if (!refusal) return;
  if (refusal.code === "suspended" && way === "accept")
    throw new AppError(403, "suspended", msg("This neighbour's account is suspended."));
  if (refusal.code === "fair_use" && way === "accept") {
    const nextAt = String(refusal.params?.nextAt ?? "");
    throw new AppError(
      409,
      "fair_use",
      msg(
        "{{name}} has had the free meals the limit here allows in the last {{days}} days. Their next is possible on {{date}}.",
        { name: eater.firstName, days: FAIR_USE_DAYS, date: nextAt.slice(0, 10) },
      ),
      undefined,
      { nextAt },
    );
  }
  throw refusal;
}

/** The eater takes up a waiting-list offer, while the meal is still open. */
async function takeUpOffer({ move, write, tell, tx }: MoveKit): Promise<RequestRow> {
  const { request, meal } = move;
  const closed = mealClosedRefusal(meal);
  if (closed) throw closed;
  await assertEaterMayHave(tx, move, "offer");
  const updated = await write({
    status: "accepted",
    holdUntil: null,
    pickupCode: newPickupCode(),
    agreedTerms: termsNow(meal.id),
  });
  await tell(msg('{{name}} took up the {{portions}} portions of "{{title}}" offered from the waiting list'), {
    portions: request.portions,
  });
  await scheduleReminders(tx, request.id, meal);
  await schedulePickupSettle(tx, request.id, meal.pickupWindowEnd);
  return updated;
}

/**
 * Either side calls it off; an offer turned down, or agreed portions, go back to the waiting list.
 * After the other side said the handover happened, a cancel is a dispute instead (docs/decisions/012).
 */
async function cancelRequest({ move, write, tell, tx }: MoveKit): Promise<RequestRow> {
  const { request, meal, actor, change } = move;
  const agreed = request.status === "accepted";
  // The other side already said the handover happened: one side's cancel cannot wipe that out. It is
  // disputed, as a contested no-show is, counted for neither until an admin settles it.
  const theySaidSo = actor === "eater" ? request.feederConfirmedAt : request.eaterConfirmedAt;
  if (agreed && theySaidSo && !change?.gaveUpOnChangedTerms && !change?.leaving) {
    const disputed = await write({
      status: "disputed",
      cancelledBy: actor as Participant,
      disputedAt: new Date(),
    });
    await tellBoth(
      tx,
      disputed,
      meal.title,
      msg('The pickup of "{{title}}" is disputed: an admin will look at it'),
    );
    return disputed;
  }
  const onNobodysRecord = change?.gaveUpOnChangedTerms || change?.leaving;
  const updated = await write({
    status: "cancelled",
    cancelledBy: actor as Participant,
    lateCancel: agreed && !onNobodysRecord && isLateCancel(meal.pickupWindowStart),
    holdUntil: null,
  });
  if (agreed || request.status === "held") await enqueueWaitlistOffer(tx, meal.id);
  await tell(
    change?.leaving
      ? msg('{{name}} is leaving MealShare, so the request for "{{title}}" is cancelled')
      : request.status === "held"
        ? msg('{{name}} turned down the portions of "{{title}}" offered from the waiting list')
        : change?.gaveUpOnChangedTerms
          ? msg('{{name}} gave up their portion of "{{title}}" after your changes')
          : STATUS_NOTIFICATIONS.cancelled,
  );
  return updated;
}

/** The cook declines a pending request. */
async function declineRequest({ move, write, tell }: MoveKit): Promise<RequestRow> {
  const updated = await write({ status: "declined" });
  await tell(
    move.change?.tooLateToHold
      ? msg('"{{title}}" could not be held for you: nothing was charged.')
      : move.change?.allTaken
        ? msg('All portions of "{{title}}" have gone to other neighbours: your request was declined')
        : STATUS_NOTIFICATIONS.declined,
  );
  return updated;
}

/** An offer not taken up in time lapses; its portions go to the next in line. */
async function lapseOffer({ move, write, tx }: MoveKit): Promise<RequestRow> {
  const { meal } = move;
  const lapsed = await write({ status: "lapsed", holdUntil: null });
  await createNotification(tx, {
    userId: lapsed.eaterId,
    type: "request_status",
    message: msg(
      'The portions of "{{title}}" offered to you were not taken up in time and went to the next in line',
    ),
    params: { title: meal.title },
    link: `/request/${lapsed.id}`,
    requestId: lapsed.id,
    deliver: false,
  });
  await enqueueWaitlistOffer(tx, meal.id);
  return lapsed;
}
