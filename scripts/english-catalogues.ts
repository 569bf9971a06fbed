/**
 * The English catalogues as the browser gets them (docs/decisions/008, "English ships only what
 * differs from its keys"). Every key is its English text, and a key with no entry reads as itself
 * (`fallbackLng: false`, src/client/lib/i18n.ts); a plural form (`…_one`, `…_other`) with no entry
 * reads as its key without the suffix. So only the plural forms that read otherwise ("{{count}}
 * completed exchanges") change a word on screen, and only they are sent. The source files keep every
 * entry: translators and the catalogue checks (tests/unit/catalogues.test.ts) read them.
 */
import type { Plugin } from "vite";

/** A catalogue: key → text. */
export type Catalogue = Record<string, string>;

/** The suffix i18next gives a plural form of a key (`…_one`, `…_other`), with the form captured. */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The entries of `catalogue` whose text is not what the key reads as without them: the key itself,
 * less its plural suffix. In their order.
 * @param catalogue an English catalogue (`src/locales/en/{namespace}.json`)
 * @returns a new catalogue; `catalogue` is not changed
 */
export function entriesThatDiffer(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).filter(([key, text]) => text !== key.replace(PLURAL_SUFFIX, "")),
  );
}

const ENGLISH_CATALOGUE = /[\\/]src[\\/]locales[\\/]en[\\/][^\\/]+\.json$/;

/**
 * Builds each English catalogue's chunk from `entriesThatDiffer`: on every member's page the English
 * `app` catalogue was ~64 KB (12.6 KB brotli) of entries that repeat their keys, fetched, parsed and
 * added to i18next before the page could render. Runs before Vite's JSON plugin, in builds only
 * (`npm run dev` and the tests read the files whole).
 */
export function englishCatalogues(): Plugin {
  return {
    name: "mealshare:english-catalogues",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!ENGLISH_CATALOGUE.test(id)) return null;
      return { code: JSON.stringify(entriesThatDiffer(JSON.parse(code) as Catalogue)), map: null };
    },
  };
}
