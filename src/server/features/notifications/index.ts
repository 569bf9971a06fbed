/**
 * The notifications feature's door: notifications in the app and their push and email, with each member's preferences (docs/features/notifications.md). What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export { type DeliveryContext, deliverNotification } from "./delivery";
export type { Say } from "./email";
export { sendOutbound } from "./outbound";
export { loadVapidKeys, pushSender } from "./push";
export { countInNotification, createNotification, createNotifications } from "./service";
