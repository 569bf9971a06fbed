/**
 * The door of the accounts feature, a member's data export and the deletion of their account
 * (docs/decisions/017). Other features, the jobs and the app use only what is exported here; its other
 * files are its own, and its routes.ts is for the route plugin alone (docs/ARCHITECTURE.md "Server
 * features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables account_deletions, data_exports
 */
export { eraseAccount, eraseDueAccounts, erasedAccountIds } from "./deletion";
export { makeExport, sweepExpiredExports } from "./export";
