/** The events feature's public face. */
export * from "./api/events";
export { EventTools } from "./components/event-tools";
