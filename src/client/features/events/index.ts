/** The events feature's public face. */
export { useEvents } from "./api/events";
export { EventTools } from "./components/event-tools";
