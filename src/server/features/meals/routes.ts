/**
 * Meal endpoints (spec §7; docs/DESIGN.md §4): one meal, its label, saving it, its preview; the lists
 * (list-routes.ts, collection-routes.ts) and hides (not-interested-routes.ts) register through here.
 * Routes parse and call the service; rules live there.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import { labelTokenSchema, printLabelSchema, publicLabelSchema } from "../../../contract/labels";
import { mealDetailSchema, mealPreviewSchema, savedStateSchema } from "../../../contract/meals";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { readsFor } from "../../db/reads";
import { registerMealCollectionRoutes } from "./collection-routes";
import { registerGroupTakeoutRoute } from "./group-takeout";
import { getPublicLabel, printLabel } from "./label";
import { registerMealListRoutes } from "./list-routes";
import { registerNotInterestedRoutes } from "./not-interested-routes";
import { getMealPreview } from "./preview";
import { savedMealIds, saveMeal, unsaveMeal } from "./saved";
import { getMealDetail } from "./service";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Registers the meal routes; the caller's scope already requires a signed-in user. */
export function registerMealRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  // The lists, and the member's hides, are resources of their own (list-routes.ts, not-interested-routes.ts).
  registerMealListRoutes(app, { db });
  registerMealCollectionRoutes(app, { db });
  registerNotInterestedRoutes(app, { db });
  // A group's moderators take a meal out of the group: the meal's row is this feature's (group-takeout.ts).
  registerGroupTakeoutRoute(app, { db });
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

  // docs/features/everyday-journey.md "Save a meal" (saved.ts).
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
  registerMealReadRoutes(app, { db, config });
}

/** The member's saved meal ids, and one meal. */
function registerMealReadRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      return getMealDetail(readsFor(request, db), user, request.params.id, {
        freeMealsPer28Days: config.freeMealsPer28Days,
        newcomerLimits: config.newcomerLimits,
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
