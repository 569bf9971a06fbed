/** The trust feature's public face: the member's level, newcomer limits where they apply, badges, vouches. */
export * from "./api/trust";
export { NewcomerNote } from "./components/newcomer-note";
export { TrustBadge } from "./components/trust-badge";
export { VouchButton } from "./components/vouch-button";
