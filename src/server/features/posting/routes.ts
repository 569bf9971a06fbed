/**
 * The routes that post and change meals (spec §7 `POST /api/meals`, `PUT /api/meals/{id}`) and pause
 * or stop a weekly series; the caller's scope already requires a signed-in user.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import {
  createMealSchema,
  mealSchema,
  mealSeriesViewSchema,
  updateMealSchema,
  updateSeriesSchema,
} from "../../../contract/meals";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { setSeriesStatus } from "../meals";
import { createMeal, updateMeal } from "./service";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Registers the posting routes. */
export function registerPostingRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/meals",
    {
      schema: {
        tags: ["meals"],
        summary: "Post a meal",
        body: createMealSchema,
        response: { 201: mealSchema, ...errors },
      },
    },
    async (request, reply) => {
      const meal = await createMeal(db, requireActor(request), request.body, {
        newcomerLimits: config.newcomerLimits,
        cardPayments: config.payments !== undefined,
      });
      return reply.status(201).send(meal);
    },
  );

  r.put(
    "/api/meals/:id",
    {
      schema: {
        tags: ["meals"],
        summary: "Change a meal (its feeder; an admin may only switch isActive), e.g. { isActive: false }",
        params: idParamsSchema,
        body: updateMealSchema,
        response: { 200: mealSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireActor(request);
      return updateMeal(
        db,
        user,
        request.params.id,
        request.body,
        config.newcomerLimits,
        config.payments !== undefined,
      );
    },
  );

  r.put(
    "/api/meal-series/:id",
    {
      schema: {
        tags: ["meals"],
        summary: "Pause, resume or stop one of your weekly meals",
        params: idParamsSchema,
        body: updateSeriesSchema,
        response: { 200: mealSeriesViewSchema, ...errors },
      },
    },
    async (request) => setSeriesStatus(db, requireActor(request), request.params.id, request.body.status),
  );
}
