/** The account feature's public face: Settings → email, passkeys and signed-in devices. */
export { AccountSettings } from "./account-settings";
