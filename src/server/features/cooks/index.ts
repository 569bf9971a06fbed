/**
 * The cooks feature's door: registered cooks: applications, certificates and who may sell (docs/features/food-safety.md). What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export { assertMaySell, runCertificateJob } from "./service";
