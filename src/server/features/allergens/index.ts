/**
 * The allergens feature's door: the words people type for allergens mapped to the 14 codes (docs/features/food-safety.md point 1). What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export { allergenColumns, eaterAllergies } from "./service";
