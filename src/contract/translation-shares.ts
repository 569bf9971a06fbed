/**
 * How much of MealShare each language has translated, in whole percent: written by
 * scripts/translation-shares.ts (`npm run i18n:extract`), never by hand.
 */
export const TRANSLATION_SHARES: Record<string, number> = {
  ar: 100,
  de: 100,
  en: 100,
  es: 100,
  fr: 100,
  pl: 100,
  tr: 100,
  uk: 100,
};
