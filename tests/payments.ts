/**
 * Card payments in tests (docs/decisions/022): the local Stripe (scripts/fake-stripe) and the settings
 * that point an app at it, and paying as Stripe.js does — the publishable key and the intent's client
 * secret, over HTTP.
 */
import { type FakeStripe, startFakeStripe } from "../scripts/fake-stripe/server";
import { STRIPE_KEYS, stripeEnv } from "./stripe-keys";

export { STRIPE_KEYS, stripeEnv };

/** A local Stripe on a free port (or `port`), its webhooks sent to `webhookUrl`. */
export const startStripe = (options: { port?: number; webhookUrl?: string } = {}) =>
  startFakeStripe({ ...STRIPE_KEYS, ...options });

/**
 * Confirms an intent with a card number as Stripe.js would (publishable key + client secret).
 * @returns the HTTP status and Stripe's answer
 */
export async function payWithCard(
  stripe: Pick<FakeStripe, "url">,
  clientSecret: string,
  card: string,
): Promise<{ status: number; body: { status?: string; error?: { code?: string; decline_code?: string } } }> {
  const intent = clientSecret.split("_secret_")[0];
  const answer = await fetch(`${stripe.url}/v1/payment_intents/${intent}/confirm`, {
    method: "POST",
    body: new URLSearchParams({
      key: STRIPE_KEYS.publishableKey,
      client_secret: clientSecret,
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": card,
    }),
  });
  return { status: answer.status, body: await answer.json() };
}

/** Answers the 3-D Secure challenge of an intent on the local Stripe's page (as the eater's click does). */
export async function authenticate(stripe: Pick<FakeStripe, "url">, clientSecret: string, passed: boolean) {
  const intent = clientSecret.split("_secret_")[0];
  const answer = await fetch(`${stripe.url}/3ds/${intent}`, {
    method: "POST",
    body: new URLSearchParams({ result: passed ? "complete" : "fail" }),
  });
  return answer.status;
}

/** Finishes a cook's Express onboarding on the local Stripe's page (the URL MealShare sent them to). */
export async function finishOnboarding(onboardingUrl: string) {
  const url = new URL(onboardingUrl);
  const answer = await fetch(url.origin + url.pathname, {
    method: "POST",
    body: new URLSearchParams({ return_url: url.searchParams.get("return_url") ?? "" }),
    redirect: "manual",
  });
  return answer.status;
}

export type { FakeStripe };
