/**
 * The reader's region within their language (docs/features/languages-currency-impact.md, "Locale
 * regions"): en-GB reads "27 Nov 2026, 17:00", en-US "Nov 27, 2026, 5:00 PM", de-AT "Jän." for
 * January. The language says which words; the region says how dates, times and numbers are written.
 * It comes from the browser's own list (`navigator.languages`), the first tag of the app's language,
 * unless the member chose one in Settings (kept on this device). Intl does the writing.
 */
import { useSyncExternalStore } from "react";
import { type Language, regionFor } from "@/contract/languages";

const STORAGE_KEY = "mealshare.region";

/** The regions offered in Settings for each language; the browser's own is added when it is another. */
export const REGIONS: Record<Language, readonly string[]> = {
  en: ["en-GB", "en-US", "en-IE", "en-CA", "en-AU", "en-NZ", "en-IN", "en-ZA"],
  de: ["de-DE", "de-AT", "de-CH", "de-LU"],
  es: ["es-ES", "es-MX", "es-AR", "es-CO", "es-CL", "es-US"],
  fr: ["fr-FR", "fr-BE", "fr-CH", "fr-CA", "fr-LU"],
  ar: ["ar-EG", "ar-SA", "ar-AE", "ar-MA", "ar-LB", "ar-SY", "ar-IQ"],
  tr: ["tr-TR", "tr-CY"],
  uk: ["uk-UA"],
  pl: ["pl-PL"],
};

const listeners = new Set<() => void>();

/** The choice as read once from this device's storage (every card's formats ask for it). */
let stored: string | null | undefined;
function storedRegion(): string | null {
  if (stored !== undefined) return stored;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    stored = null;
  }
  return stored;
}

const inLanguage = (tag: string, language: Language) => tag.toLowerCase().startsWith(`${language}-`);

/**
 * The browser's region for `language` ("en-GB" from `["en-GB", "en"]`; "en-DE" from `["de-DE"]`),
 * by the rule the server draws first screens with (contract/languages.ts `regionFor`).
 */
export function browserRegion(language: Language): string | undefined {
  const tags = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  return regionFor(language, tags);
}

/**
 * On the server, while it draws a first screen (src/client/server-render.tsx): the region its browser
 * will read it in, as its `Accept-Language` names it. Undefined in a browser, which knows its own.
 */
let drawingRegion: string | undefined;

/** Draws in `region` ("en-GB") from now on; undefined: as the device says. */
export function drawInRegion(region: string | undefined): void {
  drawingRegion = region;
}

/**
 * The BCP 47 tag dates, times and numbers are written in: the member's choice when it is of
 * `language`, else the browser's region of it, else the language alone (Intl's default region).
 */
export function formatLocale(language: Language): string {
  if (drawingRegion && inLanguage(drawingRegion, language)) return drawingRegion;
  const chosen = storedRegion();
  if (chosen && inLanguage(chosen, language)) return chosen;
  return browserRegion(language) ?? language;
}

/**
 * Keeps `region` on this device for the formats (null: follow the browser again), and re-renders
 * whatever reads `useFormatLocale`.
 * @throws nothing: a browser that keeps no storage keeps the choice until the page closes
 */
export function chooseRegion(region: string | null) {
  stored = region;
  try {
    if (region) window.localStorage.setItem(STORAGE_KEY, region);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private browsing without storage: nothing to keep.
  }
  for (const listener of listeners) listener();
}

/** The member's chosen region, or null when the browser's is followed. */
export const chosenRegion = (): string | null => storedRegion();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** `formatLocale(language)`, re-read when the member chooses another region. */
export function useFormatLocale(language: Language): string {
  // The same on the server and while the browser hydrates what the server drew in the region its
  // `Accept-Language` named: a server snapshot of the bare language made every date re-render at once,
  // in one blocking task, after hydration (docs/decisions/019).
  return useSyncExternalStore(
    subscribe,
    () => formatLocale(language),
    () => formatLocale(language),
  );
}
