/**
 * A cook's card payments (docs/decisions/022): connecting their Stripe Express account, and what they
 * sold, held, were paid and refunded, with a CSV; and the admin's payments per day, open holds and
 * refunds. Without payment settings these answer 404: nothing about cards exists.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, idParamsSchema } from "../../../contract/common";
import { msg } from "../../../contract/messages";
import { adminPaymentsSchema, cardAccountSchema, cookSalesSchema } from "../../../contract/payments";
import { requireActor, requireAdmin } from "../../auth/users";
import type { Config } from "../../config";
import { type Db, inTransaction } from "../../db/client";
import { notFound } from "../../errors";
import { cardAccountOf, connectAccount } from "./accounts";
import { cookSales, openHolds, paymentsPerDay, salesCsv } from "./reports";
import { paymentRefused, refundPayment } from "./service";
import { isInvalidRequest, stripeOf } from "./stripe";

const errors = errorResponses(400, 401, 403, 404, 409, 502);

/** Registers the member's payment routes; the caller's scope requires a signed-in user. */
export function registerPaymentRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = () => {
    if (!config.payments) throw notFound();
    return config.payments;
  };

  r.get(
    "/api/payments/account",
    {
      schema: {
        tags: ["payments"],
        summary: "The member's connected Stripe account: made, and able to take cards",
        response: { 200: cardAccountSchema, ...errors },
      },
    },
    async (request) => {
      settings();
      return cardAccountOf(db, requireActor(request).id);
    },
  );

  r.post(
    "/api/payments/account",
    {
      schema: {
        tags: ["payments"],
        summary:
          "A registered cook connects (or finishes connecting) a Stripe Express account: the onboarding URL",
        response: { 200: z.object({ url: z.string() }), ...errors },
      },
    },
    async (request) => {
      const stripe = stripeOf(settings());
      try {
        return await connectAccount(db, stripe, requireActor(request), config.publicUrl);
      } catch (error) {
        if (isInvalidRequest(error) || (error as { type?: string }).type?.startsWith("Stripe"))
          throw paymentRefused(msg("Stripe could not be reached. Try again in a moment."));
        throw error;
      }
    },
  );
  registerSalesRoutes(app, { db, config });
}

/** A cook's card sales: the list and its CSV. */
function registerSalesRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = () => {
    if (!config.payments) throw notFound();
    return config.payments;
  };

  r.get(
    "/api/payments/sales",
    {
      schema: {
        tags: ["payments"],
        summary: "The cook's totals (sold, held, paid to them, refunded) and a page of sales, newest first",
        querystring: z.object({ before: z.iso.datetime().optional() }),
        response: { 200: cookSalesSchema, ...errors },
      },
    },
    async (request) => {
      settings();
      return cookSales(db, requireActor(request).id, request.query.before);
    },
  );

  r.get(
    "/api/payments/sales.csv",
    { schema: { tags: ["payments"], summary: "Every sale of the cook as CSV (RFC 4180), oldest first" } },
    async (request, reply) => {
      settings();
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", 'attachment; filename="mealshare-sales.csv"')
        .send(salesCsv(db, requireActor(request).id, config.currency));
    },
  );
}

/** Registers the admin's payment routes in a scope of their own that requires an admin. */
export async function registerAdminPaymentRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  await app.register(async (admin) => {
    admin.addHook("onRequest", async (request) => {
      requireAdmin(request);
    });
    registerAdminPaymentRoutesIn(admin, { db, config });
  });
}

function registerAdminPaymentRoutesIn(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/payments",
    {
      schema: {
        tags: ["admin"],
        summary: "Card payments per day (30 days, UTC) and the holds still open, oldest first",
        response: { 200: adminPaymentsSchema, ...errors },
      },
    },
    async () => {
      if (!config.payments) throw notFound();
      const [days, holds] = await Promise.all([paymentsPerDay(db), openHolds(db)]);
      return { days, openHolds: holds };
    },
  );

  r.post(
    "/api/admin/payments/:id/refund",
    {
      schema: {
        tags: ["admin"],
        summary: "Refund a request's card payment (or release its hold), e.g. from the dispute screen",
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!config.payments) throw notFound();
      await inTransaction(db, (tx) => refundPayment(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );
}
