/**
 * The door of the posting feature, posting and changing meals, with what that sets off in requests,
 * draws and alerts. Other features, the jobs and the app use only what is exported here; its other
 * files are its own, and its routes.ts is for the route plugin alone (docs/ARCHITECTURE.md "Server
 * features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables (none: it writes through the doors of the features that own them)
 */

export { heldMeals } from "./held";
export { openGroupFirstMeal } from "./opening";
export { createMeal, postOccurrence } from "./service";
