/** The account feature's public face: Settings → email, passkeys, signed-in devices, your data and leaving. */
export { AccountSettings } from "./account-settings";
export { DeletionBanner } from "./deletion-banner";
export { DataExportSettings, DeleteAccountSettings } from "./leaving";
