/**
 * Amounts as Stripe counts them (docs/decisions/022 "Money facts"). MealShare stores prices in the
 * currency's minor units as `Intl` knows them (two for EUR, none for JPY); Stripe wants "the smallest
 * currency unit" by its own list (https://docs.stripe.com/currencies#zero-decimal): zero-decimal
 * currencies in whole units, three-decimal ones in thousandths, the rest in hundredths — so ISK, which
 * `Intl` writes without decimals, is sent to Stripe times 100.
 */

/** Stripe's zero-decimal currencies. */
const ZERO_DECIMAL = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "JPY",
  "KMF",
  "KRW",
  "MGA",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);
/** Stripe's three-decimal currencies. */
const THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

/** Decimals of `currency` as `Intl` writes it: MealShare's minor units. */
export const intlDecimals = (currency: string) =>
  new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** Decimals of `currency` as Stripe counts it. */
export const stripeDecimals = (currency: string) =>
  ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : THREE_DECIMAL.has(currency.toUpperCase()) ? 3 : 2;

/**
 * MealShare's minor units → Stripe's smallest unit, for `currency` (ISO 4217).
 * @throws Error when the amount cannot be said exactly in Stripe's unit (a fraction MealShare never stores)
 */
export function toStripeAmount(minorUnits: number, currency: string): number {
  const shift = stripeDecimals(currency) - intlDecimals(currency);
  const amount = shift >= 0 ? minorUnits * 10 ** shift : minorUnits / 10 ** -shift;
  if (!Number.isInteger(amount)) throw new Error(`${minorUnits} ${currency} has no exact Stripe amount`);
  return amount;
}

/** Stripe's smallest unit → MealShare's minor units, for `currency`. */
export function fromStripeAmount(amount: number, currency: string): number {
  const shift = stripeDecimals(currency) - intlDecimals(currency);
  return shift >= 0 ? Math.round(amount / 10 ** shift) : amount * 10 ** -shift;
}

/** The platform's part of `amountCents` at `percent`, rounded down to a whole minor unit (never more than asked). */
export const feeOf = (amountCents: number, percent: number) => Math.floor((amountCents * percent) / 100);
