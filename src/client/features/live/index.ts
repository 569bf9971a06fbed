/** The live feature's public face: what pages and other features may use. */
export { useLiveUpdates } from "./use-live-updates";
