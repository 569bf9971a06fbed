/**
 * The door of the alerts feature, saved searches that tell a member of new meals, and their digests
 * (docs/features/neighbourhood.md point 6). Other features, the jobs and the app use only what is
 * exported here; its other files are its own, and its routes.ts is for the route plugin alone
 * (docs/ARCHITECTURE.md "Server features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables meal_alerts, alert_matches
 */
export { sendAlertDigest } from "./digest";
export { eraseMemberAlerts } from "./erasure";
export { becomesAlertable, enqueueAlertMatching, matchMealAlerts } from "./matching";
