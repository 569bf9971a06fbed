/**
 * User-facing messages of the contract and the server (issue 15 point 1: "the server's user facing
 * error messages keyed"). A message's key is its English text, as in every catalogue here
 * (docs/decisions/008): `msg("Title is required")` marks it for the extractor, which puts it in the
 * `messages` namespace of `src/locales/{en,es,de}/`. The server answers each error in the language
 * the request asks for; the browser translates the zod messages of its own forms the same way.
 *
 * A message with values is written with i18next placeholders, `msg("At most {{max}} portions",
 * { max: 100 })`: the English text is what it returns, and the key and values are remembered for
 * the translation. Values must be constants (a module's limits), never user data: the memory is a
 * map. Messages about user data (names, titles) travel as key and values instead (the server's
 * errors and notifications do).
 */

/** A message marked for translation: English text that is also its key. */
export type Message = string & { readonly __message: true };

/** Values a message's placeholders take. */
export type MessageParams = Record<string, string | number>;

const keyed = new Map<string, { key: string; params: MessageParams }>();

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
  keyed.set(text, { key, params });
  return text as Message;
}

/** The key and values to translate `text` with: what `msg` remembered, or the text itself. */
export function messageKey(text: string): { key: string; params: MessageParams } {
  return keyed.get(text) ?? { key: text, params: {} };
}
