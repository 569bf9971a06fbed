/**
 * The users feature's door: members' profiles, roles, home areas and reliability. What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export { presentHomeArea, requireHomeArea } from "./home-area";
export { reliabilityOf } from "./reliability";
export { markFeeder } from "./role";
export { assertMemberVisible } from "./service";
