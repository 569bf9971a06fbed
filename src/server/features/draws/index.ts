/**
 * The draws feature's door: open verifiable draws for meals with more askers than portions (docs/features/fair-shares.md). What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export { runScheduledDraw, tellDrawLine } from "./run";
export { createDraw } from "./service";
