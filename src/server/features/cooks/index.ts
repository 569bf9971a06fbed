/**
 * The door of the cooks feature, registered cooks: applications, certificates and who may sell
 * (docs/features/food-safety.md). Other features, the jobs and the app use only what is exported here;
 * its other files are its own, and its routes.ts is for the route plugin alone (docs/ARCHITECTURE.md
 * "Server features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables cook_applications
 */

export { eraseCookApplications } from "./erasure";
export { assertMaySell, runCertificateJob } from "./service";
