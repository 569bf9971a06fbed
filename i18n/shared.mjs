/**
 * What both i18next-parser runs share (docs/decisions/008): catalogues in src/locales (the complete
 * languages': `COMPLETE_LANGUAGES`, src/contract/languages.ts; the others hold what they have), keys that
 * are their English text (no key or namespace separators), English filled in from the key and the
 * other languages left empty, so a missing translation shows as an empty value the check refuses.
 */
export const shared = {
  locales: ["en", "es", "de", "fr", "ar", "tr", "uk", "pl"],
  output: "src/locales/$LOCALE/$NAMESPACE.json",
  keySeparator: false,
  namespaceSeparator: false,
  pluralSeparator: "_",
  // Natural keys contain underscores ("noMajorAllergens"): no i18next context suffixes.
  contextSeparator: "\u0000",
  createOldCatalogs: false,
  keepRemoved: false,
  sort: true,
  indentation: 2,
  lineEnding: "lf",
  verbose: false,
  /** English is the key; a plural's forms start as the key and are then written by hand. */
  defaultValue: (locale, _namespace, key) =>
    locale === "en" ? key.replace(/_(zero|one|two|few|many|other)$/, "") : "",
};
