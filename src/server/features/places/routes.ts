/**
 * `GET /api/places?q=`: place search for setting a home area or a meal's pickup point
 * (docs/features/neighbourhood.md point 4). Each member may search a few times a minute on top of
 * the geocoder's own pacing (geocoder.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../../contract/common";
import { msg } from "../../../contract/messages";
import { placeSchema, placeSearchQuerySchema } from "../../../contract/places";
import { requireActor } from "../../auth/users";
import { notFound } from "../../errors";
import type { Geocoder } from "./geocoder";

/** Place searches one member may make per minute. */
export const PLACE_SEARCHES_PER_MINUTE = 20;

export function registerPlaceRoutes(app: FastifyInstance, { geocoder }: { geocoder: Geocoder | null }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/places",
    {
      schema: {
        tags: ["places"],
        summary:
          "Search places by name or address (a Nominatim- or Photon-compatible geocoder): up to 5, each with " +
          "its full name, its district or town, and its point rounded to about 100 m. 404 when place search " +
          "is not set up (GEOCODER_URL)",
        querystring: placeSearchQuerySchema,
        response: {
          200: z.array(placeSchema),
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
      config: {
        rateLimit: {
          max: PLACE_SEARCHES_PER_MINUTE,
          timeWindow: "1 minute",
          // Reads are otherwise not limited; this one costs the geocoder a request.
          allowList: () => false,
          keyGenerator: (request) => `places:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request) => {
      const member = requireActor(request);
      if (!geocoder) throw notFound(msg("Place search is not set up here."));
      return geocoder.search(request.query.q, request.lng, member.id);
    },
  );
}
