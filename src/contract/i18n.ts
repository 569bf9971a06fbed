/**
 * The languages and money of a deployment (issue 15 points 1-2; DESIGN.md §6b). Catalogues live in
 * `src/locales/{language}/{namespace}.json`; English is the source and every key is its English
 * text (docs/decisions/008).
 */
import { z } from "zod";

/** The languages MealShare ships, complete (a test fails on a missing string). */
export const LANGUAGES = ["en", "es", "de"] as const;
export type Language = (typeof LANGUAGES)[number];
export const languageSchema = z.enum(LANGUAGES, { error: "Choose English, Spanish or German" });

/**
 * The cookie the app keeps its language in, so the server's own pages (sign-out, a failed sign-in)
 * speak it too: a page navigation carries the browser's Accept-Language, not the app's choice.
 */
export const LANGUAGE_COOKIE = "mealshare_lang";

/** Each language in its own words, for the language menus (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Español", de: "Deutsch" };

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

/** `GET /api/deployment`: what the client formats money with, and the language it falls back to. */
export const deploymentSchema = z.object({
  /** ISO 4217 code, e.g. "USD", "EUR", "GBP". */
  currency: z.string().length(3),
  /** The language for visitors whose browser asks for none we ship. */
  defaultLanguage: languageSchema,
  languages: z.array(languageSchema),
});
export type Deployment = z.infer<typeof deploymentSchema>;

/** `PUT /api/user/locale`: the language a member chose, for the app and their emails. */
export const updateLocaleSchema = z.object({ locale: languageSchema });
