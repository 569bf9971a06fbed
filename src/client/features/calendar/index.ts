/** The calendar feature's public face: what pages and other features may use. */
export { CalendarFeedSettings } from "./calendar-feed-settings";
