/**
 * The door of the users feature, members' profiles, roles, home areas and reliability. Other features,
 * the jobs and the app use only what is exported here; its other files are its own, and its routes.ts
 * is for the route plugin alone (docs/ARCHITECTURE.md "Server features", enforced by Biome's
 * noRestrictedImports in biome.json).
 * @tables users
 */

export {
  clearMailFailures,
  countMailFailure,
  flagNewsletterByEmail,
  lapseExpiredCooks,
  markCertificatesExpiring,
  registerCook,
  resumeMail,
  saveNotificationPreferences,
  setCalendarTokenHash,
  setNewsletterFlag,
} from "./columns";
export { eraseMemberRow, markLeaving, markStaying } from "./erasure";
export { heldBios } from "./held";
export { presentHomeArea, requireHomeArea, saveHomeArea } from "./home-area";
export { deleteMemberRefusal, suspendRefusal } from "./policy";
export { reliabilityOf } from "./reliability";
export { markFeeder } from "./role";
export { assertMemberVisible } from "./service";
export { setSuspension } from "./suspension";
