/**
 * The door of the impact feature, the neighbourhood's impact figures (docs/features/languages-
 * currency-impact.md). Other features, the jobs and the app use only what is exported here; its other
 * files are its own, and its routes.ts is for the route plugin alone (docs/ARCHITECTURE.md "Server
 * features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables impact_totals
 */

// Nothing of it is used outside it but its routes (routes.ts).
export {};
