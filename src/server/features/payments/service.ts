/**
 * Card payments in the database (docs/decisions/022): a payment is opened when the cook accepts a
 * card request, its PaymentIntent made when the eater opens the form, its status moved by Stripe's
 * signed events only (`applyStripeEvent`), and what the request asks of it sent to Stripe by the
 * `payment-command` job with an idempotency key. Every decision is machine.ts's.
 */
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import { type Executor, inTransaction, type Tx } from "../../db/client";
import { type PaymentRow, paymentAccounts, payments, requests, stripeEvents } from "../../db/schema";
import { AppError, conflict } from "../../errors";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { feeOf, fromStripeAmount, toStripeAmount } from "./amounts";
import {
  ask,
  askRefund,
  commandOf,
  expiryOutcome,
  HOLD_SETTLE_AFTER_MS,
  observe,
  outcomeOf,
  type PaymentState,
  type RequestFacts,
} from "./machine";
import { isInvalidRequest, type PaymentSettings, type Stripe } from "./stripe";

/** The machine's view of a payment row. */
export const stateOf = (row: PaymentRow): PaymentState => ({
  status: row.status,
  want: row.want,
  amountCents: row.amountCents,
  refundedCents: row.refundedCents,
  hasIntent: row.intentId !== null,
});

const STAMPS = { held: "heldAt", paid: "paidAt", voided: "voidedAt", refunded: "refundedAt" } as const;

/** Writes `next` over `row` (stamping when its status changed) and enqueues the Stripe call it needs. */
async function save(tx: Tx, row: PaymentRow, next: PaymentState): Promise<PaymentRow> {
  const changed = next.status !== row.status;
  if (!changed && next.want === row.want && next.refundedCents === row.refundedCents) return row;
  const stamp = changed && next.status !== "requires_payment" ? { [STAMPS[next.status]]: new Date() } : {};
  const [saved] = await tx
    .update(payments)
    .set({
      status: next.status,
      want: next.want,
      refundedCents: next.refundedCents,
      ...stamp,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, row.id))
    .returning();
  if (commandOf(next) && commandOf(next) !== commandOf(stateOf(row))) {
    await enqueueJob(tx, QUEUES.paymentCommand, { paymentId: row.id });
  }
  return saved;
}

/** A request's payment, locked for this transaction; null for cash. */
export async function lockPaymentOf(tx: Tx, requestId: string): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.requestId, requestId))
    .for("update")
    .limit(1);
  return row ?? null;
}

/** A request's card payment as it is, without a lock (a read for what each side may do with it). */
export async function paymentOf(db: Executor, requestId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.requestId, requestId)).limit(1);
  return row ?? null;
}

/** Whether `cookId` has a connected account that takes card payments. */
export async function takesCards(db: Executor, cookId: string): Promise<boolean> {
  const [account] = await db
    .select({ enabled: paymentAccounts.chargesEnabled })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.userId, cookId))
    .limit(1);
  return account?.enabled === true;
}

/**
 * Opens the card payment of a request the cook accepts (decision 022 "Accept"): the price of the
 * portions, the platform's fee, to the cook's connected account. Accepting again re-asks the same payment.
 * @throws AppError 409 `no_card_account` when the cook's account no longer takes cards
 */
export async function openPayment(
  tx: Tx,
  settings: PaymentSettings,
  input: {
    requestId: string;
    eaterId: string;
    feederId: string;
    mealTitle: string;
    priceCents: number;
    portions: number;
    currency: string;
    chargeNoShow: boolean;
  },
): Promise<PaymentRow> {
  const existing = await lockPaymentOf(tx, input.requestId);
  if (existing?.status === "voided")
    throw conflict(
      msg("This request's card payment was released. Ask the neighbour to request again."),
      "payment_released",
    );
  if (existing) return existing;
  const [account] = await tx
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.userId, input.feederId), eq(paymentAccounts.chargesEnabled, true)))
    .limit(1);
  if (!account)
    throw conflict(
      msg("Card payment is not set up for this cook. Agree on cash at pickup instead."),
      "no_card_account",
    );
  const amountCents = input.priceCents * input.portions;
  const [row] = await tx
    .insert(payments)
    .values({
      requestId: input.requestId,
      eaterId: input.eaterId,
      feederId: input.feederId,
      mealTitle: input.mealTitle,
      accountId: account.accountId,
      amountCents,
      feeCents: feeOf(amountCents, settings.feePercent),
      currency: input.currency,
      portions: input.portions,
      chargeNoShow: input.chargeNoShow,
    })
    .returning();
  return row;
}

/**
 * What a request's move asks of its money (decision 022): called by the one door every request status
 * write takes, in its transaction, after the request's row is locked.
 */
export async function settleAfterMove(
  tx: Tx,
  request: RequestFacts & { id: string },
): Promise<PaymentRow | null> {
  const row = await lockPaymentOf(tx, request.id);
  if (!row) return null;
  return save(tx, row, ask(stateOf(row), outcomeOf(request)));
}

/**
 * An admin took a meal down (decision 022 "Cancel"): the card payments of its requests still open are
 * released — a hold voided, a payment not yet made cancelled — and the meal's takedown stands for its
 * handover: nothing is captured after.
 * @returns how many payments it released
 */
export async function releaseMealPayments(tx: Tx, mealId: string): Promise<number> {
  const open = await tx
    .select({ requestId: requests.id })
    .from(payments)
    .innerJoin(requests, eq(requests.id, payments.requestId))
    .where(and(eq(requests.mealId, mealId), inArray(payments.status, ["requires_payment", "held"])));
  for (const { requestId } of open) {
    const row = await lockPaymentOf(tx, requestId);
    if (row) await save(tx, row, ask(stateOf(row), "void"));
  }
  return open.length;
}

/**
 * A refund the cook of the sale or an admin asks for (decision 022 "Refunds"): captured money goes
 * back, a hold is released.
 * @throws AppError 409 `nothing_to_refund` when the payment is refunded or voided already, or there is none
 */
export async function refundPayment(tx: Tx, requestId: string): Promise<PaymentRow> {
  const row = await lockPaymentOf(tx, requestId);
  const next = row ? askRefund(stateOf(row)) : null;
  if (!row || !next) throw conflict(msg("There is no payment to refund."), "nothing_to_refund");
  return save(tx, row, next);
}

/**
 * The PaymentIntent of a payment, made once (idempotency key = the payment's id): a hold (manual
 * capture) on behalf of the cook's account, the cook's part transferred to it on capture.
 * @returns the client secret Stripe's payment form confirms it with
 */
export async function ensureIntent(db: Executor, stripe: Stripe, row: PaymentRow): Promise<string> {
  if (row.intentId && row.clientSecret) return row.clientSecret;
  const intent = await stripe.paymentIntents.create(
    {
      amount: toStripeAmount(row.amountCents, row.currency),
      currency: row.currency.toLowerCase(),
      capture_method: "manual",
      allowed_payment_method_types: ["card"],
      on_behalf_of: row.accountId,
      transfer_data: { destination: row.accountId },
      ...(row.feeCents > 0 ? { application_fee_amount: toStripeAmount(row.feeCents, row.currency) } : {}),
      metadata: { payment_id: row.id, request_id: row.requestId ?? "" },
    },
    { idempotencyKey: `intent-${row.id}` },
  );
  await db
    .update(payments)
    .set({ intentId: intent.id, clientSecret: intent.client_secret, updatedAt: sql`now()` })
    .where(and(eq(payments.id, row.id), isNull(payments.intentId)));
  return intent.client_secret ?? "";
}

/** What an applied event did to a payment: the request it belongs to, and whether the money is now held. */
export interface AppliedEvent {
  requestId: string | null;
  becameHeld: boolean;
  /** The payment's status or refunds moved: both sides are told live. */
  changed: boolean;
  payment: PaymentRow;
}

type IntentObject = { id: string; status: string; metadata?: Record<string, string> };
type ChargeObject = { payment_intent: string | null; amount_refunded: number; currency: string };
type AccountObject = { id: string; charges_enabled: boolean };

/**
 * Applies one verified Stripe event (decision 022 "Webhooks"): the same event twice is applied once
 * (`stripe_events`), and an event out of order can only confirm or move on what is known (machine.ts).
 * @returns what it did to a payment, or null (a repeat, an account's event, or none of ours)
 */
export async function applyStripeEvent(
  tx: Tx,
  event: { id: string; type: string; data: { object: unknown } },
): Promise<AppliedEvent | null> {
  const [fresh] = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type.slice(0, 100) })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (!fresh) return null;
  if (event.type === "account.updated") {
    const account = event.data.object as AccountObject;
    await tx
      .update(paymentAccounts)
      .set({ chargesEnabled: account.charges_enabled === true, updatedAt: sql`now()` })
      .where(eq(paymentAccounts.accountId, account.id));
    return null;
  }
  let row: PaymentRow | undefined;
  let facts: { status: string; amountRefundedCents: number };
  if (event.type.startsWith("payment_intent.")) {
    const intent = event.data.object as IntentObject;
    row = await lockByIntent(tx, intent.id, intent.metadata?.payment_id);
    facts = { status: intent.status, amountRefundedCents: 0 };
  } else if (event.type === "charge.refunded") {
    const charge = event.data.object as ChargeObject;
    row = charge.payment_intent ? await lockByIntent(tx, charge.payment_intent) : undefined;
    facts = {
      status: "succeeded",
      amountRefundedCents: fromStripeAmount(charge.amount_refunded, charge.currency.toUpperCase()),
    };
  } else return null;
  if (!row) return null;
  const saved = await save(tx, row, observe(stateOf(row), facts));
  return {
    requestId: row.requestId,
    becameHeld: row.status === "requires_payment" && saved.status === "held",
    changed: saved.status !== row.status || saved.refundedCents !== row.refundedCents,
    payment: saved,
  };
}

/** A payment by its intent (or, before its intent id was written, by the id the intent's metadata carries). */
async function lockByIntent(tx: Tx, intentId: string, paymentId?: string): Promise<PaymentRow | undefined> {
  const [byIntent] = await tx
    .select()
    .from(payments)
    .where(eq(payments.intentId, intentId))
    .for("update")
    .limit(1);
  if (byIntent || !paymentId || !/^[0-9a-f-]{36}$/.test(paymentId)) return byIntent;
  const [byId] = await tx
    .update(payments)
    .set({ intentId })
    .where(and(eq(payments.id, paymentId), isNull(payments.intentId)))
    .returning();
  return byId;
}

/** The request a payment event concerns (its intent's metadata), to lock before the payment. */
export function requestOfEvent(event: { type: string; data: { object: unknown } }): string | null {
  if (!event.type.startsWith("payment_intent.")) return null;
  const id = (event.data.object as IntentObject).metadata?.request_id;
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

/**
 * The `payment-command` job: sends Stripe what a payment wants (capture, cancel or refund), with an
 * idempotency key, so a retried job repeats nothing. The status moves when Stripe's event comes back.
 * A call Stripe refuses for the intent's state (it moved otherwise meanwhile) ends the job: that
 * move's own event says what happened.
 */
export async function runPaymentCommand(
  db: Executor,
  stripe: Stripe | null,
  data: unknown,
  log: { warn: (details: object, message: string) => void },
): Promise<void> {
  const paymentId = (data as { paymentId?: unknown })?.paymentId;
  if (!stripe || typeof paymentId !== "string") return;
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  const command = row ? commandOf(stateOf(row)) : null;
  if (!row?.intentId || !command) return;
  const idempotencyKey = `${command}-${row.id}-${row.refundedCents}`;
  try {
    if (command === "capture") await stripe.paymentIntents.capture(row.intentId, {}, { idempotencyKey });
    else if (command === "cancel") await stripe.paymentIntents.cancel(row.intentId, {}, { idempotencyKey });
    else
      await stripe.refunds.create(
        {
          payment_intent: row.intentId,
          amount: toStripeAmount(row.amountCents - row.refundedCents, row.currency),
          reverse_transfer: true,
          refund_application_fee: true,
        },
        { idempotencyKey },
      );
  } catch (error) {
    if (!isInvalidRequest(error)) throw error;
    log.warn(
      { paymentId: row.id, command, code: (error as { code?: string }).code },
      "Stripe refused a payment command",
    );
  }
}

/**
 * The `payment-expiry` job (decision 022 "Expiry"): every hold six days old is captured or voided by
 * its request's rules a day before Stripe would let it lapse; each in a transaction that locks the
 * request first, as a request's move does.
 * @returns how many holds it settled
 */
export async function settleAgingHolds(db: Executor, now = new Date()): Promise<number> {
  const due = await db
    .select({ requestId: payments.requestId })
    .from(payments)
    .where(
      and(eq(payments.status, "held"), lt(payments.heldAt, new Date(now.getTime() - HOLD_SETTLE_AFTER_MS))),
    )
    .orderBy(payments.heldAt)
    .limit(500);
  let settled = 0;
  for (const { requestId } of due) {
    if (!requestId) continue;
    await inTransaction(db, async (tx) => {
      const [request] = await tx
        .select({
          status: requests.status,
          noShowParty: requests.noShowParty,
          chargeNoShow: requests.chargeNoShow,
        })
        .from(requests)
        .where(eq(requests.id, requestId))
        .for("update")
        .limit(1);
      const row = await lockPaymentOf(tx, requestId);
      if (row?.status !== "held" || !request) return;
      await save(tx, row, ask(stateOf(row), expiryOutcome(request)));
      settled += 1;
    });
  }
  return settled;
}

/** A payment's answer to a failed Stripe call that the member can act on. */
export const paymentRefused = (message = msg("The payment could not be started. Try again in a moment.")) =>
  new AppError(502, "payment_unavailable", message);
