/** The moderation feature's public face: the review queue and its log (docs/decisions/020). */
export * from "./api/queue";
export { HeldTexts } from "./components/held-texts";
export { ModerationLog, NewAccounts, OpenReportsList } from "./components/queue-sections";
