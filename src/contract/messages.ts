/**
 * User-facing messages of the contract and the server (docs/features/languages-currency-impact.md point
 * 1: "the server's user facing error messages keyed"). A message's key is its English text, as in every
 * catalogue here (docs/decisions/008): `msg("Title is required")` marks it for the extractor, which puts
 * it in the `messages` namespace of `src/locales/{en,es,de}/`. The server answers each error in the
 * language the request asks for; the browser translates the zod messages of its own forms the same way.
 *
 * A message with values is written with i18next placeholders, `msg("At most {{max}} portions",
 * { max: 100 })`: the English text is what it returns, and the key and values are remembered for
 * the translation. Mostly the values are constants (a module's limits); the memory keeps the
 * newest `REMEMBERED` texts, so values a client sends (an unknown code it names) cannot grow it
 * without end — a forgotten one reads in English. Messages about stored data (names, titles)
 * travel as key and values instead (the server's errors and notifications do).
 */

/** A message marked for translation: English text that is also its key. */
export type Message = string & { readonly __message: true };

/** Values a message's placeholders take. */
export type MessageParams = Record<string, string | number>;

const keyed = new Map<string, { key: string; params: MessageParams }>();
/** How many texts with values `msg` remembers at most. */
const REMEMBERED = 2_000;

/** `{{name}}` placeholders filled from `params` (i18next's syntax, without formats). */
export function fillPlaceholders(key: string, params: MessageParams = {}): string {
  return key.replace(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * Marks a message for translation.
 * @param key the English text, with `{{placeholders}}` for `params`
 * @param params constant values of the placeholders
 * @returns the English text with the values filled in
 */
export function msg(key: string, params?: MessageParams): Message {
  if (!params) return key as Message;
  const text = fillPlaceholders(key, params);
  keyed.delete(text);
  keyed.set(text, { key, params });
  if (keyed.size > REMEMBERED) keyed.delete(keyed.keys().next().value as string);
  return text as Message;
}

/** The key and values to translate `text` with: what `msg` remembered, or the text itself. */
export function messageKey(text: string): { key: string; params: MessageParams } {
  return keyed.get(text) ?? { key: text, params: {} };
}

/**
 * A price in minor units as the language writes it, in the deployment's currency: "$7.50",
 * "7,50 €"; whole amounts without decimals in messages ("Price must be more than $0").
 */
export function formatMoney(
  minorUnits: number,
  language: string,
  currency: string,
  options: { stripIfInteger?: boolean } = {},
): string {
  const format = new Intl.NumberFormat(language, { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const amount = minorUnits / 10 ** digits;
  if (!options.stripIfInteger || !Number.isInteger(amount)) return format.format(amount);
  return new Intl.NumberFormat(language, { style: "currency", currency, minimumFractionDigits: 0 }).format(
    amount,
  );
}

/**
 * The values to translate a message with: every `…Cents` value (minor units) also given as money
 * under its name without the suffix, `{ amountCents: 900 }` → `{ amount: "$9.00" }`, so catalogues say
 * `{{amount}}` and each language formats it its own way.
 */
export function messageValues(params: MessageParams, language: string, currency: string): MessageParams {
  const values: MessageParams = { ...params };
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith("Cents") && typeof value === "number") {
      // Written as the app writes every price ("$9.00", never "$9"), so a notification and the
      // card it is about agree.
      values[name.slice(0, -"Cents".length)] = formatMoney(value, language, currency);
    }
  }
  return values;
}
