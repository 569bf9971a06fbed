/**
 * The meals feature's writes of a meal row for the features that command them (docs/ARCHITECTURE.md
 * "Tables have owners"): posting creates and changes meals (with their draw, alerts and reminders in
 * one transaction), moderation lets a held one through or takes it down, and a cook's lapsed
 * certificate withdraws their paid meals (docs/features/food-safety.md point 4).
 */
import { and, eq, sql } from "drizzle-orm";
import type { PgInsertValue, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { type MealRow, meals } from "../../db/schema";

/** A new meal row as posting writes it (values, or SQL such as `now() + …`). */
export type NewMeal = PgInsertValue<typeof meals>;

/** Inserts a meal. @returns its row */
export async function insertMeal(tx: Executor, values: NewMeal): Promise<MealRow> {
  const [meal] = await tx.insert(meals).values(values).returning();
  return meal;
}

/** Writes a change of the meal `id`: posting's edit, a hold for a check, an admin's takedown. */
export async function writeMeal(
  tx: Executor,
  id: string,
  values: PgUpdateSetSource<typeof meals>,
): Promise<void> {
  await tx.update(meals).set(values).where(eq(meals.id, id));
}

/**
 * A meal held for a check, let through (docs/decisions/020 "Held before it lands"): live as if just
 * posted, unless an admin took it down meanwhile.
 * @returns its row, or null when it was not held (or is taken down)
 */
export async function releaseHeldMeal(tx: Executor, id: string): Promise<MealRow | null> {
  const [meal] = await tx
    .update(meals)
    .set({ heldForReview: false, isActive: true, updatedAt: sql`now()` })
    .where(sql`${meals.id} = ${id} and ${meals.heldForReview} and not ${meals.hiddenByAdmin}`)
    .returning();
  return meal ?? null;
}

/** A meal held for a check, removed: taken down as an admin takes a meal down. */
export async function removeHeldMeal(tx: Executor, id: string): Promise<void> {
  await tx
    .update(meals)
    .set({ heldForReview: false, isActive: false, hiddenByAdmin: true, updatedAt: sql`now()` })
    .where(eq(meals.id, id));
}

/** Withdraws the open paid meals of a cook whose certificate lapsed (only registered cooks sell). */
export async function withdrawPaidMeals(tx: Executor, ownerId: string): Promise<void> {
  await tx
    .update(meals)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(eq(meals.ownerId, ownerId), eq(meals.kind, "paid"), eq(meals.isActive, true)));
}

/**
 * Opens a "group first" meal to everyone once its hours are up (docs/features/groups.md): no longer
 * members-only, nothing more to wait for.
 * @returns whether this call opened it (a second run, or a meal opened otherwise, finds nothing)
 */
export async function openToAll(tx: Executor, mealId: string): Promise<boolean> {
  const opened = await tx
    .update(meals)
    .set({ membersOnly: false, opensAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(meals.id, mealId),
        eq(meals.membersOnly, true),
        sql`${meals.opensAt} is not null and ${meals.opensAt} <= now()`,
      ),
    )
    .returning({ id: meals.id });
  return opened.length > 0;
}
