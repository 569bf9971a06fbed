/** The auth feature's public face: what pages and other features may use. */
export { currentUserQuery, isAdminSession, useCurrentUser } from "./api/get-current-user";
export { JoinButton } from "./components/join-button";
export { SignInOffer } from "./components/sign-in-offer";
