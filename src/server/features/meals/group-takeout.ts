/**
 * A group's moderators take a meal out of the group (docs/features/groups.md point 5): the meal's row is
 * this feature's to write, the decision the group's (groups/policy.ts `moderateRefusal`).
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { doneSchema, errorResponses } from "../../../contract/common";
import { groupItemParamsSchema, moderationReasonSchema } from "../../../contract/groups";
import { msg } from "../../../contract/messages";
import { authorize } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { requireActor } from "../../auth/users";
import { type Db, type Executor, inTransaction } from "../../db/client";
import { meals } from "../../db/schema";
import { notFound } from "../../errors";
import { loadVisibleGroup, moderateRefusal, tellGroupMember } from "../groups";

/**
 * Takes a meal out of a group (owner and moderators): a members-only meal is switched off as well —
 * it never becomes public by being taken out — and its cook is told with the reason.
 * @throws AppError 404 not seen, or no such meal in the group; 403 not a moderator
 */
export async function takeMealOut(
  db: Executor,
  viewer: ActorRef,
  id: string,
  mealId: string,
  reason: string,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { group, membership } = await loadVisibleGroup(tx, viewer, id);
    authorize(moderateRefusal(membership, viewer));
    const [meal] = await tx
      .select({ id: meals.id, ownerId: meals.ownerId, title: meals.title, membersOnly: meals.membersOnly })
      .from(meals)
      .where(and(eq(meals.id, mealId), eq(meals.groupId, id)))
      .for("update")
      .limit(1);
    if (!meal) throw notFound(msg("Meal not found"));
    await tx
      .update(meals)
      .set({
        groupId: null,
        opensAt: null,
        ...(meal.membersOnly ? { membersOnly: false, isActive: false } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(meals.id, mealId));
    await tellGroupMember(tx, meal.ownerId, id, msg('"{{title}}" was taken out of {{group}}: {{reason}}'), {
      title: meal.title,
      group: group.name,
      reason,
    });
  });
}

/** Registers the take-out route, with the meal routes (signed-in scope). */
export function registerGroupTakeoutRoute(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/groups/:id/meals/:itemId/removal",
    {
      schema: {
        tags: ["groups"],
        summary: "Take a meal out of the group; a members-only one is switched off (owner and moderators)",
        params: groupItemParamsSchema,
        body: moderationReasonSchema,
        response: { 200: doneSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await takeMealOut(
        db,
        requireActor(request),
        request.params.id,
        request.params.itemId,
        request.body.reason,
      );
      return { ok: true as const };
    },
  );
}
