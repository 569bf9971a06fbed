/**
 * The door of the reports feature, reports of unsafe content and their handling (docs/features/safety-
 * and-admin.md). Other features, the jobs and the app use only what is exported here; its other files
 * are its own, and its routes.ts is for the route plugin alone (docs/ARCHITECTURE.md "Server
 * features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables reports
 */
export { listReportsForAdmin, reportStats, resolveReport } from "./service";
