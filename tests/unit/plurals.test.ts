/**
 * Plurals by CLDR (docs/features/languages-currency-impact.md point 1): every count-bearing text of
 * every catalogue, rendered by i18next in each language at 0, 1, 2, 3, 5, 11, 100 and a million, comes out as
 * words with its placeholders filled — never the key, never a `{{count}}` left over — whatever plural
 * category (Intl.PluralRules) the language puts the number in.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { PLURAL_SUFFIX } from "../../scripts/english-catalogues";
import { COMPLETE_LANGUAGES, LANGUAGES } from "../../src/contract/i18n";
import { CATALOGUES } from "../../src/contract/pages";

const root = path.resolve(import.meta.dirname, "../..");
/** The counts, and a million, which Spanish and others put in a category of its own ("many"). */
const COUNTS = [0, 1, 2, 3, 5, 11, 100, 1_000_000];

const catalogue = (language: string, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, "src/locales", language, `${namespace}.json`), "utf8"));

describe.each(LANGUAGES)("plurals in %s", (language) => {
  it.each(CATALOGUES)("renders every plural text of %s at 0, 1, 2, 3, 5, 11 and 100", async (namespace) => {
    const resources = catalogue(language, namespace);
    const t = i18next.createInstance();
    await t.init({
      lng: language,
      fallbackLng: false,
      ns: [namespace],
      defaultNS: namespace,
      resources: { [language]: { [namespace]: resources } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    const bases = [
      ...new Set(
        Object.keys(resources)
          .map((key) => PLURAL_SUFFIX.exec(key))
          .filter((match) => match !== null)
          .map((match) => match.input.slice(0, -match[1].length - 1)),
      ),
    ];
    // "common" has none; "app" has dozens.
    if (namespace === "app" && COMPLETE_LANGUAGES.includes(language))
      expect(bases.length).toBeGreaterThan(20);
    const rules = new Intl.PluralRules(language);
    const wrong: string[] = [];
    for (const base of bases) {
      for (const count of COUNTS) {
        // The form CLDR asks for is there itself, not filled in by another one.
        const form = `${base}_${rules.select(count)}`;
        if (!(form in resources)) wrong.push(`${form} is missing (for ${count})`);
        // Every placeholder a text may hold, filled with something recognisable.
        const values = Object.fromEntries(
          [...base.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => [m[1], `‹${m[1]}›`]),
        );
        const text = t.t(base, { ...values, count });
        if (text === base || !text || /\{\{|\}\}/.test(text)) wrong.push(`${base} @ ${count}: ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
