/**
 * The languages of MealShare and the digits of a currency (docs/features/languages-currency-impact.md
 * points 1-2), without zod: the landing page needs them before anything else, and zod would double its
 * first load.
 */

/**
 * The languages MealShare ships (docs/features/languages-currency-impact.md "Languages"). Each is
 * offered from the start; a text a language has not translated yet reads in English, and the language
 * menu says how much of each is translated (`translation-shares.ts`).
 */
export const LANGUAGES = ["en", "es", "de", "fr", "ar", "tr", "uk", "pl"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The languages translated in full: a test fails on any string they miss (tests/unit/catalogues.test.ts). */
export const COMPLETE_LANGUAGES: readonly Language[] = ["en", "es", "de", "fr", "ar", "tr", "uk", "pl"];

/**
 * The cookie the app keeps its language in, so the server's own pages (sign-out, a failed sign-in)
 * speak it too: a page navigation carries the browser's Accept-Language, not the app's choice.
 */
export const LANGUAGE_COOKIE = "mealshare_lang";

/**
 * The cookie in which the app keeps its device's time zone (an IANA name, "Europe/Madrid"), so the
 * server draws a first screen's times as the browser will (docs/decisions/019).
 */
export const TIME_ZONE_COOKIE = "mealshare_tz";

/**
 * i18next's `fallbackLng` (client and server): a language not yet complete reads a text it lacks
 * from the English catalogue, whose plural forms say "1 meal", not the key's "1 meals". A complete
 * language never falls back, and English needs none: its keys are its text.
 */
export const FALLBACK_LANGUAGES: Record<string, Language[]> = Object.fromEntries(
  LANGUAGES.filter((language) => !COMPLETE_LANGUAGES.includes(language)).map((language) => [
    language,
    ["en"],
  ]),
);

/** Languages written right to left (the page then mirrors: docs/STYLE.md "Direction"). */
const RIGHT_TO_LEFT = new Set(["ar", "fa", "he", "ur"]);

/** The writing direction of a language tag ("ar", "ar-EG"): `rtl` or `ltr`, for `<html dir>`. */
export function directionOf(language: string): "rtl" | "ltr" {
  return RIGHT_TO_LEFT.has(language.split("-")[0]?.toLowerCase() ?? "") ? "rtl" : "ltr";
}

/** Each language in its own words, for the language menus (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  de: "Deutsch",
  fr: "Français",
  ar: "العربية",
  tr: "Türkçe",
  uk: "Українська",
  pl: "Polski",
};

/** `en-GB` → `en`; a language we do not ship → undefined. */
export function supportedLanguage(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? "") ? (base as Language) : undefined;
}

/**
 * Digits after the decimal point of a currency's minor unit (ISO 4217: 2 for EUR, 0 for JPY), as
 * `Intl` knows them: prices are stored in minor units (`priceCents` keeps its spec name).
 */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/**
 * The region dates, times and numbers are written in for `language`, from the browser's languages in
 * order (`navigator.languages`, or `Accept-Language`): its first tag of that language with a region
 * ("en-GB"); else the language in the region of the browser's first tag that names one — a German
 * browser with English chosen reads "en-DE", 18:00, not the United States' 6:00 PM
 * (docs/features/everyday-journey.md); else none (Intl's default for the language).
 */
export function regionFor(language: string, tags: readonly string[]): string | undefined {
  const canonical = (tag: string) => {
    try {
      return Intl.getCanonicalLocales(tag)[0];
    } catch {
      return undefined;
    }
  };
  const own = tags.find((tag) => tag.toLowerCase().startsWith(`${language}-`));
  if (own) return canonical(own);
  const region = tags.map((tag) => /^[a-z]{2,3}-([A-Z]{2}|\d{3})\b/i.exec(tag)?.[1]).find(Boolean);
  return region ? canonical(`${language}-${region.toUpperCase()}`) : undefined;
}
