/**
 * Saved meals (docs/features/everyday-journey.md "Save a meal"): a member keeps a meal to
 * come back to — the heart on its card and page — and is told, once each, when it is taken (its last
 * portion accepted) and an hour before its pickup window ends while portions are left and they have
 * not asked for it. At most `SAVED_MEALS_MAX` saves a member, so the Saved tab and the hearts cost a
 * few rows whatever the city.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { msg } from "../../../contract/messages";
import { SAVED_MEALS_MAX } from "../../../contract/plain/meals";
import type { Executor } from "../../db/client";
import { meals, OPEN_REQUEST_STATUSES_SQL, requests, savedMeals, type UserRow } from "../../db/schema";
import { conflict } from "../../errors";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { createNotification } from "../notifications";
import { OPEN_MEAL_SQL, portionsLeft } from "./availability";
import { requireMealSeenBy } from "./visibility";

/** How long before its pickup window ends a saved meal's savers are reminded. */
export const SAVED_ENDING_NOTICE_MS = 60 * 60 * 1000;

/**
 * Saves the meal for the member (again: nothing changes) and schedules the word before it ends.
 * @throws AppError 404 "Meal not found" for a meal they may not see; 409 `saved_full` at
 *   `SAVED_MEALS_MAX` saves
 */
export async function saveMeal(db: Executor, member: Pick<UserRow, "id">, mealId: string): Promise<void> {
  const meal = await requireMealSeenBy(db, member.id, mealId);
  const [{ saved }] = await db
    .select({ saved: count() })
    .from(savedMeals)
    .where(eq(savedMeals.userId, member.id));
  if (saved >= SAVED_MEALS_MAX)
    throw conflict(
      msg("You have saved {{max}} meals: remove one to save another.", { max: SAVED_MEALS_MAX }),
      "saved_full",
    );
  const [inserted] = await db
    .insert(savedMeals)
    .values({ userId: member.id, mealId })
    .onConflictDoNothing()
    .returning({ mealId: savedMeals.mealId });
  const remindAt = meal.pickupWindowEnd.getTime() - SAVED_ENDING_NOTICE_MS;
  if (inserted && remindAt > Date.now())
    await enqueueJob(
      db,
      QUEUES.savedMealEnding,
      { mealId, userId: member.id },
      { startAfter: new Date(remindAt) },
    );
}

/** Forgets the member's save of the meal (nothing when it was not saved). */
export async function unsaveMeal(db: Executor, member: Pick<UserRow, "id">, mealId: string): Promise<void> {
  await db.delete(savedMeals).where(and(eq(savedMeals.userId, member.id), eq(savedMeals.mealId, mealId)));
}

/** The ids of the meals the member saved (at most `SAVED_MEALS_MAX`), for the hearts. */
export async function savedMealIds(db: Executor, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ mealId: savedMeals.mealId })
    .from(savedMeals)
    .where(eq(savedMeals.userId, memberId));
  return rows.map((row) => row.mealId);
}

/**
 * Tells those who saved the meal that it is taken, once each; call it in the transaction that took its
 * last portion (requests/move.ts). The cook and the eater who got it are not told.
 */
export async function tellSaversTaken(
  tx: Executor,
  meal: { id: string; title: string; ownerId: string; portionSize: number; portionsTaken: number },
  eaterId: string,
): Promise<void> {
  if (portionsLeft(meal) > 0) return;
  const savers = await tx
    .select({ userId: savedMeals.userId })
    .from(savedMeals)
    .where(eq(savedMeals.mealId, meal.id));
  for (const { userId } of savers) {
    if (userId === eaterId || userId === meal.ownerId) continue;
    await createNotification(tx, {
      userId,
      type: "saved_meal",
      message: msg('"{{title}}", which you saved, is taken'),
      params: { title: meal.title },
      link: `/meal/${meal.id}`,
      dedupeKey: `saved-taken:${meal.id}:${userId}`,
    });
  }
}

const endingSchema = z.object({ mealId: z.uuid(), userId: z.uuid() });

/**
 * The `saved-meal-ending` job, an hour before a saved meal's window ends: the saver is told while it
 * is still open with portions left, still saved, and they have not asked for it; once only.
 */
export async function remindSavedEnding(db: Executor, data: unknown): Promise<void> {
  const job = endingSchema.safeParse(data);
  if (!job.success) return;
  const { mealId, userId } = job.data;
  const [meal] = await db
    .select({ title: meals.title, portionSize: meals.portionSize, portionsTaken: meals.portionsTaken })
    .from(meals)
    .where(
      and(
        eq(meals.id, mealId),
        OPEN_MEAL_SQL,
        sql`exists (select 1 from ${savedMeals} where ${savedMeals.mealId} = ${mealId} and ${savedMeals.userId} = ${userId})`,
        sql`not exists (select 1 from ${requests} where ${requests.mealId} = ${mealId} and ${requests.eaterId} = ${userId}
              and ${requests.status} in (${OPEN_REQUEST_STATUSES_SQL}))`,
      ),
    )
    .limit(1);
  if (!meal || portionsLeft(meal) === 0) return;
  await createNotification(db, {
    userId,
    type: "saved_meal",
    message: msg('"{{title}}", which you saved, ends within the hour'),
    params: { title: meal.title },
    link: `/meal/${mealId}`,
    dedupeKey: `saved-ending:${mealId}:${userId}`,
  });
}
