/**
 * The accounts feature's door: a member's data export and the deletion of their account (docs/decisions/017). What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export { eraseAccount, eraseDueAccounts, erasedAccountIds } from "./deletion";
export { makeExport, sweepExpiredExports } from "./export";
