/**
 * A local Stripe for tests and for trying card payments without a Stripe account (docs/decisions/022):
 * a Fastify server that speaks Stripe's form-encoded REST API for what MealShare calls — accounts,
 * account links, PaymentIntents (create, retrieve, confirm, capture, cancel) and refunds, with
 * `Idempotency-Key` — and sends webhooks signed the way Stripe signs them
 * (`stripe.webhooks.generateTestHeaderString`). It also serves what Stripe hosts: the Express
 * onboarding page, the 3-D Secure challenge and a stand-in for Stripe.js (stripe-js.ts). The official
 * `stripe` SDK points at it with `host`, `port` and `protocol`. State lives in memory (ledger.ts).
 */
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import qs from "qs";
import Stripe from "stripe";
import { type FakeEvent, Ledger, type Outcome } from "./ledger";
import { challengePage, elementsPage, onboardingPage } from "./pages";
import { stripeJs } from "./stripe-js";

export interface FakeStripeOptions {
  /** The secret key calls must carry (`Authorization: Bearer …`). */
  secretKey: string;
  /** The publishable key Stripe.js calls carry, with the intent's client secret. */
  publishableKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  /** Where events are POSTed; none until `setWebhookUrl`. */
  webhookUrl?: string;
  port?: number;
  host?: string;
}

/** A running fake, with the controls tests use to hold, reorder and repeat webhooks. */
export interface FakeStripe {
  url: string;
  port: number;
  ledger: Ledger;
  setWebhookUrl: (url: string) => void;
  /** Every event raised, in order, delivered or not. */
  events: FakeEvent[];
  /** Keep new events back until `release`. */
  hold: () => void;
  /** Deliver the held events (in the order given, or as raised) and deliver from now on. */
  release: (order?: (held: FakeEvent[]) => FakeEvent[]) => Promise<void>;
  /** Send an event again, exactly as before (Stripe retries and duplicates deliveries). */
  redeliver: (event: FakeEvent) => Promise<number>;
  /** Resolves when every event raised so far has been delivered (or given up on). */
  delivered: () => Promise<void>;
  close: () => Promise<void>;
}

const stripeSdk = new Stripe("sk_test_signing_only");

/** Starts a fake Stripe on `options.port` (a free one when 0). */
export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const app = Fastify({ logger: false });
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, qs.parse(body as string, { depth: 5 })),
  );
  // Stripe.js reads an intent from the page's origin with the publishable key.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("access-control-allow-origin", "*");
  });
  let url = "";
  const ledger = new Ledger(() => url);
  const events: FakeEvent[] = [];
  let webhookUrl = options.webhookUrl;
  let holding = false;
  let held: FakeEvent[] = [];
  let queue = Promise.resolve();

  const post = async (event: FakeEvent): Promise<number> => {
    if (!webhookUrl) return 0;
    const payload = JSON.stringify(event);
    const header = stripeSdk.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    const answer = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
    });
    await answer.arrayBuffer();
    return answer.status;
  };
  /** Delivers in order, retrying a failed delivery a few times as Stripe does (it retries for days). */
  const send = (list: FakeEvent[]) => {
    queue = queue.then(async () => {
      for (const event of list) {
        for (let attempt = 0; attempt < 4; attempt += 1) {
          const status = await post(event).catch(() => 0);
          if ((status >= 200 && status < 300) || !webhookUrl) break;
          await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
        }
      }
    });
    return queue;
  };
  const raise = (outcome: Outcome) => {
    events.push(...outcome.events);
    if (holding) held.push(...outcome.events);
    else void send(outcome.events);
  };

  // Idempotency-Key: the same key answers the first call's answer again (https://docs.stripe.com/api/idempotent_requests).
  const answered = new Map<string, { params: string; outcome: Outcome }>();
  const answer = (request: FakeRequest, reply: FastifyReply, run: () => Outcome) => {
    const key = request.headers["idempotency-key"];
    const params = JSON.stringify(request.body ?? {});
    const cacheKey = typeof key === "string" ? `${request.url} ${key}` : null;
    const earlier = cacheKey ? answered.get(cacheKey) : undefined;
    if (earlier && earlier.params !== params) {
      return reply.code(400).send({
        error: {
          type: "idempotency_error",
          message:
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        },
      });
    }
    const outcome = earlier?.outcome ?? run();
    if (!earlier) {
      if (cacheKey) answered.set(cacheKey, { params, outcome });
      raise(outcome);
    }
    return reply.code(outcome.status).send(outcome.body);
  };

  type FakeRequest = FastifyRequest<{ Params: Record<string, string>; Body: Record<string, never> }>;
  /** The secret key, or (for an intent's own calls, as Stripe.js makes them) the publishable key and its client secret. */
  const allowed = (request: FakeRequest, intentId?: string) => {
    if (request.headers.authorization === `Bearer ${options.secretKey}`) return true;
    const given = { ...(request.query as Record<string, string>), ...(request.body ?? {}) } as Record<
      string,
      string
    >;
    const intent = intentId ? ledger.intents.get(intentId) : undefined;
    return given.key === options.publishableKey && !!intent && given.client_secret === intent.client_secret;
  };
  app.addHook("preHandler", async (request, reply) => {
    if (!request.url.startsWith("/v1/")) return;
    const intentId = (request.params as Record<string, string>).id;
    if (!allowed(request as FakeRequest, intentId?.startsWith("pi_") ? intentId : undefined)) {
      return reply.code(401).send({
        error: { type: "authentication_error", message: "Invalid API Key provided" },
      });
    }
  });
  const missing = (reply: FastifyReply, what: string) =>
    reply.code(404).send({ error: { type: "invalid_request_error", message: `No such ${what}` } });

  app.post("/v1/accounts", (request: FakeRequest, reply) =>
    answer(request, reply, () => ledger.createAccount(request.body ?? {})),
  );
  app.get("/v1/accounts/:id", (request: FakeRequest, reply) => {
    const account = ledger.accounts.get(request.params.id);
    return account ? reply.send(account) : missing(reply, "account");
  });
  app.post("/v1/account_links", (request: FakeRequest, reply) =>
    answer(request, reply, () => ledger.accountLink(request.body ?? {})),
  );
  app.post("/v1/payment_intents", (request: FakeRequest, reply) =>
    answer(request, reply, () => ledger.createIntent(request.body ?? {})),
  );
  app.get("/v1/payment_intents/:id", (request: FakeRequest, reply) => {
    const intent = ledger.intents.get(request.params.id);
    return intent ? reply.send(intent) : missing(reply, "payment_intent");
  });
  app.post("/v1/payment_intents/:id/confirm", (request: FakeRequest, reply) =>
    answer(request, reply, () => {
      const body = (request.body ?? {}) as {
        payment_method?: string;
        return_url?: string;
        payment_method_data?: { card?: { number?: string } };
      };
      return ledger.confirm(request.params.id, {
        payment_method: body.payment_method,
        card: body.payment_method_data?.card?.number,
        return_url: body.return_url,
      });
    }),
  );
  app.post("/v1/payment_intents/:id/capture", (request: FakeRequest, reply) =>
    answer(request, reply, () => ledger.capture(request.params.id, request.body ?? {})),
  );
  app.post("/v1/payment_intents/:id/cancel", (request: FakeRequest, reply) =>
    answer(request, reply, () => ledger.cancel(request.params.id, request.body ?? {})),
  );
  app.post("/v1/refunds", (request: FakeRequest, reply) =>
    answer(request, reply, () => ledger.refund(request.body ?? {})),
  );

  // What Stripe hosts: onboarding, the 3-D Secure challenge, Stripe.js and its card field.
  app.get("/connect/onboarding/:id", (request: FakeRequest, reply) =>
    reply.type("text/html").send(onboardingPage(request.params.id, request.query as Record<string, string>)),
  );
  app.post("/connect/onboarding/:id", async (request: FakeRequest, reply) => {
    const outcome = ledger.completeOnboarding(request.params.id);
    raise(outcome);
    // Stripe's account.updated usually lands before the cook is back; here it always does.
    await queue;
    const returnUrl = (request.body as { return_url?: string } | undefined)?.return_url;
    return returnUrl ? reply.redirect(returnUrl, 303) : reply.code(outcome.status).send(outcome.body);
  });
  app.get("/3ds/:id", (request: FakeRequest, reply) =>
    reply.type("text/html").send(challengePage(request.params.id, request.query as Record<string, string>)),
  );
  app.post("/3ds/:id", (request: FakeRequest, reply) => {
    const body = (request.body ?? {}) as { result?: string; return_url?: string };
    const outcome = ledger.authenticate(request.params.id, body.result === "complete");
    raise(outcome);
    const intent = ledger.intents.get(request.params.id);
    if (body.return_url && intent) {
      const back = new URL(body.return_url);
      back.searchParams.set("payment_intent", intent.id);
      back.searchParams.set("payment_intent_client_secret", intent.client_secret);
      back.searchParams.set("redirect_status", intent.status === "requires_capture" ? "succeeded" : "failed");
      return reply.redirect(back.toString(), 303);
    }
    return reply.code(outcome.status).send(outcome.body);
  });
  app.get("/v3/stripe.js", (_request, reply) => reply.type("text/javascript").send(stripeJs(url)));
  app.get("/elements/payment", (request, reply) =>
    reply.type("text/html").send(elementsPage(url, request.query as Record<string, string>)),
  );

  await app.listen({ port: options.port ?? 0, host: options.host ?? "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  url = `http://${options.host ?? "127.0.0.1"}:${port}`;

  return {
    url,
    port,
    ledger,
    events,
    setWebhookUrl: (next) => {
      webhookUrl = next;
    },
    hold: () => {
      holding = true;
    },
    release: async (order) => {
      holding = false;
      const list = order ? order(held) : held;
      held = [];
      await send(list);
    },
    redeliver: (event) => post(event),
    delivered: () => queue,
    close: async () => {
      await queue.catch(() => undefined);
      await app.close();
    },
  };
}
