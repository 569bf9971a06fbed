/**
 * The door of the notifications feature, notifications in the app and their push and email, with each
 * member's preferences (docs/features/notifications.md). Other features, the jobs and the app use only
 * what is exported here; its other files are its own, and its routes.ts is for the route plugin alone
 * (docs/ARCHITECTURE.md "Server features", enforced by Biome's noRestrictedImports in biome.json).
 * @tables notifications, push_subscriptions, message_email_throttles, server_keys
 */
export { type DeliveryContext, deliverNotification } from "./delivery";
export type { Say } from "./email";
export { eraseMemberNotices, renameInOthersNotifications } from "./erasure";
export { sendOutbound } from "./outbound";
export { loadVapidKeys, pushSender } from "./push";
export { countInNotification, createNotification, createNotifications } from "./service";
