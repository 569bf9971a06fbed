/**
 * "Not interested" routes (docs/features/everyday-journey.md; not-interested.ts): what the
 * member hid from their lists, and hiding or showing again one meal or one cook's meals. Every route
 * is the member's own: nobody else reads or changes their hides.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import { hiddenFromListsSchema, hiddenStateSchema } from "../../../contract/meals";
import { requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import { hideCook, hideMeal, listHidden, showCook, showMeal } from "./not-interested";

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/** Registers `GET /api/user/hidden` and `PUT|DELETE /api/user/hidden/{meals|cooks}/{id}`. */
export function registerNotInterestedRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/user/hidden",
    {
      schema: {
        tags: ["meals"],
        summary: "The meals and cooks the member hid from their lists, most recent first",
        response: { 200: hiddenFromListsSchema, ...errors },
      },
    },
    async (request) => listHidden(db, requireActor(request)),
  );
  const kinds = [
    { path: "meals", hide: hideMeal, show: showMeal, what: "a meal" },
    { path: "cooks", hide: hideCook, show: showCook, what: "every meal of a cook" },
  ] as const;
  for (const { path, hide, show, what } of kinds) {
    r.put(
      `/api/user/hidden/${path}/:id`,
      {
        schema: {
          tags: ["meals"],
          summary: `Hide ${what} from the member's lists (again: nothing changes); 404 for one they may not see, 409 hidden_full at the most`,
          params: idParamsSchema,
          response: { 200: hiddenStateSchema, ...errors },
        },
      },
      async (request) => {
        await hide(db, requireActor(request), request.params.id);
        return { id: request.params.id, hidden: true };
      },
    );
    r.delete(
      `/api/user/hidden/${path}/:id`,
      {
        schema: {
          tags: ["meals"],
          summary: `Show ${what} in the member's lists again`,
          params: idParamsSchema,
          response: { 200: hiddenStateSchema, ...errors },
        },
      },
      async (request) => {
        await show(db, requireActor(request), request.params.id);
        return { id: request.params.id, hidden: false };
      },
    );
  }
}
