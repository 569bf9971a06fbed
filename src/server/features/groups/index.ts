/**
 * The door of the groups feature, groups, their members, rules and moderation, and who may share with
 * or ask in one (docs/features/groups.md). Other features, the jobs and the app use only what is
 * exported here; its other files are its own, and its routes.ts is for the route plugin alone
 * (docs/ARCHITECTURE.md "Server features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables groups, group_members, group_applications, group_invites, group_reviews, group_review_votes
 */

export { eraseMemberGroups } from "./erasure";
export { heldGroups } from "./held";
export {
  type ActiveMembership,
  askRefusalInGroup,
  assertMayShareWith,
  canShareWith,
  groupAskRefusal,
  promoteNewcomersAfterPickup,
} from "./membership";
export { moderateRefusal } from "./policy";
export { closeReview } from "./reviews";
export { loadVisibleGroup, tell as tellGroupMember } from "./service";
