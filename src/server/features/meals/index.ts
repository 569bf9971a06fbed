/**
 * The door of the meals feature, reading meals: who sees one, whether it can be had and who may ask,
 * its lists, map, page, label and saves (spec §5, §7). Other features, the jobs and the app use only
 * what is exported here; its other files are its own, and its routes.ts is for the route plugin alone
 * (docs/ARCHITECTURE.md "Server features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables meals, meal_series, saved_meals, hidden_meals, hidden_cooks, search_words, waitlist_counts
 */
export { mentionsNoneOfColumn } from "./allergen-match";
export {
  fairUseOf,
  isHoldExpired,
  isMealOpen,
  lastFreeMealReceivedAt,
  lockMeal,
  markEndedMeals,
  OPEN_MEAL_SQL,
  openMealSqlOf,
  portionsLeft,
  recentFreeMealsOf,
} from "./availability";
export { eraseMemberMeals, restoreLeavingMeals, setSuspendedMeals, withdrawLeavingMeals } from "./erasure";
export {
  ASK_BLOCKED,
  type AskWay,
  askRefusal,
  assertMayAsk,
  mealClosedRefusal,
  portionsRefusal,
} from "./may-ask";
export { canUpdateMeal } from "./policy";
export { type ListedMeal, privatePickupOf } from "./presenter";
export { remindSavedEnding, tellSaversTaken } from "./saved";
export { buildSearchQuery } from "./search";
export { holdSeriesForAdmin, makeOccurrence, setSeriesStatus, startSeries } from "./series";
export { getMeal } from "./service";
export { isVisibleTo, visibleToSql } from "./visibility";
export {
  insertMeal,
  type NewMeal,
  openToAll,
  releaseHeldMeal,
  removeHeldMeal,
  withdrawPaidMeals,
  writeMeal,
} from "./writes";
