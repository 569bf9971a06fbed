/**
 * What a moderator's decision does to a meal held for a check (docs/decisions/020 "Held before it
 * lands"): let through, it goes live as if just posted — in the lists, and to the alerts it matches;
 * removed, it is taken down as an admin takes a meal down (its cook sees so, and cannot switch it on).
 */

import type { Tx } from "../../db/client";
import { becomesAlertable, enqueueAlertMatching } from "../alerts";
import { releaseHeldMeal, removeHeldMeal } from "../meals";
import type { HeldTextOwner } from "../moderation";
import { releaseMealPayments } from "../payments";

export const heldMeals: HeldTextOwner = {
  async release(tx: Tx, mealId: string) {
    const meal = await releaseHeldMeal(tx, mealId);
    if (meal && becomesAlertable(null, meal)) await enqueueAlertMatching(tx, meal.id);
  },
  async remove(tx: Tx, mealId: string) {
    await removeHeldMeal(tx, mealId);
    await releaseMealPayments(tx, mealId);
  },
};
