/** The notifications feature's public face: what pages and other features may use. */
export { notificationsQuery, useUnreadCount } from "./api/get-notifications";
export { useMarkNotificationsRead, useMarkThreadRead } from "./api/mark-read";
export { EmailDeliveryNote } from "./components/email-delivery-note";
export { NotificationBell } from "./components/notification-bell";
export { NotificationSettings } from "./components/notification-settings";
export { PushPrompt } from "./components/push-prompt";
export { notificationsLive } from "./live";
export { syncPush } from "./push-client";
export { offerPush } from "./push-offer";
