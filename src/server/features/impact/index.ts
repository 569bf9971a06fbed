/**
 * The impact feature's door: the neighbourhood's impact figures (docs/features/languages-currency-impact.md). What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
