/**
 * `npm run dev:payments`: MealShare with card payments against the local Stripe (docs/decisions/022),
 * no Stripe account needed. Starts the fake Stripe (scripts/fake-stripe) on port 12111, then the app
 * as `npm start` does on port 5000, with STRIPE_* pointing at the fake and the fake's webhooks at the
 * app. Test cards: 4242 4242 4242 4242 (authorised), 4000 0027 6000 3184 (3-D Secure),
 * 4000 0000 0000 0002 (declined).
 */
import { spawn } from "node:child_process";
import { startFakeStripe } from "./fake-stripe/server";

const KEYS = {
  secretKey: "sk_test_mealshare_local",
  publishableKey: "pk_test_mealshare_local",
  webhookSecret: "whsec_mealshare_local",
};
const port = Number(process.env.PORT ?? 5000);
const stripe = await startFakeStripe({
  ...KEYS,
  port: Number(process.env.FAKE_STRIPE_PORT ?? 12111),
  host: "127.0.0.1",
  webhookUrl: `http://127.0.0.1:${port}/webhooks/stripe`,
});
console.log(`Local Stripe at ${stripe.url}; its webhooks go to http://127.0.0.1:${port}/webhooks/stripe`);
const app = spawn("node", ["scripts/start.mjs"], {
  stdio: "inherit",
  env: {
    ...process.env,
    STRIPE_SECRET_KEY: KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
    STRIPE_API_URL: stripe.url,
    STRIPE_JS_URL: `${stripe.url}/v3/stripe.js`,
  },
});
const stop = async () => {
  app.kill("SIGTERM");
  await stripe.close();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
app.on("exit", (code) => {
  void stripe.close().then(() => process.exit(code ?? 0));
});
