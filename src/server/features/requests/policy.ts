/**
 * Who may do what with a request, and why not (docs/DESIGN.md §4 "Requests" transition table, with
 * docs/features/households.md's offers, confirmations and no-shows, and docs/decisions/022's card
 * payment). The one place it is decided: `moveRequest` (move.ts), the pickup code and the payment
 * routes `authorize` these refusals, and the presenter sends the same ones as the request's
 * `abilities`, so the UI shows only what the server would accept. Pure: no database, no clock but the
 * one passed in.
 */
import { msg, type Message as Said } from "../../../contract/messages";
import type { PaymentStatus } from "../../../contract/payments";
import {
  REQUEST_MOVES,
  type RequestAbilities,
  type RequestMove,
  type RequestStatus,
} from "../../../contract/requests";
import { abilityOf } from "../../abilities";
import { AppError, notFound } from "../../errors";
import { isHoldExpired } from "../meals";

/** The viewer's part in an exchange; anyone else cannot see it at all. */
export type Participant = "feeder" | "eater";
/**
 * Who moves a request: one of its two participants, the server's own jobs (lapse, settle), or an
 * admin settling a dispute.
 */
export type Mover = Participant | "system" | "admin";

/**
 * The table. `completed` is a participant's word that the pickup happened: the request completes when
 * both have said so (or the cook entered the eater's code), and a cook's "completed" on a pending
 * request accepts it first. `no_show` reports the other side as not having turned up. A `held` request
 * is a waiting-list offer: its eater confirms it (`accepted`) or turns it down (`cancelled`), or the
 * server lets it lapse. The server winds up an accepted pickup a day after its window. A side that
 * confirmed the pickup is never counted as a no-show on the other's word alone: such a report, or
 * the reported side disputing one, makes the request `disputed`, counted for neither until an admin
 * settles it (docs/features/households.md point 4; docs/decisions/012).
 */
const TRANSITIONS: Record<RequestStatus, Partial<Record<RequestStatus, readonly Mover[]>>> = {
  pending: {
    // The server accepts a card request once the eater's money is held (docs/decisions/022 "Accept").
    accepted: ["feeder", "system"],
    // …or declines it when the money came too late to be accepted (the meal closed, its portions went).
    declined: ["feeder", "system"],
    completed: ["feeder"],
    cancelled: ["feeder", "eater"],
  },
  accepted: {
    completed: ["feeder", "eater", "system"],
    cancelled: ["feeder", "eater"],
    no_show: ["feeder", "eater", "system"],
  },
  held: { accepted: ["eater"], cancelled: ["eater"], lapsed: ["system"] },
  declined: {},
  completed: {},
  cancelled: {},
  lapsed: {},
  no_show: { disputed: ["feeder", "eater"] },
  disputed: { completed: ["admin"], no_show: ["admin"] },
};

/** How long after a no-show report the side it names may dispute it. */
export const DISPUTE_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/** What else decides a move: the time, and what the viewer has already said. */
export interface TransitionContext {
  /** The pickup window has ended: from then on either side may report a no-show. */
  windowEnded: boolean;
  /** The viewer has already said the pickup happened: they cannot say it twice. */
  confirmedByViewer: boolean;
  /** A waiting-list offer whose 30 minutes are over: nothing can be done with it but let it lapse. */
  holdExpired: boolean;
  /** A no-show report names the viewer as the one who did not turn up (or both sides). */
  reportedAgainstViewer: boolean;
  /** The report is recent enough to dispute (`DISPUTE_WINDOW_MS`). */
  disputeOpen: boolean;
  /** The cook accepted a card request and the eater's money is not held yet (docs/decisions/022). */
  awaitingPayment?: boolean;
}

const NOTHING_YET: TransitionContext = {
  windowEnded: false,
  confirmedByViewer: false,
  holdExpired: false,
  reportedAgainstViewer: false,
  disputeOpen: false,
  awaitingPayment: false,
};

/** The parts of a request its context is read from. */
export interface ContextRequest {
  status: RequestStatus;
  eaterConfirmedAt: Date | null;
  feederConfirmedAt: Date | null;
  holdUntil: Date | null;
  noShowParty: "eater" | "feeder" | "both" | null;
  updatedAt: Date;
  paymentDue: boolean;
}

/** What a request and its meal say about a move by `who` at `now`. */
export function contextOf(
  request: ContextRequest,
  meal: { pickupWindowEnd: Date },
  who: Mover,
  now = new Date(),
): TransitionContext {
  const confirmed =
    who === "eater" ? request.eaterConfirmedAt : who === "feeder" ? request.feederConfirmedAt : null;
  return {
    windowEnded: meal.pickupWindowEnd.getTime() <= now.getTime(),
    confirmedByViewer: confirmed !== null,
    holdExpired: isHoldExpired(request.holdUntil, now),
    reportedAgainstViewer:
      request.status === "no_show" && (request.noShowParty === who || request.noShowParty === "both"),
    disputeOpen: now.getTime() - request.updatedAt.getTime() <= DISPUTE_WINDOW_MS,
    awaitingPayment: request.paymentDue,
  };
}

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
  disputed: msg("This pickup is already disputed."),
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

const conflict = (code: string, message: Said) => new AppError(409, code, message);
const forbidden = (message: Said) => new AppError(403, "forbidden", message);

/**
 * Why `actor` may not move a request from `from` to `to` now, or null when the move is allowed:
 * 409 for a move that exists for nobody, not yet, no longer, or was already made; 403 for the wrong
 * party.
 */
export function refusalOf(
  from: RequestStatus,
  to: RequestStatus,
  actor: Mover,
  context: TransitionContext = NOTHING_YET,
): AppError | null {
  if (from === to) return conflict("same_status", ALREADY[to]);
  const actors = TRANSITIONS[from][to];
  // A move only the server makes (an offer lapsing) does not exist for a member.
  if (!actors || (actor !== "system" && actors.every((who) => who === "system"))) {
    return conflict(
      "invalid_transition",
      CANNOT[from]?.[to] ?? msg("This request cannot be changed that way."),
    );
  }
  if (!actors.includes(actor)) {
    if (from === "held")
      return forbidden(msg("Only the neighbour it was offered to can take up this offer."));
    if (from === "disputed") return forbidden(msg("Only an admin settles a disputed pickup."));
    return forbidden(
      to === "completed"
        ? msg("Only the cook can mark a pending request complete.")
        : msg("Only the cook can accept or decline a request."),
    );
  }
  if (actor === "system" || actor === "admin") return null;
  if (from === "held" && context.holdExpired) return conflict("offer_lapsed", msg("This offer has lapsed."));
  if (from === "pending" && context.awaitingPayment && (to === "accepted" || to === "completed")) {
    return conflict("awaiting_payment", msg("Accepted: waiting for the neighbour's card payment."));
  }
  if (to === "disputed") {
    if (!context.reportedAgainstViewer) {
      return forbidden(msg("Only the neighbour a no-show report names can dispute it."));
    }
    if (!context.disputeOpen) {
      return conflict(
        "dispute_closed",
        msg("A no-show report can be disputed for {{days}} days.", { days: DISPUTE_WINDOW_MS / 86_400_000 }),
      );
    }
    return null;
  }
  // Having said the pickup happened, there is nothing more to say: not again, nor the opposite.
  if (from === "accepted" && context.confirmedByViewer) {
    return conflict("already_confirmed", msg("You have already said this pickup happened."));
  }
  if (to === "no_show" && !context.windowEnded) {
    return conflict("too_early", msg("A no-show can be reported once the pickup window has ended."));
  }
  return null;
}

/** The statuses `who` may move a request in `status` to, now: every move `refusalOf` lets through. */
export function allowedTransitions(
  status: RequestStatus,
  who: Participant,
  context: TransitionContext = NOTHING_YET,
): RequestStatus[] {
  return (Object.keys(TRANSITIONS[status]) as RequestStatus[]).filter(
    (to) => refusalOf(status, to, who, context) === null,
  );
}

/**
 * Why `who` may not enter the eater's pickup code, or null when they may: the cook of an accepted
 * request only (the code is the eater's to show). The code completes the request whatever either side
 * said before.
 */
export function pickupCodeRefusal(status: RequestStatus, who: Participant): AppError | null {
  if (who !== "feeder") return forbidden(msg("Only the cook enters the pickup code."));
  if (status !== "accepted")
    return conflict("not_accepted", msg("Only an accepted request has a pickup code."));
  return null;
}

/** A card request's payment as its abilities read it; null for a cash request, or before one is opened. */
export interface PaymentFacts {
  status: PaymentStatus;
  /** A command to Stripe not yet confirmed (capture, void, refund): nothing else is asked meanwhile. */
  want: string | null;
}

/**
 * Why `who` may not open the card form now, or null when they may (docs/decisions/022 "Accept"): the
 * eater of a pending card request whose money is due and asked of nobody yet, before the pickup ends.
 * A cook, or a request with no card payment, is answered as an unknown request.
 */
export function payRefusal(
  request: { status: RequestStatus; paymentDue: boolean },
  meal: { pickupWindowEnd: Date },
  payment: PaymentFacts | null,
  who: Participant | null,
  now = new Date(),
): AppError | null {
  if (who !== "eater" || !payment) return notFound(msg("Request not found"));
  if (
    request.status !== "pending" ||
    payment.status !== "requires_payment" ||
    payment.want ||
    !request.paymentDue
  )
    return conflict("nothing_to_pay", msg("There is nothing to pay for this request now."));
  if (meal.pickupWindowEnd.getTime() <= now.getTime())
    return conflict("meal_ended", msg("This meal's pickup has ended."));
  return null;
}

/** Why `who` may not refund a sale, or null (docs/decisions/022 "Refunds"): its cook, once it is paid. */
export function refundRefusal(payment: PaymentFacts | null, who: Participant | null): AppError | null {
  if (!who) return notFound(msg("Request not found"));
  if (who !== "feeder") return forbidden(msg("Only the cook refunds a sale."));
  if (payment?.status !== "paid") return conflict("nothing_to_refund", msg("There is no payment to refund."));
  return null;
}

/**
 * Everything `who` may do with a request now, each allowed or with the refusal its endpoint answers:
 * the moves of the table, the pickup code, the card form and the refund. Nobody but a participant
 * reads a request (null: every ability refused as the unknown request they are answered).
 */
export function requestAbilities(
  request: ContextRequest,
  meal: { pickupWindowEnd: Date },
  who: Participant | null,
  payment: PaymentFacts | null,
  now = new Date(),
): RequestAbilities {
  const context = who ? contextOf(request, meal, who, now) : NOTHING_YET;
  const stranger = notFound(msg("Request not found"));
  const moves = Object.fromEntries(
    (Object.keys(REQUEST_MOVES) as RequestMove[]).map((move) => [
      move,
      abilityOf(who ? refusalOf(request.status, REQUEST_MOVES[move], who, context) : stranger),
    ]),
  ) as Record<RequestMove, RequestAbilities[RequestMove]>;
  return {
    ...moves,
    enterCode: abilityOf(who ? pickupCodeRefusal(request.status, who) : stranger),
    pay: abilityOf(payRefusal(request, meal, payment, who, now)),
    refund: abilityOf(refundRefusal(payment, who)),
  };
}

/**
 * Whether `who` may read the meal's exact pickup point and its door, floor or bell
 * (docs/features/neighbourhood.md): the feeder always; the eater once accepted, and after.
 */
export const mayReadPrivatePickup = (status: RequestStatus, who: Participant | null): boolean =>
  who === "feeder" || (who === "eater" && (status === "accepted" || status === "completed"));

/** Whether a move exists in the table for anybody. */
export function transitionExists(from: RequestStatus, to: RequestStatus): boolean {
  return TRANSITIONS[from][to] !== undefined;
}

/** The viewer's part in a request, or null for a stranger (who then gets 404). */
export function participantOf(
  userId: string,
  request: { eaterId: string; feederId: string },
): Participant | null {
  if (request.feederId === userId) return "feeder";
  if (request.eaterId === userId) return "eater";
  return null;
}

/**
 * A cancellation this close to the pickup's start, or later, is late (docs/features/households.md
 * point 4) and counts against the reliability of whoever cancelled.
 */
export const LATE_CANCEL_MS = 2 * 60 * 60 * 1000;

/** Whether cancelling an agreed pickup at `now` is late. */
export const isLateCancel = (pickupWindowStart: Date, now = new Date()) =>
  pickupWindowStart.getTime() - now.getTime() <= LATE_CANCEL_MS;

/** Statuses in which the thread is still open for messages: one rule, kept in the contract. */
export { isThreadOpen } from "../../../contract/requests";

/**
 * Whether the quick replies ("On my way", "I'm outside"…) are offered and taken
 * (docs/features/handover.md point 2): they are about a pickup both sides agreed, so only while the
 * request is accepted — not while it waits for an answer, nor once it is over.
 */
export const mayQuickReply = (status: RequestStatus): boolean => status === "accepted";
