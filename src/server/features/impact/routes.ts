/** `GET /api/impact` (docs/features/languages-currency-impact.md "Impact"): public (service.ts). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { impactSchema } from "../../../contract/impact";
import type { Db } from "../../db/client";
import { getImpact } from "./service";

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
    async () => getImpact(db),
  );
}
