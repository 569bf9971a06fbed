/**
 * Routes that need no session and count against no limit: the probes for load balancers and
 * orchestrators (the process answers; the database answers with this build's migrations applied)
 * and `GET /api/deployment`, the currency prices are written in and the visitors' default
 * language (docs/decisions/008).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { deploymentSchema, LANGUAGES } from "../../contract/i18n";
import type { Config } from "../config";
import { checkReadiness, type Database } from "../db/client";

export function registerProbes(
  app: FastifyInstance,
  { config, database }: { config: Config; database: Database },
) {
  // With a read replica, how it is doing (docs/decisions/021): the process is healthy either way, since
  // reads skip a replica that is down or behind.
  app.get("/healthz", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header("Cache-Control", "no-store")
      .send({ status: "ok", ...(database.replica ? { replica: database.replica.state() } : {}) }),
  );
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    const readiness = await checkReadiness(database);
    reply.header("Cache-Control", "no-store");
    if (readiness.ready) return reply.send({ status: "ready" });
    return reply.status(503).send({ message: `Not ready: ${readiness.reason}.`, code: "not_ready" });
  });
  // Public: the landing page needs it too.
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/deployment",
    {
      schema: {
        tags: ["deployment"],
        summary:
          "The deployment's currency (ISO 4217), default language, map tiles, whether place search is on, what its Privacy page says, and the newcomer limits",
        response: { 200: deploymentSchema },
      },
    },
    async (_request, reply) =>
      reply.header("Cache-Control", "no-cache").send({
        currency: config.currency,
        defaultLanguage: config.defaultLanguage,
        languages: [...LANGUAGES],
        map: config.map,
        placeSearch: config.geocoder !== undefined,
        privacy: {
          retentionDays: config.retentionDays,
          accountDeletionDays: config.accountDeletionDays,
          supportEmail: config.supportEmail,
        },
        newcomerLimits: config.newcomerLimits,
        ...(config.payments
          ? {
              cardPayments: { publishableKey: config.payments.publishableKey, jsUrl: config.payments.jsUrl },
            }
          : {}),
      }),
  );
}
