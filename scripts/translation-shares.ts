/**
 * Writes `src/contract/translation-shares.ts`: how much of MealShare each language has translated,
 * in whole percent (docs/features/languages-currency-impact.md "Languages"), which the language menu
 * shows beside each language's name. Run by `npm run i18n:extract` after the catalogues are updated;
 * tests/unit/catalogues.test.ts fails when the file no longer matches the catalogues.
 *
 * A text counts once however many plural forms it has (English "{{count}} meals" and its `_one`), and
 * is translated when the language has a non-empty entry for it in any form. Rounded down: a language
 * reads 100 only when nothing is left in English.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PLURAL_SUFFIX } from "./english-catalogues";

const root = path.resolve(import.meta.dirname, "..");
const locales = path.join(root, "src/locales");

const read = (language: string, file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(locales, language, file), "utf8"));
const texts = (catalogue: Record<string, unknown>) =>
  new Set(
    Object.entries(catalogue)
      .filter(([, value]) => typeof value === "string" && value.trim() !== "")
      .map(([key]) => key.replace(PLURAL_SUFFIX, "")),
  );

/** Each language's share of the English texts translated, in whole percent. */
export function translationShares(): Record<string, number> {
  const files = readdirSync(path.join(locales, "en")).filter((file) => file.endsWith(".json"));
  const english = files.flatMap((file) => [...texts(read("en", file))].map((key) => `${file}\u0000${key}`));
  const languages = readdirSync(locales).sort();
  return Object.fromEntries(
    languages.map((language) => {
      const own = new Set(
        files.flatMap((file) => [...texts(read(language, file))].map((key) => `${file}\u0000${key}`)),
      );
      const done = english.filter((key) => own.has(key)).length;
      return [language, Math.floor((100 * done) / english.length)];
    }),
  );
}

/** The file's text for `shares`. */
export function sharesModule(shares: Record<string, number>): string {
  const entries = Object.entries(shares).map(([language, share]) => `  ${language}: ${share},`);
  return `/**
 * How much of MealShare each language has translated, in whole percent: written by
 * scripts/translation-shares.ts (\`npm run i18n:extract\`), never by hand.
 */
export const TRANSLATION_SHARES: Record<string, number> = {
${entries.join("\n")}
};
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(path.join(root, "src/contract/translation-shares.ts"), sharesModule(translationShares()));
}
