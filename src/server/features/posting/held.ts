/**
 * What a moderator's decision does to a meal held for a check (docs/decisions/020 "Held before it
 * lands"): let through, it goes live as if just posted — in the lists, and to the alerts it matches;
 * removed, it is taken down as an admin takes a meal down (its cook sees so, and cannot switch it on).
 */

import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { meals } from "../../db/schema";
import { becomesAlertable, enqueueAlertMatching } from "../alerts";
import type { HeldTextOwner } from "../moderation";
import { releaseMealPayments } from "../payments";

export const heldMeals: HeldTextOwner = {
  async release(tx: Tx, mealId: string) {
    const [meal] = await tx
      .update(meals)
      .set({ heldForReview: false, isActive: true, updatedAt: sql`now()` })
      .where(sql`${meals.id} = ${mealId} and ${meals.heldForReview} and not ${meals.hiddenByAdmin}`)
      .returning();
    if (meal && becomesAlertable(null, meal)) await enqueueAlertMatching(tx, meal.id);
  },
  async remove(tx: Tx, mealId: string) {
    await tx
      .update(meals)
      .set({ heldForReview: false, isActive: false, hiddenByAdmin: true, updatedAt: sql`now()` })
      .where(eq(meals.id, mealId));
    await releaseMealPayments(tx, mealId);
  },
};
