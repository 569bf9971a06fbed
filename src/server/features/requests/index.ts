/**
 * The requests feature's door: requests and their threads: asking, accepting, the handover, waiting lists, disputes (spec §6). What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export { listDisputes, settleDispute } from "./disputes";
export { enqueueWaitlistOffer, reschedulePickupSettles } from "./jobs";
export { moveRequest } from "./move";
export { settlePickup } from "./pickup";
export { contextOf, refusalOf } from "./policy";
export { rescheduleMealReminders, sendPickupReminder } from "./reminders";
export { getRequest, listAcceptedPickups } from "./service";
export { lockRequest } from "./status";
export { askAboutChangedTerms, changedFields, termsOfMeal } from "./terms";
export { lapseHeldOffer, offerFreedPortions } from "./waitlist";
