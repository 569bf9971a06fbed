/**
 * The Stripe client for a deployment's payment settings (docs/decisions/022): the official `stripe`
 * SDK, pointed at `STRIPE_API_URL` when set (the local Stripe, scripts/fake-stripe) with its `host`,
 * `port` and `protocol`. One client per settings object.
 */
import Stripe from "stripe";
import type { Config } from "../../config";

export type PaymentSettings = NonNullable<Config["payments"]>;
export type { Stripe };

const clients = new WeakMap<PaymentSettings, Stripe>();

/** The Stripe client for `settings`, made on first use. */
export function stripeOf(settings: PaymentSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    client = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === "https:" ? 443 : 80),
            protocol: api.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
    clients.set(settings, client);
  }
  return client;
}

/** Whether a Stripe error says the call itself was wrong for the object's state (not worth retrying). */
export const isInvalidRequest = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError;
