/**
 * The door of the allergens feature, the words people type for allergens mapped to the 14 codes
 * (docs/features/food-safety.md point 1). Other features, the jobs and the app use only what is
 * exported here; its other files are its own, and its routes.ts is for the route plugin alone
 * (docs/ARCHITECTURE.md "Server features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables allergen_synonyms
 */
export { allergenColumns, eaterAllergies } from "./service";
