/**
 * Setting or forgetting a member's home area (docs/DESIGN.md §6c; docs/features/neighbourhood.md point
 * 1): the area is kept on the member's row (users' `saveHomeArea`); their alerts are drawn around it, so
 * they move with it, and go when it is forgotten — keeping them would keep the place the member asked
 * to forget. Here because the alerts are this feature's table and it may call the users door, not the
 * other way round.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { currentUserSchema } from "../../../contract/auth";
import { errorSchema } from "../../../contract/common";
import { setHomeAreaSchema } from "../../../contract/places";
import { presentCurrentUser, requireActor } from "../../auth/users";
import type { Config } from "../../config";
import { type Db, type Executor, inTransaction } from "../../db/client";
import { mealAlerts, type UserRow } from "../../db/schema";
import { saveHomeArea } from "../users";

/**
 * Sets the member's home area; their alerts move with it.
 * @param input as `setHomeAreaSchema` parsed it: the point is rounded already
 * @returns the member's row after the change
 */
export async function setHomeArea(
  db: Executor,
  user: UserRow,
  input: z.output<typeof setHomeAreaSchema>,
): Promise<UserRow> {
  return inTransaction(db, async (tx) => {
    const updated = await saveHomeArea(tx, user.id, input);
    await tx
      .update(mealAlerts)
      .set({ latitude: input.latitude, longitude: input.longitude })
      .where(eq(mealAlerts.userId, user.id));
    return updated;
  });
}

/** Forgets the member's home area, and with it the alerts drawn around it. @returns the row after */
export async function clearHomeArea(db: Executor, user: UserRow): Promise<UserRow> {
  return inTransaction(db, async (tx) => {
    await tx.delete(mealAlerts).where(eq(mealAlerts.userId, user.id));
    return saveHomeArea(tx, user.id, null);
  });
}

/** Registers `PUT` and `DELETE /api/user/home-area`; the caller's scope requires a signed-in user. */
export function registerHomeAreaRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorSchema, 401: errorSchema };
  r.put(
    "/api/user/home-area",
    {
      schema: {
        tags: ["users"],
        summary:
          "Set your home area: a point (rounded to about 100 m before it is kept), a radius of 1, 2, 5, 10 or " +
          "25 km, and the searched place's name; only you ever see it. Your alerts move with it",
        body: setHomeAreaSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => presentCurrentUser(await setHomeArea(db, requireActor(request), request.body), config),
  );
  r.delete(
    "/api/user/home-area",
    {
      schema: {
        tags: ["users"],
        summary: "Forget your home area, and the alerts drawn around it",
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => presentCurrentUser(await clearHomeArea(db, requireActor(request)), config),
  );
}
