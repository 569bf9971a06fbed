/**
 * A member's alerts for new meals (docs/features/neighbourhood.md point 6): list, save, pause or
 * resume, delete. Each member reaches only their own; anyone else's answers 404.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { alertSchema, createAlertSchema, updateAlertSchema } from "../../../contract/alerts";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { registerHomeAreaRoutes } from "./home-area";
import { createAlert, deleteAlert, listAlerts, setAlertPaused } from "./service";

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/** Registers the routes; the caller's scope already requires a signed-in user. */
export function registerAlertRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  // The home area the alerts are drawn around (home-area.ts).
  registerHomeAreaRoutes(app, { db, config });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/alerts",
    {
      schema: {
        tags: ["alerts"],
        summary: "Your alerts for new meals, newest first",
        response: { 200: z.array(alertSchema), ...errors },
      },
    },
    async (request) => listAlerts(db, requireActor(request)),
  );
  r.post(
    "/api/alerts",
    {
      schema: {
        tags: ["alerts"],
        summary:
          "Save an alert: new meals within radiusKm (your home area's unless given) of your home area that match " +
          "q and kind and contain none of excludeAllergens. 201, or 200 with the same alert saved before; 409 " +
          "without a home area or with 20 alerts already",
        body: createAlertSchema,
        response: { 200: alertSchema, 201: alertSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { alert, created } = await createAlert(db, requireActor(request), request.body);
      return reply.status(created ? 201 : 200).send(alert);
    },
  );
  registerAlertChangeRoutes(app, { db, config });
}

/** One alert changed or removed. */
function registerAlertChangeRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    "/api/alerts/:id",
    {
      schema: {
        tags: ["alerts"],
        summary: "Pause or resume one of your alerts",
        params: idParamsSchema,
        body: updateAlertSchema,
        response: { 200: alertSchema, ...errors },
      },
    },
    async (request) => setAlertPaused(db, requireActor(request), request.params.id, request.body.paused),
  );
  r.delete(
    "/api/alerts/:id",
    {
      schema: {
        tags: ["alerts"],
        summary: "Delete one of your alerts",
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAlert(db, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
