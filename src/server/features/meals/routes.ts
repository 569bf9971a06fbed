/** Meal endpoints (spec §7; docs/DESIGN.md §4). Routes parse and call the service; rules live there. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema, pageQuerySchema } from "../../../contract/common";
import { allergyTokensOf } from "../../../contract/food-safety";
import { labelTokenSchema, printLabelSchema, publicLabelSchema } from "../../../contract/labels";
import {
  allergensInUseSchema,
  MAP_MEALS_MAX,
  MEAL_PAGE_SIZE,
  mealDetailSchema,
  mealKindSchema,
  mealListQuerySchema,
  mealMapQuerySchema,
  mealMapSchema,
  mealPreviewSchema,
  mealSchema,
  savedStateSchema,
} from "../../../contract/meals";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { DEFAULT_PAGE_SIZE, decodeCursor, sendPage } from "../../pagination";
import { requireHomeArea } from "../users/home-area";
import { getPublicLabel, printLabel } from "./label";
import { listAllergensInUse, listOpenMeals } from "./list";
import { listMapMeals } from "./map";
import { getMealPreview } from "./preview";
import { savedMealIds, saveMeal, unsaveMeal } from "./saved";
import { getMealDetail, type ListedMeal, listOwnMeals, listSavedMeals } from "./service";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const mealCursor = (meal: ListedMeal) => ({ createdAt: meal.createdAtDate, id: meal.id });
/** The cursor of a list sorted by relevance or distance carries the row's score too. */
const scoredMealCursor = (sort: "relevance" | "distance") => (meal: ListedMeal) => ({
  ...mealCursor(meal),
  sort,
  score: meal.score ?? 0,
});

/** Registers the meal routes; the caller's scope already requires a signed-in user. */
export function registerMealRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/meals/:id/label",
    {
      schema: {
        tags: ["meals"],
        summary:
          "The container label of the caller's own meal, with the token of its public label page (made the first time; 404 for anyone but the cook)",
        params: idParamsSchema,
        response: { 200: printLabelSchema, ...errors },
      },
    },
    async (request) => printLabel(db, requireActor(request).id, request.params.id),
  );

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
      const { meals, sort, count, continueFrom } = await listOpenMeals(db, {
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
      return listMapMeals(db, { ...filters, limit, viewerId: requireActor(request).id });
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
    async (request) => listAllergensInUse(db, request.query.kind),
  );

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

  // docs/features/everyday-journey.md, third pass "Save a meal" (saved.ts).
  r.put(
    "/api/meals/:id/save",
    {
      schema: {
        tags: ["meals"],
        summary:
          "Save a meal to come back to (again: nothing changes); 404 for a meal the member may not see, 409 saved_full at the most saves",
        params: idParamsSchema,
        response: { 200: savedStateSchema, ...errors },
      },
    },
    async (request) => {
      await saveMeal(db, requireActor(request), request.params.id);
      return { saved: true };
    },
  );
  r.delete(
    "/api/meals/:id/save",
    {
      schema: {
        tags: ["meals"],
        summary: "Forget a saved meal",
        params: idParamsSchema,
        response: { 200: savedStateSchema, ...errors },
      },
    },
    async (request) => {
      await unsaveMeal(db, requireActor(request), request.params.id);
      return { saved: false };
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
  r.get(
    "/api/user/saved-meal-ids",
    {
      schema: {
        tags: ["meals"],
        summary: "The ids of every meal the member saved, for the hearts on cards (at most SAVED_MEALS_MAX)",
        response: { 200: z.array(z.uuid()), ...errors },
      },
    },
    async (request) => savedMealIds(db, requireActor(request).id),
  );

  r.get(
    "/api/meals/:id",
    {
      schema: {
        tags: ["meals"],
        summary: "One meal, also when inactive or expired",
        params: idParamsSchema,
        response: { 200: mealDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireActor(request);
      return getMealDetail(db, user, request.params.id, {
        freeMealsPer28Days: config.freeMealsPer28Days,
      });
    },
  );
}

/**
 * Registers `GET /api/meals/{id}/preview`, open to everyone (preview.ts): a shared link's title and
 * photo for the sign-in page.
 */
export function registerMealPreviewRoute(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/meals/:id/preview",
    {
      schema: {
        tags: ["meals"],
        summary:
          "An open meal's title, kind and photo, for a shared link opened signed out; nothing of its place",
        params: idParamsSchema,
        response: { 200: mealPreviewSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => getMealPreview(db, request.params.id),
  );
}

/**
 * The public label page's data (docs/features/handover.md point 3), signed out: the food, never the
 * person or the place; not for search engines.
 */
export function registerLabelRoute(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/labels/:token",
    {
      schema: {
        tags: ["meals"],
        summary:
          "A container label's public page: title, ingredients with the allergens marked, allergens, prepared, use by, storage",
        params: z.object({ token: labelTokenSchema }),
        response: { 200: publicLabelSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header("X-Robots-Tag", "noindex");
      return getPublicLabel(db, request.params.token);
    },
  );
}
