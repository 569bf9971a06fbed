/**
 * The newsletter feature's door: the neighbourhood news' mailing list and its confirmed sign-ups. What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export { sendConfirmation } from "./confirmation";
export { mailingListCsv, setNewsletterOptIn, UNCONFIRMED_DAYS } from "./service";
