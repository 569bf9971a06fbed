/**
 * What leaving MealShare (docs/decisions/017) and a suspension (docs/features/safety-and-admin.md) do
 * to the meals feature's tables: the member's open meals are withdrawn meanwhile (and come back
 * if they stay, or the suspension is lifted); once erased, their saved and hidden meals and weekly
 * series go, and their meals stay for the threads and the neighbourhood's totals without photo or
 * places.
 */
import { and, eq, sql } from "drizzle-orm";
import { type Executor, executeInTurn } from "../../db/client";
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
  await executeInTurn(tx, [
    sql`delete from saved_meals where user_id = ${memberId}`,
    // Their own hides, and others' of them: a former member has no meals to hide.
    sql`delete from hidden_meals where user_id = ${memberId}`,
    sql`delete from hidden_cooks where user_id = ${memberId} or cook_id = ${memberId}`,
    sql`delete from meal_series where owner_id = ${memberId}`,
  ]);
  await tx.execute(
    sql`update meals set photo_path = null, pickup_details = null, pickup_latitude = null,
          pickup_longitude = null, latitude = null, longitude = null, is_active = false,
          hidden_by_deletion = false, updated_at = now()
        where owner_id = ${memberId}`,
  );
}

/**
 * Hides a suspended member's active meals, or shows again those a lifted suspension hid — paid ones
 * only while they are a registered cook (a certificate that lapsed meanwhile keeps them off).
 * @returns how many meals it hid or showed
 */
export async function setSuspendedMeals(
  tx: Executor,
  ownerId: string,
  suspended: boolean,
  isRegisteredCook: boolean,
): Promise<number> {
  if (suspended) {
    const hidden = await tx
      .update(meals)
      .set({ isActive: false, hiddenBySuspension: true, updatedAt: new Date() })
      .where(and(eq(meals.ownerId, ownerId), eq(meals.isActive, true)))
      .returning({ id: meals.id });
    return hidden.length;
  }
  const shown = await tx
    .update(meals)
    .set({ isActive: true, hiddenBySuspension: false, updatedAt: new Date() })
    .where(
      and(
        eq(meals.ownerId, ownerId),
        eq(meals.hiddenBySuspension, true),
        isRegisteredCook ? undefined : eq(meals.kind, "free"),
      ),
    )
    .returning({ id: meals.id });
  await tx
    .update(meals)
    .set({ hiddenBySuspension: false })
    .where(and(eq(meals.ownerId, ownerId), eq(meals.hiddenBySuspension, true)));
  return shown.length;
}
