/**
 * The door of the blocks feature, who has blocked whom, and what a block stops (docs/features/safety-
 * and-admin.md). Other features, the jobs and the app use only what is exported here; its other files
 * are its own, and its routes.ts is for the route plugin alone (docs/ARCHITECTURE.md "Server
 * features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables blocks
 */

export { eraseMemberBlocks } from "./erasure";
export {
  assertNotBlocked,
  blockedEitherWay,
  blockRefusal,
  blockUser,
  hasBlocked,
  listBlockedUsers,
  notBlockedWith,
  unblockUser,
} from "./service";
