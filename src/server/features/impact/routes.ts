/**
 * `GET /api/impact` (docs/features/languages-currency-impact.md "Impact"): public, one row read — the
 * counters the triggers of migration 0013 keep — so its cost does not grow with the tables.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { impactOf, impactSchema } from "../../../contract/impact";
import type { Db } from "../../db/client";
import { impactTotals } from "../../db/schema";

/** Registers the public impact route. */
export function registerImpactRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/impact",
    {
      schema: {
        tags: ["impact"],
        summary:
          "What the neighbourhood shared: meals, portions picked up, sharers, and estimates of food and CO2e saved",
        response: { 200: impactSchema },
      },
    },
    async () => {
      const [row] = await db.select().from(impactTotals).limit(1);
      return impactOf({
        mealsShared: Number(row?.mealsShared ?? 0),
        portionsPickedUp: Number(row?.portionsPickedUp ?? 0),
        neighboursShared: Number(row?.neighboursShared ?? 0),
      });
    },
  );
}
