/**
 * The door of the moderation feature: the spam check every text passes before it lands, the review
 * queue's owners' interface and its log (docs/decisions/020). Other features, the jobs and the app use
 * only what is exported here; its routes.ts is for the route plugin alone (docs/ARCHITECTURE.md "Server
 * features").
 * @tables moderation_items, moderation_log, spam_signatures, spam_signature_bands
 */
export { type HeldTextOwner, type HeldTextOwners, logModeration } from "./queue";
export { checkText, flagReported, isHeld, recordVerdict, type Verdict } from "./service";
