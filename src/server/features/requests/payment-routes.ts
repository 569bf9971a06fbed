/**
 * A request's card payment (docs/decisions/022): the eater's payment form, the cook's refund, and
 * Stripe's signed webhook — whose "the money is held" accepts the request for the cook through
 * `moveRequest`, like every status write. The webhook sits outside /api: Stripe's signature, not a
 * cookie or an Origin, authorises it.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses, idParamsSchema } from "../../../contract/common";
import { msg } from "../../../contract/messages";
import { paymentFormSchema } from "../../../contract/payments";
import { requestSchema } from "../../../contract/requests";
import { authorize } from "../../abilities";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import { type Db, inTransaction, type Tx } from "../../db/client";
import { meals, requests } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { publishLiveEvents } from "../../live/hub";
import { createNotification } from "../notifications";
import {
  applyStripeEvent,
  ensureIntent,
  lockPaymentOf,
  paymentRefused,
  refundPayment,
  requestOfEvent,
  type Stripe,
  settleAfterMove,
  stripeOf,
} from "../payments";
import { statusEvents } from "./events";
import { moveRequest } from "./move";
import { payRefusal, refundRefusal } from "./policy";
import { getRequestRow } from "./service";
import { lockRequest, lockRequestFor } from "./status";

const errors = errorResponses(400, 401, 403, 404, 409, 502);

/** The path Stripe posts its events to (the endpoint to register in Stripe's dashboard). */
export const STRIPE_WEBHOOK_PATH = "/webhooks/stripe";

/** Registers the eater's and the cook's payment routes; the caller's scope requires a signed-in user. */
export function registerRequestPaymentRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/requests/:id/payment",
    {
      schema: {
        tags: ["requests"],
        summary:
          "The eater opens the card form of an accepted card request: the PaymentIntent's client secret " +
          "(made once) that Stripe's payment form confirms the hold with",
        params: idParamsSchema,
        response: { 200: paymentFormSchema, ...errors },
      },
    },
    async (request) => {
      if (!config.payments) throw notFound();
      const eater = requireActor(request);
      const row = await inTransaction(db, async (tx) => {
        const { request: locked, meal, who } = await lockRequestFor(tx, eater, request.params.id);
        const payment = await lockPaymentOf(tx, locked.id);
        authorize(payRefusal(locked, meal, payment, who));
        // A payment to open exists once the refusal above lets the eater through.
        return payment as NonNullable<typeof payment>;
      });
      try {
        const clientSecret = await ensureIntent(db, stripeOf(config.payments), row);
        return { clientSecret, amountCents: row.amountCents };
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.warn({ err: error }, "Stripe did not make a PaymentIntent");
        throw paymentRefused();
      }
    },
  );
  registerRefundRoute(app, { db, config });
}

/** A cook refunds a card payment. */
function registerRefundRoute(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/requests/:id/refund",
    {
      schema: {
        tags: ["requests"],
        summary: "The cook refunds their own sale: the card payment goes back to the eater",
        params: idParamsSchema,
        response: { 200: requestSchema, ...errors },
      },
    },
    async (request) => {
      if (!config.payments) throw notFound();
      const cook = requireActor(request);
      await inTransaction(db, async (tx) => {
        const { request: locked, who } = await lockRequestFor(tx, cook, request.params.id);
        const payment = await lockPaymentOf(tx, locked.id);
        authorize(refundRefusal(payment, who));
        const { mealTitle } = payment as NonNullable<typeof payment>;
        await refundPayment(tx, locked.id);
        await createNotification(tx, {
          userId: locked.eaterId,
          type: "request_status",
          message: msg('Your payment for "{{title}}" is being refunded.'),
          params: { title: mealTitle },
          link: `/request/${locked.id}`,
          requestId: locked.id,
        });
      });
      return getRequestRow(db, cook.id, request.params.id);
    },
  );
}

/**
 * Registers Stripe's webhook (docs/decisions/022 "Webhooks"), with its body kept raw for the signature.
 * Answers 400 to a bad or missing signature, 404 without payment settings, and 200 to an event
 * applied or already applied.
 */
export async function registerStripeWebhook(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: 512 * 1024 },
      (_r, body, done) => done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!config.payments) throw notFound();
      const stripe = stripeOf(config.payments);
      const signature = request.headers["stripe-signature"];
      let event: Stripe.Event;
      try {
        if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) throw new Error("unsigned");
        event = stripe.webhooks.constructEvent(request.body, signature, config.payments.webhookSecret);
      } catch {
        throw new AppError(400, "bad_signature", msg("The webhook's signature is not valid."));
      }
      await inTransaction(db, (tx) => applyEvent(tx, event));
      return reply.send({ received: true });
    });
  });
}

/** Both sides of a request hear that its payment moved, as they hear of a status change. */
async function tellBothLive(tx: Tx, requestId: string, paymentStatus: string): Promise<void> {
  const [row] = await tx
    .select({ request: requests, pickupWindowEnd: meals.pickupWindowEnd })
    .from(requests)
    .innerJoin(meals, eq(meals.id, requests.mealId))
    .where(eq(requests.id, requestId))
    .limit(1);
  if (row)
    await publishLiveEvents(
      tx,
      await statusEvents(tx, row.request, { pickupWindowEnd: row.pickupWindowEnd }, paymentStatus),
    );
}

/**
 * One verified event: the request it concerns is locked first (meal, then request, then payment: the
 * order every move takes), the event applied, and a hold that just arrived accepts a request still
 * waiting for it. A request that can no longer be accepted (its meal gone, its portions taken) is
 * declined by the server, which voids its hold, and the eater is told nothing was charged.
 */
async function applyEvent(tx: Tx, event: Stripe.Event): Promise<void> {
  const requestId = requestOfEvent(event);
  const locked = requestId ? await lockRequest(tx, requestId) : null;
  const applied = await applyStripeEvent(tx, event);
  if (applied?.changed && applied.requestId && !applied.becameHeld)
    await tellBothLive(tx, applied.requestId, applied.payment.status);
  if (!applied?.becameHeld || !locked) return;
  const { request, meal } = locked;
  if (request.status !== "pending" || !request.paymentDue) {
    await settleAfterMove(tx, request);
    return;
  }
  try {
    await tx.transaction((savepoint) =>
      moveRequest(savepoint, {
        request,
        meal,
        actor: "system",
        to: "accepted",
        change: { portions: request.portions },
        freeMealsPer28Days: null,
      }),
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Declined by the server: the hold is voided through the move, and the eater told so.
    await moveRequest(tx, {
      request,
      meal,
      actor: "system",
      to: "declined",
      change: { tooLateToHold: true },
    });
  }
}
