/**
 * The door of the draws feature, open verifiable draws for meals with more askers than portions
 * (docs/features/fair-shares.md). Other features, the jobs and the app use only what is exported here;
 * its other files are its own, and its routes.ts is for the route plugin alone (docs/ARCHITECTURE.md
 * "Server features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables meal_draws, draw_entries
 */

export { leaveOpenDraws } from "./erasure";
export { runScheduledDraw, tellDrawLine } from "./run";
export { createDraw } from "./service";
