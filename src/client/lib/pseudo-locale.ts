/**
 * The pseudo-locale, for finding hard-coded and clipped texts (docs/features/languages-currency-impact.md
 * "Languages"): every text that goes through i18next comes out accented, 40 % longer, and between
 * ⟦ and ⟧ — "⟦Šéñð·····⟧". A word on screen without the marks was never translatable; a text whose ⟧
 * is cut off does not fit where a longer language will put it. Turned on in a browser by opening any
 * page with `?pseudo=1` (kept on that device until `?pseudo=0`: src/client/main.tsx), which then draws
 * the page afresh instead of hydrating the server's English. Loaded only when asked for.
 */
import type { i18n as I18n, PostProcessorModule } from "i18next";

const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTED = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ";

/** How much longer than English a text is made: German and Finnish run up to 40 % longer. */
const GROWTH = 0.4;

/**
 * `text` as the pseudo-locale reads it: each ASCII letter accented (one character for one, so
 * nothing else moves), padded by 40 % of its length, between ⟦ and ⟧.
 */
export function pseudoText(text: string): string {
  const accented = [...text].map((character) => {
    const at = PLAIN.indexOf(character);
    return at === -1 ? character : [...ACCENTED][at];
  });
  const padding = "·".repeat(Math.ceil(text.length * GROWTH));
  return `⟦${accented.join("")}${padding}⟧`;
}

const PSEUDO: PostProcessorModule = {
  type: "postProcessor",
  name: "pseudo",
  process: (value: string) => pseudoText(value),
};

/** Turns the pseudo-locale on in `i18n`, before the app's first render. */
export function startPseudoLocale(i18n: I18n): void {
  i18n.use(PSEUDO);
  i18n.options.postProcess = ["pseudo"];
}
