/**
 * The posting feature's door: posting and changing meals, with what that sets off in requests, draws and alerts. What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export { openGroupFirstMeal } from "./opening";
export { createMeal } from "./service";
