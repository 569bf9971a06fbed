/**
 * The card payment's state machine (docs/decisions/022): pure, no database and no Stripe. Three
 * things move it, and the service (service.ts) and the property test (tests/unit/payment-machine.test.ts)
 * call these very functions:
 * - the request's outcome asks something of the money (`ask`): capture when the meal changed hands,
 *   void when it will not, nothing yet while it may;
 * - Stripe's signed events say what happened (`observe`): the only way `status` moves, whatever order
 *   and however often they come — a status never goes back (`RANK`), so a late or repeated event
 *   changes nothing;
 * - the command job sends what is wanted and not yet done (`commandOf`).
 * A void is final: once asked, nothing asks for a capture again.
 */

/** Where the money is: waiting for the eater's card, held on it, captured, released, or given back. */
export type PaymentStatus = "requires_payment" | "held" | "paid" | "voided" | "refunded";
/** What MealShare has asked Stripe to do and not yet heard back about. */
export type Want = "capture" | "void" | "refund" | null;

/** A payment as the machine sees it (amounts in the currency's minor units). */
export interface PaymentState {
  status: PaymentStatus;
  want: Want;
  amountCents: number;
  refundedCents: number;
  /** A PaymentIntent exists at Stripe (one is made when the eater opens the payment form). */
  hasIntent: boolean;
}

/** What a request's status asks of its money. */
export type Outcome = "capture" | "void" | "keep";

/** The part of a request its money depends on. */
export interface RequestFacts {
  status: string;
  noShowParty: "eater" | "feeder" | "both" | null;
  /** The meal said, before the request, that an eater's no-show is charged. */
  chargeNoShow: boolean;
}

/**
 * What a request's status asks of its money (decision 022 "Capture", "Cancel", "No-show"): a completed
 * pickup is captured; a decline, a cancel, a lapse and a no-show are voided — but the eater's own
 * no-show is captured where the meal said so before the request; pending, accepted and disputed keep
 * the hold as it is.
 */
export function outcomeOf(request: RequestFacts): Outcome {
  switch (request.status) {
    case "completed":
      return "capture";
    case "declined":
    case "cancelled":
    case "lapsed":
      return "void";
    case "no_show":
      return request.noShowParty === "eater" && request.chargeNoShow ? "capture" : "void";
    default:
      return "keep";
  }
}

/**
 * The payment once the request asks `outcome` of it.
 * - void: nothing held and no intent → voided at once; an intent or a hold → want void; already
 *   captured (a disputed hold captured before it lapsed, then settled against the cook) → want refund;
 * - capture: a hold → want capture; no hold (the request ended before the money came) → want void.
 */
export function ask(state: PaymentState, outcome: Outcome): PaymentState {
  if (outcome === "keep" || state.want === "void" || state.status === "voided") return state;
  if (state.status === "refunded") return state;
  if (outcome === "void") {
    if (state.status === "paid") return state.want ? state : { ...state, want: "refund" };
    if (state.status === "requires_payment" && !state.hasIntent)
      return { ...state, status: "voided", want: null };
    return { ...state, want: "void" };
  }
  if (state.status === "held") return { ...state, want: "capture" };
  if (state.status === "requires_payment")
    return state.hasIntent ? { ...state, want: "void" } : { ...state, status: "voided", want: null };
  return state;
}

/** How far along each status is: an event never moves a payment back. */
const RANK: Record<PaymentStatus, number> = { requires_payment: 0, held: 1, paid: 2, voided: 2, refunded: 3 };

/** A PaymentIntent as an event carries it (amounts in minor units). */
export interface IntentFacts {
  status: string;
  amountRefundedCents: number;
}

/**
 * The payment once Stripe says its intent is `intent` (decision 022 "Webhooks"). Out of order or
 * repeated, an event can only confirm what is known or move it on.
 */
export function observe(state: PaymentState, intent: IntentFacts): PaymentState {
  let next = { ...state, hasIntent: true };
  const to: PaymentStatus | null =
    intent.status === "requires_capture"
      ? "held"
      : intent.status === "succeeded"
        ? "paid"
        : intent.status === "canceled"
          ? "voided"
          : null;
  if (to && RANK[to] > RANK[next.status]) {
    next.status = to;
    if ((to === "paid" && next.want === "capture") || to === "voided") next.want = null;
    // A capture wanted on a hold voided meanwhile is moot; a void wanted on a captured one cannot be.
    if (to === "paid" && next.want === "void") next.want = null;
  }
  // A hold on a payment already voided (the request ended while the eater was paying, before the
  // intent's id was known): it is not wanted, so it is released.
  if (intent.status === "requires_capture" && next.status === "voided") next.want = "void";
  if (intent.status === "canceled" && next.want === "void") next.want = null;
  if (intent.amountRefundedCents > next.refundedCents) {
    next = { ...next, refundedCents: intent.amountRefundedCents };
    if (next.refundedCents >= next.amountCents) next = { ...next, status: "refunded", want: null };
  }
  return next;
}

/** The Stripe call the command job makes for a payment now, or null when there is nothing to send. */
export function commandOf(state: PaymentState): "capture" | "cancel" | "refund" | null {
  if (state.want === "capture" && state.status === "held") return "capture";
  if (state.want === "void" && state.hasIntent && state.status !== "paid" && state.status !== "refunded")
    return "cancel";
  if (state.want === "refund" && state.status === "paid") return "refund";
  return null;
}

/**
 * A refund asked for by the cook or an admin (decision 022 "Refunds"): captured money is refunded; a
 * hold is released; anything else is refused (null).
 */
export function askRefund(state: PaymentState): PaymentState | null {
  if (state.status === "paid") return state.want === "refund" ? state : { ...state, want: "refund" };
  if (state.status === "held" || state.status === "requires_payment")
    return state.want === "void" ? state : ask({ ...state, want: null }, "void");
  return null;
}

/**
 * What the expiry job does with a hold six days old, a day before Stripe would let it lapse
 * (decision 022 "Expiry"): a disputed pickup is captured (an admin's settlement against the cook then
 * refunds it), as is a completed one whose capture has not gone through; a no-show follows its rule;
 * anything still open is voided — the hold cannot outlive seven days, and the eater pays at pickup.
 */
export function expiryOutcome(request: RequestFacts): Exclude<Outcome, "keep"> {
  if (request.status === "disputed" || request.status === "completed") return "capture";
  return outcomeOf(request) === "capture" ? "capture" : "void";
}

/** Holds this old are settled by the expiry job (Stripe cancels them after seven days). */
export const HOLD_SETTLE_AFTER_MS = 6 * 24 * 60 * 60 * 1000;
