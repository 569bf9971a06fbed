/**
 * The meals feature's door: reading meals: who sees one, whether it can be had and who may ask, its lists, map, page, label and saves (spec §5, §7). What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
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
