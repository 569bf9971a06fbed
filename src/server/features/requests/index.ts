/**
 * The door of the requests feature, requests and their threads: asking, accepting, the handover,
 * waiting lists, disputes (spec §6). Other features, the jobs and the app use only what is exported
 * here; its other files are its own, and its routes.ts is for the route plugin alone
 * (docs/ARCHITECTURE.md "Server features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables requests, messages, waitlist_entries, reliability_months
 */
export { listDisputes, settleDispute } from "./disputes";
export { eraseMemberRequestData, leaveWaitlists, redactMemberMessages } from "./erasure";
export { heldFirstWords, heldMessages } from "./held";
export { enqueueWaitlistOffer, reschedulePickupSettles } from "./jobs";
export { moveRequest } from "./move";
export { settlePickup } from "./pickup";
export { contextOf, refusalOf } from "./policy";
export { rescheduleMealReminders, sendPickupReminder } from "./reminders";
export { getRequest, listAcceptedPickups } from "./service";
export { insertDrawnRequest, lockRequest } from "./status";
export { askAboutChangedTerms, changedFields, termsOfMeal, writeChangeLines } from "./terms";
export { lapseHeldOffer, lineUpAfterDraw, offerFreedPortions } from "./waitlist";
