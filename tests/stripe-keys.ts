/**
 * The local Stripe's keys in tests (docs/decisions/022), and the environment that points MealShare
 * at a local Stripe: no imports, so playwright.config.ts can read it cheaply.
 */
export const STRIPE_KEYS = {
  secretKey: "sk_test_mealshare_local",
  publishableKey: "pk_test_mealshare_local",
  webhookSecret: "whsec_mealshare_local",
};

/** The environment that points MealShare at the local Stripe on `stripe.url`. */
export const stripeEnv = (stripe: { url: string }) => ({
  STRIPE_SECRET_KEY: STRIPE_KEYS.secretKey,
  STRIPE_PUBLISHABLE_KEY: STRIPE_KEYS.publishableKey,
  STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhookSecret,
  STRIPE_API_URL: stripe.url,
  STRIPE_JS_URL: `${stripe.url}/v3/stripe.js`,
});
