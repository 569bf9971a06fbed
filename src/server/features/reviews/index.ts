/**
 * The door of the reviews feature, reviews and ratings after a pickup. Other features, the jobs and
 * the app use only what is exported here; its other files are its own, and its routes.ts is for the
 * route plugin alone (docs/ARCHITECTURE.md "Server features", enforced by Biome's noRestrictedImports
 * in biome.json).
 * @tables reviews
 */

// Nothing of it is used outside it but its routes (routes.ts).
export { eraseMemberReviews } from "./erasure";
