/** `GET /api/events` (spec §7). Admins' create and delete live in the admin routes. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../../contract/common";
import { eventSchema } from "../../../contract/events";
import type { Db } from "../../db/client";
import { listEvents } from "./service";

/** Registers the event list; the caller's scope already requires a signed-in user. */
export function registerEventRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/events",
    {
      schema: {
        tags: ["events"],
        summary: "Upcoming events soonest first, then past ones latest first",
        response: { 200: z.array(eventSchema), 401: errorSchema },
      },
    },
    async () => listEvents(db),
  );
}
