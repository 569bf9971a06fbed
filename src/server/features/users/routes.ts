/** The signed-in user's own settings (spec §7 `PUT /api/user/role`; issue 4 `PUT /api/user/profile`). */
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUserSchema, updateProfileSchema, updateRoleSchema } from "../../../contract/auth";
import { errorSchema } from "../../../contract/common";
import { presentCurrentUser, requireUser } from "../../auth/users";
import type { Config } from "../../config";
import type { Db, Executor } from "../../db/client";
import { type UserRow, users } from "../../db/schema";
import { assertOwnPhoto } from "../photos/service";

const errors = { 400: errorSchema, 401: errorSchema };

/** Applies a change to the user's own row and returns it. Anyone may change only themselves. */
async function updateSelf(db: Executor, user: UserRow, patch: Partial<UserRow>): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return updated;
}

/** Registers the routes; the caller's scope already requires a signed-in user. */
export function registerUserRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    "/api/user/role",
    {
      schema: {
        tags: ["users"],
        summary: "Switch between eater and feeder",
        body: updateRoleSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) =>
      presentCurrentUser(await updateSelf(db, requireUser(request), { role: request.body.role }), config),
  );
  r.put(
    "/api/user/profile",
    {
      schema: {
        tags: ["users"],
        summary: "Change your name, bio, dietary preferences, allergies, diet or profile photo",
        body: updateProfileSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await assertOwnPhoto(db, user, request.body.profileImageUrl, "profileImageUrl", user.profileImageUrl);
      return presentCurrentUser(await updateSelf(db, user, request.body), config);
    },
  );
}
