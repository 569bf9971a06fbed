/**
 * The door of the newsletter feature, the neighbourhood news' mailing list and its confirmed sign-ups.
 * Other features, the jobs and the app use only what is exported here; its other files are its own,
 * and its routes.ts is for the route plugin alone (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 * @tables newsletter_subscribers
 */
export { sendConfirmation } from "./confirmation";
export { eraseMemberSubscription } from "./erasure";
export { mailingListCsv, setNewsletterOptIn, UNCONFIRMED_DAYS } from "./service";
