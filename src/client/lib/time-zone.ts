/**
 * This device's time zone, kept in a cookie (`TIME_ZONE_COOKIE`) for the server's render of a first
 * screen, which draws a member's page only when it knows the zone its times are read in
 * (docs/decisions/019). Written by the app as it starts (once idle when the cookie is there already)
 * and by the sign-in page, so a member's first page after signing in knows it. Imports nothing
 * heavier than the cookie's name: the sign-in page's script stays small.
 */
import { TIME_ZONE_COOKIE } from "@/contract/languages";

/** Writes this device's zone (an IANA name, "Europe/Madrid") into the cookie, for a year. */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}

/** Whether this browser holds the cookie already (of an earlier visit; its zone may have changed since). */
export function timeZoneRemembered(): boolean {
  return document.cookie.split("; ").some((pair) => pair.startsWith(`${TIME_ZONE_COOKIE}=`));
}
