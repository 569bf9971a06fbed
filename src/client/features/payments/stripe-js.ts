/**
 * Stripe.js, loaded only on the payment page (docs/decisions/022): `@stripe/stripe-js`'s `loadStripe`
 * with the deployment's publishable key. Where the deployment names another Stripe.js (the local
 * Stripe of `npm run dev:payments` and the tests), that script is put on the page first, and
 * `loadStripe` takes the `window.Stripe` it defines.
 */
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { deployment } from "@/client/lib/deployment";

let loading: Promise<Stripe | null> | null = null;

/** Stripe.js for this deployment, loaded once; null without payment settings. */
export function stripeJs(): Promise<Stripe | null> {
  const settings = deployment().cardPayments;
  if (!settings) return Promise.resolve(null);
  loading ??= (async () => {
    if (!/^https:\/\/js\.stripe\.com\//.test(settings.jsUrl)) {
      await new Promise<void>((resolve, reject) => {
        const script = document.createElement("script");
        script.src = settings.jsUrl;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error("Stripe.js did not load"));
        document.head.appendChild(script);
      });
    }
    return loadStripe(settings.publishableKey);
  })().catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}
