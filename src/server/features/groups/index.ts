/**
 * The groups feature's door: groups, their members, rules and moderation, and who may share with or ask in one (docs/features/groups.md). What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export {
  type ActiveMembership,
  askRefusalInGroup,
  assertMayShareWith,
  canShareWith,
  groupAskRefusal,
  promoteNewcomersAfterPickup,
} from "./membership";
export { loadVisibleGroup } from "./service";
