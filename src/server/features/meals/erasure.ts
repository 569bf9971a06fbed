/**
 * What leaving MealShare does to the meals feature's tables (docs/decisions/017): the member's open
 * meals are withdrawn while they leave (and come back if they stay); once erased, their saved and
 * hidden meals and weekly series go, and their meals stay for the threads and the neighbourhood's
 * totals without photo or places.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { meals } from "../../db/schema";

/** Withdraws the member's open meals while their deletion is under way. */
export async function withdrawLeavingMeals(tx: Executor, memberId: string): Promise<void> {
  await tx
    .update(meals)
    .set({ isActive: false, hiddenByDeletion: true, updatedAt: new Date() })
    .where(and(eq(meals.ownerId, memberId), eq(meals.isActive, true)));
}

/**
 * Brings back the meals a called-off deletion withdrew: active unless the member is suspended, paid
 * ones only while they are a registered cook.
 */
export async function restoreLeavingMeals(
  tx: Executor,
  memberId: string,
  member: { isRegisteredCook: boolean; suspended: boolean },
): Promise<void> {
  await tx
    .update(meals)
    .set({ isActive: !member.suspended, hiddenByDeletion: false, updatedAt: new Date() })
    .where(
      and(
        eq(meals.ownerId, memberId),
        eq(meals.hiddenByDeletion, true),
        member.isRegisteredCook ? undefined : eq(meals.kind, "free"),
      ),
    );
  await tx
    .update(meals)
    .set({ hiddenByDeletion: false })
    .where(and(eq(meals.ownerId, memberId), eq(meals.hiddenByDeletion, true)));
}

/** Deletes the member's saved and hidden meals and series, and strips their meals of photo and places. */
export async function eraseMemberMeals(tx: Executor, memberId: string): Promise<void> {
  for (const statement of [
    sql`delete from saved_meals where user_id = ${memberId}`,
    // Their own hides, and others' of them: a former member has no meals to hide.
    sql`delete from hidden_meals where user_id = ${memberId}`,
    sql`delete from hidden_cooks where user_id = ${memberId} or cook_id = ${memberId}`,
    sql`delete from meal_series where owner_id = ${memberId}`,
  ])
    await tx.execute(statement);
  await tx.execute(
    sql`update meals set photo_path = null, pickup_details = null, pickup_latitude = null,
          pickup_longitude = null, latitude = null, longitude = null, is_active = false,
          hidden_by_deletion = false, updated_at = now()
        where owner_id = ${memberId}`,
  );
}
