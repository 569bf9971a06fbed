/**
 * Text as a search on the reader's side compares it (docs/features/languages-currency-impact.md
 * "Languages"): lower case by the language's own rules (Turkish "İ" → "i", "I" → "ı"), without
 * accents or Arabic vowel marks (NFD, marks removed: "Crème" finds "creme", "أكل" finds "اكل"), and
 * without the Arabic tatweel that only stretches a word.
 * @param text any text
 * @param language the reader's language tag ("tr", "ar-EG"); none lower-cases by Unicode's default
 * @returns the folded text, to be compared with another folded the same way
 */
export function foldForSearch(text: string, language?: string): string {
  let lower: string;
  try {
    lower = text.toLocaleLowerCase(language);
  } catch {
    lower = text.toLowerCase();
  }
  return lower.normalize("NFD").replace(/[\p{M}\u0640]/gu, "");
}
