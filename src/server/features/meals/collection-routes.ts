/**
 * The meals of one member or group (spec §7 `GET /api/meals/my/all`; docs/features/groups.md; a
 * profile's meals) and the member's saved meals, newest first, cursor-paginated (pagination.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, errorSchema, idParamsSchema, pageQuerySchema } from "../../../contract/common";
import { MEAL_PAGE_SIZE, mealSchema } from "../../../contract/meals";
import { requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import { DEFAULT_PAGE_SIZE, decodeCursor, decodeNewestCursor, sendPage } from "../../pagination";
import { loadVisibleGroup } from "../groups";
import { type ListedMeal, listGroupMeals, listMemberMeals, listOwnMeals, listSavedMeals } from "./service";

const errors = errorResponses(400, 401, 403, 404);
const mealCursor = (meal: ListedMeal) => ({ createdAt: meal.createdAtDate, id: meal.id });

/** Registers the routes; the caller's scope already requires a signed-in user. */
export function registerMealCollectionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/meals/my/all",
    {
      schema: {
        tags: ["meals"],
        summary: "The signed-in user's meals, active or not, newest first",
        querystring: pageQuerySchema,
        response: { 200: z.array(mealSchema), ...errors },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? DEFAULT_PAGE_SIZE;
      const rows = await listOwnMeals(db, requireActor(request).id, {
        limit,
        cursor: decodeCursor(request.query.cursor, request),
      });
      return sendPage(request, reply, rows, limit, mealCursor);
    },
  );

  r.get(
    "/api/user/saved-meals",
    {
      schema: {
        tags: ["meals"],
        summary: "The member's saved meals still open and theirs to see, newest meal first",
        querystring: pageQuerySchema,
        response: { 200: z.array(mealSchema), ...errors },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? DEFAULT_PAGE_SIZE;
      const rows = await listSavedMeals(db, requireActor(request), {
        limit,
        cursor: decodeCursor(request.query.cursor, request),
      });
      return sendPage(request, reply, rows, limit, mealCursor);
    },
  );
  registerOthersMealRoutes(app, { db });
}

/** A group's meals, and a member's meals on their profile. */
function registerOthersMealRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/groups/:id/meals",
    {
      schema: {
        tags: ["groups"],
        summary: "The group's open meals newest first, as far as the viewer sees them",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(mealSchema), ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const user = requireActor(request);
      await loadVisibleGroup(db, user, request.params.id);
      const limit = request.query.limit ?? DEFAULT_PAGE_SIZE;
      const rows = await listGroupMeals(db, user, request.params.id, {
        limit,
        cursor: decodeCursor(request.query.cursor, request),
      });
      return sendPage(request, reply, rows, limit, mealCursor);
    },
  );

  r.get(
    "/api/users/:id/meals",
    {
      schema: {
        tags: ["users"],
        summary: "A user's open meals, newest first (none when either has blocked the other)",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(mealSchema), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? MEAL_PAGE_SIZE;
      const rows = await listMemberMeals(db, requireActor(request), request.params.id, {
        limit,
        cursor: decodeNewestCursor(request.query.cursor, request),
      });
      return sendPage(request, reply, rows, limit, mealCursor);
    },
  );
}
