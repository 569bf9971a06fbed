/**
 * The door of the places feature, places typed into a search, through the geocoder. Other features,
 * the jobs and the app use only what is exported here; its other files are its own, and its routes.ts
 * is for the route plugin alone (docs/ARCHITECTURE.md "Server features", enforced by Biome's
 * noRestrictedImports in biome.json).
 * @tables (none: it writes through the doors of the features that own them)
 */
export { createGeocoder } from "./geocoder";
