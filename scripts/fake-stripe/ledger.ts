/**
 * The state of the local Stripe (scripts/fake-stripe/server.ts; docs/decisions/022): connected accounts,
 * PaymentIntents with manual capture, refunds and the events they raise, as Stripe's API reference
 * describes them (https://docs.stripe.com/api/payment_intents). No HTTP here: the server speaks the
 * protocol around it, and the payments property test (tests/unit/payment-machine.test.ts) uses it as
 * the Stripe its random sequences run against.
 *
 * Cards follow Stripe's test cards (https://docs.stripe.com/testing): 4242 4242 4242 4242 is authorised,
 * 4000 0027 6000 3184 asks for 3-D Secure every time, 4000 0000 0000 0002 is declined and
 * 4000 0000 0000 9995 is declined for insufficient funds. `pm_card_visa` and friends name them as
 * PaymentMethods.
 */
import { randomBytes } from "node:crypto";

/** Stripe's PaymentIntent statuses this fake moves through. */
export type IntentStatus =
  | "requires_payment_method"
  | "requires_action"
  | "requires_capture"
  | "succeeded"
  | "canceled";

/** A PaymentIntent as Stripe's API answers it (the fields MealShare and Stripe.js read). */
export interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: IntentStatus;
  capture_method: "manual" | "automatic";
  client_secret: string;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  on_behalf_of: string | null;
  transfer_data: { destination: string } | null;
  application_fee_amount: number | null;
  latest_charge: string | null;
  cancellation_reason: string | null;
  last_payment_error: StripeErrorBody | null;
  next_action: { type: "redirect_to_url"; redirect_to_url: { url: string; return_url: string } } | null;
  /** Refunded so far (a charge's `amount_refunded`; kept here, one charge per intent). */
  amount_refunded: number;
}

/** A connected Express account. */
export interface FakeAccount {
  id: string;
  object: "account";
  type: "express";
  email: string | null;
  country: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  created: number;
  metadata: Record<string, string>;
}

/** Stripe's error body (`{ error: … }`'s inside). */
export interface StripeErrorBody {
  type: "card_error" | "invalid_request_error" | "idempotency_error" | "authentication_error";
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: FakeIntent;
}

/** One event to deliver: its type and the object it carries. */
export interface FakeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: unknown };
  account?: string;
}

/** What one call did: the HTTP status and body to answer, and the events it raised. */
export interface Outcome {
  status: number;
  body: unknown;
  events: FakeEvent[];
}

/** Stripe's test cards, by number and by PaymentMethod id. */
export const TEST_CARDS = {
  visa: "4242424242424242",
  threeDSecure: "4000002760003184",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;
const PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: TEST_CARDS.visa,
  pm_card_authenticationRequired: TEST_CARDS.threeDSecure,
  pm_card_visa_chargeDeclined: TEST_CARDS.declined,
  pm_card_visa_chargeDeclinedInsufficientFunds: TEST_CARDS.insufficientFunds,
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
const fail = (status: number, error: StripeErrorBody): Outcome => ({ status, body: { error }, events: [] });
const unexpected = (intent: FakeIntent, action: string): Outcome =>
  fail(400, {
    type: "invalid_request_error",
    code: "payment_intent_unexpected_state",
    message: `This PaymentIntent's ${action} could not be performed because it has a status of ${intent.status}.`,
    payment_intent: intent,
  });

/**
 * Stripe's state for one fake: accounts, intents and the events they raise.
 * @param base where the fake's pages are served (account onboarding, the 3-D Secure challenge)
 */
export class Ledger {
  readonly accounts = new Map<string, FakeAccount>();
  readonly intents = new Map<string, FakeIntent>();
  /** Captures and refunds as they happened, for tests to count money moved. */
  readonly moves: { kind: "capture" | "refund" | "cancel"; intent: string; amount: number }[] = [];

  constructor(
    private readonly base: () => string,
    private readonly apiVersion = "2026-10-28.endive",
  ) {}

  private get baseUrl() {
    return this.base();
  }

  event(type: string, object: unknown, account?: string): FakeEvent {
    return {
      id: id("evt"),
      object: "event",
      type,
      created: now(),
      api_version: this.apiVersion,
      livemode: false,
      pending_webhooks: 1,
      request: { id: id("req"), idempotency_key: null },
      data: { object: structuredClone(object) },
      ...(account ? { account } : {}),
    };
  }

  createAccount(params: { email?: string; country?: string; metadata?: Record<string, string> }): Outcome {
    const account: FakeAccount = {
      id: id("acct"),
      object: "account",
      type: "express",
      email: params.email ?? null,
      country: params.country ?? "US",
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      created: now(),
      metadata: params.metadata ?? {},
    };
    this.accounts.set(account.id, account);
    return { status: 200, body: account, events: [] };
  }

  accountLink(params: { account?: string; return_url?: string; refresh_url?: string }): Outcome {
    if (!params.account || !this.accounts.has(params.account))
      return fail(400, { type: "invalid_request_error", message: "No such account", param: "account" });
    if (!params.return_url || !params.refresh_url)
      return fail(400, { type: "invalid_request_error", message: "Missing return_url or refresh_url" });
    const query = new URLSearchParams({ return_url: params.return_url, refresh_url: params.refresh_url });
    return {
      status: 200,
      body: {
        object: "account_link",
        created: now(),
        expires_at: now() + 300,
        url: `${this.baseUrl}/connect/onboarding/${params.account}?${query}`,
      },
      events: [],
    };
  }

  /** Onboarding finished on the fake's page: the account may take charges, and says so by webhook. */
  completeOnboarding(accountId: string): Outcome {
    const account = this.accounts.get(accountId);
    if (!account) return fail(404, { type: "invalid_request_error", message: "No such account" });
    Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
    return { status: 200, body: account, events: [this.event("account.updated", account, account.id)] };
  }

  createIntent(params: {
    amount?: string | number;
    currency?: string;
    capture_method?: string;
    on_behalf_of?: string;
    transfer_data?: { destination?: string };
    application_fee_amount?: string | number;
    metadata?: Record<string, string>;
  }): Outcome {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1)
      return fail(400, { type: "invalid_request_error", message: "Invalid amount", param: "amount" });
    if (!params.currency)
      return fail(400, { type: "invalid_request_error", message: "Missing currency", param: "currency" });
    const destination = params.transfer_data?.destination;
    if (destination && !this.accounts.get(destination)?.charges_enabled)
      return fail(400, {
        type: "invalid_request_error",
        message: "The destination account cannot take charges yet",
        param: "transfer_data[destination]",
      });
    const intentId = id("pi");
    const intent: FakeIntent = {
      id: intentId,
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: params.currency.toLowerCase(),
      status: "requires_payment_method",
      capture_method: params.capture_method === "manual" ? "manual" : "automatic",
      client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
      created: now(),
      livemode: false,
      metadata: params.metadata ?? {},
      on_behalf_of: params.on_behalf_of ?? null,
      transfer_data: destination ? { destination } : null,
      application_fee_amount:
        params.application_fee_amount === undefined ? null : Number(params.application_fee_amount),
      latest_charge: null,
      cancellation_reason: null,
      last_payment_error: null,
      next_action: null,
      amount_refunded: 0,
    };
    this.intents.set(intent.id, intent);
    return { status: 200, body: intent, events: [this.event("payment_intent.created", intent)] };
  }

  /** A card given to an intent: authorised, challenged for 3-D Secure, or declined. */
  confirm(
    intentId: string,
    params: { payment_method?: string; card?: string; return_url?: string },
  ): Outcome {
    const intent = this.intents.get(intentId);
    if (!intent) return fail(404, { type: "invalid_request_error", message: "No such payment_intent" });
    if (intent.status !== "requires_payment_method") return unexpected(intent, "confirm");
    const card = (params.card ?? PAYMENT_METHODS[params.payment_method ?? ""] ?? "").replace(/\s/g, "");
    if (card === TEST_CARDS.declined || card === TEST_CARDS.insufficientFunds) {
      const error: StripeErrorBody = {
        type: "card_error",
        code: "card_declined",
        decline_code: card === TEST_CARDS.declined ? "generic_decline" : "insufficient_funds",
        message:
          card === TEST_CARDS.declined ? "Your card was declined." : "Your card has insufficient funds.",
      };
      intent.last_payment_error = error;
      return {
        status: 402,
        body: { error: { ...error, payment_intent: structuredClone(intent) } },
        events: [this.event("payment_intent.payment_failed", intent)],
      };
    }
    if (card === TEST_CARDS.threeDSecure) {
      const returnUrl = params.return_url ?? `${this.baseUrl}/3ds/done`;
      intent.status = "requires_action";
      intent.last_payment_error = null;
      intent.next_action = {
        type: "redirect_to_url",
        redirect_to_url: {
          url: `${this.baseUrl}/3ds/${intent.id}?${new URLSearchParams({ return_url: returnUrl })}`,
          return_url: returnUrl,
        },
      };
      return { status: 200, body: intent, events: [this.event("payment_intent.requires_action", intent)] };
    }
    if (card !== TEST_CARDS.visa)
      return fail(402, {
        type: "card_error",
        code: "incorrect_number",
        message: "Your card number is incorrect.",
        param: "number",
      });
    return this.authorise(intent);
  }

  private authorise(intent: FakeIntent): Outcome {
    intent.next_action = null;
    intent.last_payment_error = null;
    intent.latest_charge = id("ch");
    if (intent.capture_method === "automatic") {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      return { status: 200, body: intent, events: [this.event("payment_intent.succeeded", intent)] };
    }
    intent.status = "requires_capture";
    intent.amount_capturable = intent.amount;
    return {
      status: 200,
      body: intent,
      events: [this.event("payment_intent.amount_capturable_updated", intent)],
    };
  }

  /** The 3-D Secure challenge answered on the fake's page. */
  authenticate(intentId: string, passed: boolean): Outcome {
    const intent = this.intents.get(intentId);
    if (!intent) return fail(404, { type: "invalid_request_error", message: "No such payment_intent" });
    if (intent.status !== "requires_action") return unexpected(intent, "authentication");
    if (passed) return this.authorise(intent);
    intent.status = "requires_payment_method";
    intent.next_action = null;
    intent.last_payment_error = {
      type: "card_error",
      code: "payment_intent_authentication_failure",
      message:
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    };
    return { status: 200, body: intent, events: [this.event("payment_intent.payment_failed", intent)] };
  }

  capture(intentId: string, params: { amount_to_capture?: string | number } = {}): Outcome {
    const intent = this.intents.get(intentId);
    if (!intent) return fail(404, { type: "invalid_request_error", message: "No such payment_intent" });
    if (intent.status !== "requires_capture") return unexpected(intent, "capture");
    const amount = params.amount_to_capture === undefined ? intent.amount : Number(params.amount_to_capture);
    if (!Number.isInteger(amount) || amount < 1 || amount > intent.amount_capturable)
      return fail(400, { type: "invalid_request_error", message: "Invalid amount_to_capture" });
    intent.status = "succeeded";
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    this.moves.push({ kind: "capture", intent: intent.id, amount });
    return { status: 200, body: intent, events: [this.event("payment_intent.succeeded", intent)] };
  }

  cancel(intentId: string, params: { cancellation_reason?: string } = {}): Outcome {
    const intent = this.intents.get(intentId);
    if (!intent) return fail(404, { type: "invalid_request_error", message: "No such payment_intent" });
    if (intent.status === "succeeded" || intent.status === "canceled") return unexpected(intent, "cancel");
    intent.status = "canceled";
    intent.amount_capturable = 0;
    intent.next_action = null;
    intent.cancellation_reason = params.cancellation_reason ?? null;
    this.moves.push({ kind: "cancel", intent: intent.id, amount: 0 });
    return { status: 200, body: intent, events: [this.event("payment_intent.canceled", intent)] };
  }

  /** Stripe lets an uncaptured hold lapse after seven days: the intent is canceled as "automatic". */
  lapse(intentId: string): Outcome {
    return this.cancel(intentId, { cancellation_reason: "automatic" });
  }

  refund(params: {
    payment_intent?: string;
    amount?: string | number;
    metadata?: Record<string, string>;
  }): Outcome {
    const intent = params.payment_intent ? this.intents.get(params.payment_intent) : undefined;
    if (!intent) return fail(400, { type: "invalid_request_error", message: "No such payment_intent" });
    if (intent.status !== "succeeded")
      return fail(400, {
        type: "invalid_request_error",
        code: "charge_not_refundable",
        message: "This PaymentIntent has no successful charge to refund.",
      });
    const left = intent.amount_received - intent.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (left === 0)
      return fail(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      });
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      return fail(400, {
        type: "invalid_request_error",
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      });
    intent.amount_refunded += amount;
    this.moves.push({ kind: "refund", intent: intent.id, amount });
    const refund = {
      id: id("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: "succeeded",
      created: now(),
      metadata: params.metadata ?? {},
    };
    const charge = {
      id: intent.latest_charge,
      object: "charge",
      amount: intent.amount_received,
      amount_refunded: intent.amount_refunded,
      refunded: intent.amount_refunded === intent.amount_received,
      payment_intent: intent.id,
      currency: intent.currency,
    };
    return {
      status: 200,
      body: refund,
      events: [this.event("refund.created", refund), this.event("charge.refunded", charge)],
    };
  }
}
