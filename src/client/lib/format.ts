/** Display formats (spec §3, §9): prices in dollars, pickup windows, relative days. Uses date-fns. */
import { format, isToday, isTomorrow, isYesterday } from "date-fns";

const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
});

/** Cents → "$7.50" (spec §9: dollars with 2 decimals). */
export const formatPrice = (cents: number) => dollars.format(cents / 100);

/** ISO date-time → "5:30 PM". */
export const formatTime = (iso: string) => format(new Date(iso), "h:mm a");

/** A pickup window's times: "5:30 PM - 7:00 PM". */
export const formatWindow = (startIso: string, endIso: string) =>
  `${formatTime(startIso)} - ${formatTime(endIso)}`;

/** spec §2 meal detail: "Today", "Tomorrow" or a date such as "Mon, Nov 24". */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (isToday(date)) return "Today";
  if (isTomorrow(date)) return "Tomorrow";
  return format(date, "EEE, MMM d");
}

/** spec §2 thread: "Today", "Yesterday" or a date, for message times. */
export function formatMessageDay(iso: string): string {
  const date = new Date(iso);
  if (isToday(date)) return "Today";
  if (isYesterday(date)) return "Yesterday";
  return format(date, "MMM d, yyyy");
}

/** "1 portion" / "3 portions". */
export const pluralize = (count: number, word: string, plural = `${word}s`) =>
  `${count} ${count === 1 ? word : plural}`;

/** Initials for an avatar: first letters of first and last name, "U" when there are none (spec §2). */
export function initials(
  user: { firstName?: string | null; lastName?: string | null } | null | undefined,
): string {
  const letters = `${user?.firstName?.[0] ?? ""}${user?.lastName?.[0] ?? ""}`.toUpperCase();
  return letters || "U";
}
