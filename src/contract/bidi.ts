/**
 * Bidi isolation of the values put into a text (docs/STYLE.md "Direction"): in a right-to-left
 * language every `{{value}}` — a price, a count, a date, a name, a word still in English — is wrapped
 * in U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, so it keeps its own direction and
 * does not pull the Arabic around it out of order (Unicode's bidirectional algorithm, UAX #9 §2.7).
 * In a left-to-right language values are left as they are.
 *
 * It is i18next's formatter for the client and the server (with `interpolation.alwaysFormat`), in
 * place of i18next's own: no catalogue names a format (`{{count, number}}`), which
 * tests/unit/catalogues.test.ts checks; numbers and money are written by Intl before they get here.
 */
import type { FormatterModule } from "i18next";
import { directionOf } from "./languages";

const FIRST_STRONG_ISOLATE = "\u2068";
const POP_DIRECTIONAL_ISOLATE = "\u2069";

/**
 * `value` isolated when `language` is written right to left.
 * @param value what a placeholder is filled with; `undefined`, `null` and "" pass through
 * @param language the text's language tag ("ar", "ar-EG")
 */
export function isolated(value: unknown, language: string | undefined): unknown {
  if (value === undefined || value === null || value === "") return value;
  if (!language || directionOf(language) !== "rtl") return value;
  return `${FIRST_STRONG_ISOLATE}${String(value)}${POP_DIRECTIONAL_ISOLATE}`;
}

/** The formatter module: `i18next.use(BIDI_ISOLATION)`, with `interpolation: { alwaysFormat: true }`. */
export const BIDI_ISOLATION: FormatterModule = {
  type: "formatter",
  init() {},
  add() {},
  addCached() {},
  format: (value, _format, language) => isolated(value, language) as string,
};
