/**
 * The door of the events feature, community events. Other features, the jobs and the app use only what
 * is exported here; its other files are its own, and its routes.ts is for the route plugin alone
 * (docs/ARCHITECTURE.md "Server features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables events
 */
export { createEvent, deleteEvent } from "./service";
