/**
 * The reports feature's door: reports of unsafe content and their handling (docs/features/safety-and-admin.md). What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export { listReportsForAdmin, reportStats, resolveReport } from "./service";
