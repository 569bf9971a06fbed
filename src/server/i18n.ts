/**
 * The server's words in the member's language (docs/features/languages-currency-impact.md point 1):
 * error messages, notification texts and emails come from the `messages` catalogues
 * (`src/locales/{language}/messages.json`), the same the browser uses for its forms. Keys are the
 * English text (docs/decisions/008); a key missing from a catalogue reads as English.
 */
import type { IncomingMessage } from "node:http";
import accepts from "accepts";
import i18next from "i18next";
import { BIDI_ISOLATION } from "../contract/bidi";
import {
  FALLBACK_LANGUAGES,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  supportedLanguage,
} from "../contract/i18n";
import { type MessageParams, messageKey, messageValues } from "../contract/messages";
import ar from "../locales/ar/messages.json" with { type: "json" };
import de from "../locales/de/messages.json" with { type: "json" };
import en from "../locales/en/messages.json" with { type: "json" };
import es from "../locales/es/messages.json" with { type: "json" };
import fr from "../locales/fr/messages.json" with { type: "json" };
import pl from "../locales/pl/messages.json" with { type: "json" };
import tr from "../locales/tr/messages.json" with { type: "json" };
import uk from "../locales/uk/messages.json" with { type: "json" };

const CATALOGUES: Record<Language, Record<string, string>> = { en, es, de, fr, ar, tr, uk, pl };

const i18n = i18next.createInstance().use(BIDI_ISOLATION);
void i18n.init({
  resources: Object.fromEntries(
    Object.entries(CATALOGUES).map(([language, messages]) => [language, { messages }]),
  ),
  ns: ["messages"],
  defaultNS: "messages",
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGES,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, alwaysFormat: true },
  returnEmptyString: false,
  initAsync: false,
});

/**
 * A message in `language`: a `msg()` text (with the values it was made with), or a key with
 * `params`; money values (`…Cents`) are written in `currency`.
 */
export function translate(
  text: string,
  language: Language,
  currency: string,
  params: MessageParams = {},
): string {
  const { key, params: made } = messageKey(text);
  return i18n.t(key, { lng: language, ...messageValues({ ...made, ...params }, language, currency) });
}

/**
 * The language a request asks for: the app's choice (its language cookie), else the best of ours
 * by `Accept-Language` (q-values and regional tags understood; the app's own calls send its
 * choice there too), else the member's saved language, else the deployment's default.
 */
export function requestLanguage(
  request: Pick<IncomingMessage, "headers"> & { cookies?: Record<string, string | undefined> },
  saved: string | null | undefined,
  fallback: Language,
): Language {
  const chosen = supportedLanguage(request.cookies?.[LANGUAGE_COOKIE]);
  if (chosen) return chosen;
  if (request.headers["accept-language"]) {
    const best = accepts(request as IncomingMessage).languages([...LANGUAGES]);
    const language = supportedLanguage(typeof best === "string" ? best : undefined);
    if (language) return language;
  }
  return supportedLanguage(saved) ?? fallback;
}
