/**
 * A meal's draw (docs/features/fair-shares.md): read it, enter or leave it, and the cook's Draw now.
 * Routes parse and call the service; the rules live in service.ts and run.ts.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import { drawViewSchema, enterDrawSchema, fairUseSchema } from "../../../contract/draw";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { readsFor } from "../../db/reads";
import { fairUseOf } from "../meals";
import { drawNow } from "./run";
import { enterDraw, getDraw, leaveDraw } from "./service";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Signed-in routes; the caller's scope already requires a user. */
export function registerDrawRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/meals/:id/draw/entry",
    {
      schema: {
        tags: ["draws"],
        summary: "Enter a meal's draw for some portions, or change how many (while entries are open)",
        params: idParamsSchema,
        body: enterDrawSchema,
        response: { 200: drawViewSchema, ...errors },
      },
    },
    async (request) =>
      enterDraw(
        db,
        requireActor(request),
        request.params.id,
        request.body.portions,
        config.freeMealsPer28Days,
        config.newcomerLimits,
      ),
  );
  r.delete(
    "/api/meals/:id/draw/entry",
    {
      schema: {
        tags: ["draws"],
        summary: "Leave a meal's draw (while entries are open)",
        params: idParamsSchema,
        response: { 200: drawViewSchema, ...errors },
      },
    },
    async (request) => leaveDraw(db, requireActor(request), request.params.id),
  );
  registerDrawRunRoutes(app, { db, config });
}

/** The member's fair-use figures, and running a draw. */
function registerDrawRunRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/user/fair-use",
    {
      schema: {
        tags: ["draws"],
        summary:
          "The published fair-use limit (free meals per 28 days, null for none), how many the member received, and when the next is possible",
        response: { 200: fairUseSchema, ...errors },
      },
    },
    async (request) => fairUseOf(db, requireActor(request).id, config.freeMealsPer28Days),
  );
  r.post(
    "/api/meals/:id/draw/run",
    {
      schema: {
        tags: ["draws"],
        summary:
          "The cook's Draw now, before entries close: winners accepted, the others on the waiting list in order",
        params: idParamsSchema,
        response: {
          200: z.object({ drawn: z.boolean(), winners: z.number().int(), waiting: z.number().int() }),
          ...errors,
        },
      },
    },
    async (request) => drawNow(db, requireActor(request).id, request.params.id, config.freeMealsPer28Days),
  );
}

/**
 * Registers `GET /api/meals/{id}/draw` outside the members' scope (docs/features/fair-shares.md point 2:
 * an open draw anyone with its link can check): signed in, the viewer's entry and tickets too; signed
 * out, the draw of a meal anyone may see, with entrants by entry id only.
 */
export function registerOpenDrawRoute(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/meals/:id/draw",
    {
      schema: {
        tags: ["draws"],
        summary:
          "A meal's draw, signed in or out: when entries close, the commitment, how many entered, the viewer's entry and " +
          "tickets (null signed out); once made, the secret, entrants (by entry id, never a name), seed, order and " +
          "each entrant's result to check it. A members-only meal's draw is not found signed out",
        params: idParamsSchema,
        response: { 200: drawViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The viewer's own entry may be in it: kept by no shared cache.
      reply.header("Cache-Control", "private, no-cache");
      return getDraw(readsFor(request, db), request.user ?? null, request.params.id);
    },
  );
}
