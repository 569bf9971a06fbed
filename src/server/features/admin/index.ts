/**
 * The door of the admin feature, the admin area's routes (docs/features/safety-and-admin.md). Other
 * features, the jobs and the app use only what is exported here; its other files are its own, and its
 * routes.ts is for the route plugin alone (docs/ARCHITECTURE.md "Server features", enforced by Biome's
 * noRestrictedImports in biome.json).
 * @tables (none: it writes through the doors of the features that own them)
 */

// Nothing of it is used outside it but its routes (routes.ts).
export {};
