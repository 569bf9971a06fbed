/**
 * The lists of meals (spec §7 `GET /api/meals`, docs/features/neighbourhood.md): the open meals with
 * their filters and the map's box, the allergens in use, the member's own and saved meals, a group's
 * meals and a member's, each a cursor-paginated page (pagination.ts); the caller's scope already
 * requires a signed-in user.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../../contract/common";
import { allergyTokensOf } from "../../../contract/food-safety";
import {
  allergensInUseSchema,
  MAP_MEALS_MAX,
  MEAL_PAGE_SIZE,
  mealKindSchema,
  mealListQuerySchema,
  mealMapQuerySchema,
  mealMapSchema,
  mealSchema,
} from "../../../contract/meals";
import { requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import { readsFor } from "../../db/reads";
import { decodeCursor, sendPage } from "../../pagination";
import { requireHomeArea } from "../users";
import { listAllergensInUse, listOpenMeals } from "./list";
import { listMapMeals } from "./map";
import type { ListedMeal } from "./service";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const mealCursor = (meal: ListedMeal) => ({ createdAt: meal.createdAtDate, id: meal.id });
/** The cursor of a list sorted by relevance or distance carries the row's score too. */
const scoredMealCursor = (sort: "relevance" | "distance") => (meal: ListedMeal) => ({
  ...mealCursor(meal),
  sort,
  score: meal.score ?? 0,
});

/** Registers the lists of meals. */
export function registerMealListRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/meals",
    {
      schema: {
        tags: ["meals"],
        summary:
          "Open meals (active, pickup not ended): newest first; best matches first with q; with near (a point, " +
          "or home for the viewer's home area) those within radiusKm, nearest first or with sort=newest newest first. " +
          "Cursor-paginated via the Link header; the first page carries X-Total-Count (exact up to 1000, then " +
          "X-Total-Relation: gte)",
        querystring: mealListQuerySchema,
        response: { 200: z.array(mealSchema), ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { limit = MEAL_PAGE_SIZE, cursor, near, radiusKm, ...filters } = request.query;
      const viewer = requireActor(request);
      const decoded = decodeCursor(cursor, request);
      // "home" is the viewer's home area, which the URL never carries; its radius unless one is asked.
      const home = near === "home" ? requireHomeArea(viewer) : undefined;
      const { meals, sort, count, continueFrom } = await listOpenMeals(readsFor(request, db), {
        ...filters,
        near: home ?? (near === "home" ? undefined : near),
        radiusKm: radiusKm ?? home?.radiusKm,
        viewerId: viewer.id,
        allergies: allergyTokensOf(viewer),
        limit,
        cursor: decoded,
        withCount: !decoded,
      });
      if (count) {
        reply.header("X-Total-Count", String(count.count));
        reply.header("X-Total-Relation", count.capped ? "gte" : "eq");
      }
      const cursorOf = sort === "newest" ? mealCursor : scoredMealCursor(sort);
      return sendPage(request, reply, meals, limit, cursorOf, continueFrom);
    },
  );
  registerMealMapRoutes(app, { db });
}

/** The meals on the map, and the allergens the open meals name. */
function registerMealMapRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/meals/map",
    {
      schema: {
        tags: ["meals"],
        summary:
          "Open meals in a map's box (bbox=west,south,east,north) with the list's filters, nearest the box's " +
          "centre first, at most limit (300); more says the box holds others (zoom in)",
        querystring: mealMapQuerySchema,
        response: { 200: mealMapSchema, ...errors },
      },
    },
    async (request) => {
      const { limit = MAP_MEALS_MAX, ...filters } = request.query;
      return listMapMeals(readsFor(request, db), { ...filters, limit, viewerId: requireActor(request).id });
    },
  );

  r.get(
    "/api/meals/allergens",
    {
      schema: {
        tags: ["meals"],
        summary:
          "Allergens named by open meals (the newest 500), most used first, for the Hide allergens filter",
        querystring: z.object({ kind: mealKindSchema.optional() }),
        response: { 200: allergensInUseSchema, ...errors },
      },
    },
    async (request) => listAllergensInUse(readsFor(request, db), request.query.kind),
  );
}
