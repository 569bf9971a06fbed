/**
 * The alerts feature's door: saved searches that tell a member of new meals, and their digests (docs/features/neighbourhood.md point 6). What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export { sendAlertDigest } from "./digest";
export { becomesAlertable, enqueueAlertMatching, matchMealAlerts } from "./matching";
