/**
 * Card payments through Stripe Connect (docs/decisions/022): the feature's door for the others —
 * requests open and settle a request's payment and apply Stripe's events; the job registry runs its
 * commands and expiry.
 * @tables payment_accounts, payments, stripe_events
 */
export { cardAccountOf, connectAccount } from "./accounts";
export { outcomeOf } from "./machine";
export { cookSales, openHolds, paymentsPerDay, salesCsv } from "./reports";
export {
  applyStripeEvent,
  ensureIntent,
  lockPaymentOf,
  openPayment,
  paymentOf,
  paymentRefused,
  refundPayment,
  releaseMealPayments,
  requestOfEvent,
  runPaymentCommand,
  settleAfterMove,
  settleAgingHolds,
  takesCards,
} from "./service";
export { isInvalidRequest, type PaymentSettings, type Stripe, stripeOf } from "./stripe";
