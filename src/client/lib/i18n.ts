/**
 * The browser's languages (docs/features/languages-currency-impact.md point 1; docs/decisions/008):
 * i18next with react-i18next. Catalogues are `src/locales/{language}/{namespace}.json`, loaded when
 * first needed (`common` at start; `app` with the signed-in pages; `info` with the static pages;
 * `messages`, the server's and the contract's words, with forms and notifications). Every key is its
 * English text, so nothing is ever shown as a key: a missing translation reads as English (`fallbackLng:
 * false`).
 */
import type { Locale } from "date-fns";
import { enUS } from "date-fns/locale/en-US";
import i18next, { type i18n as I18n } from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { BIDI_ISOLATION } from "@/contract/bidi";
import {
  directionOf,
  FALLBACK_LANGUAGES,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  supportedLanguage,
} from "@/contract/languages";

const CHOICE_KEY = "mealshare:language";

/**
 * date-fns's tables of each language, loaded with the language's catalogue rather than bundled into
 * every page: a reader of English does not download the German and Spanish ones. English is date-fns's
 * own default and always there.
 */
const dateLocales: Partial<Record<Language, Locale>> = { en: enUS };
const dateLocaleImports: Record<Exclude<Language, "en">, () => Promise<Locale>> = {
  de: () => import("date-fns/locale/de").then((module) => module.de),
  es: () => import("date-fns/locale/es").then((module) => module.es),
  fr: () => import("date-fns/locale/fr").then((module) => module.fr),
  ar: () => import("date-fns/locale/ar").then((module) => module.ar),
  tr: () => import("date-fns/locale/tr").then((module) => module.tr),
  uk: () => import("date-fns/locale/uk").then((module) => module.uk),
  pl: () => import("date-fns/locale/pl").then((module) => module.pl),
};

/**
 * Loads `language`'s date-fns tables. Never fails: when their chunk cannot be fetched (offline, before
 * the language was ever used) dates read in English, as a missing translation does, and the next
 * start or choice tries again.
 */
async function loadDateLocale(language: Language): Promise<void> {
  if (language === "en" || dateLocales[language]) return;
  try {
    dateLocales[language] = await dateLocaleImports[language]();
  } catch (error) {
    console.warn(`date-fns's ${language} tables could not be loaded; dates read in English`, error);
  }
}

/**
 * date-fns's locale for `language` (src/client/lib/format.ts), loaded before the app first renders
 * in it (`startI18n`, `chooseLanguage`); English until then.
 */
export const dateLocale = (language: Language): Locale => dateLocales[language] ?? enUS;

/** The app's one i18next instance. */
export const i18n = i18next.createInstance();

function savedChoice(): string | null {
  try {
    return localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

/** The language chosen on this device, else the browser's first that we ship. */
function deviceLanguage(): Language | undefined {
  const chosen = supportedLanguage(savedChoice());
  if (chosen) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return undefined;
}

/**
 * How i18next reads a key as text: the key is the English text (no separators inside it), a key
 * with no entry reads as itself rather than another language's (`fallbackLng: false`), and React
 * escapes. Shared with the check that the browser's trimmed English catalogues read the same
 * (tests/unit/english-catalogues.test.ts, docs/decisions/008).
 */
export const KEY_READING = {
  fallbackLng: false,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, alwaysFormat: true },
  returnEmptyString: false,
} as const;

/**
 * Starts i18next with the `common` catalogue and date-fns's locale loaded, in the language chosen on
 * this device, else the browser's first that we ship, else the deployment's default. Only that last
 * case waits for `defaultLanguage`: otherwise both load while the deployment is still being fetched.
 */
export async function startI18n(defaultLanguage: Promise<Language>): Promise<void> {
  const lng = deviceLanguage() ?? (await defaultLanguage);
  const dateLocaleLoaded = loadDateLocale(lng);
  await initI18n(lng);
  await dateLocaleLoaded;
  remember(lng);
  i18n.on("languageChanged", remember);
}

let startedOnServer: Promise<void> | undefined;

/**
 * An i18next instance speaking `language` for one server render of a first screen
 * (src/client/server-render.tsx): a clone of the process's one, sharing its loaded catalogues but
 * with a language of its own, so renders in different languages run side by side. date-fns's tables
 * for the language are loaded too.
 */
export async function speakerOnServer(language: Language): Promise<I18n> {
  // A start that failed (a catalogue's chunk not read) is tried again by the next render.
  startedOnServer ??= initI18n(language).catch((error: unknown) => {
    startedOnServer = undefined;
    throw error;
  });
  await startedOnServer;
  // Started at once, not on the next tick (i18next's `initAsync`): a render whose answers are all at
  // hand would draw before then, with an instance that says none of its catalogues are loaded.
  let speaker: I18n | undefined;
  const started = new Promise<void>((resolve, reject) => {
    speaker = i18n.cloneInstance({ lng: language, initAsync: false }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
  await Promise.all([loadDateLocale(language), started]);
  return speaker as I18n;
}

/** Starts the one instance in `lng`, its catalogues loaded from their chunks when first needed. */
async function initI18n(lng: Language): Promise<void> {
  await i18n
    .use(initReactI18next)
    .use(BIDI_ISOLATION)
    .use(
      resourcesToBackend(
        (language: string, namespace: string) => import(`../../locales/${language}/${namespace}.json`),
      ),
    )
    .init({
      ...KEY_READING,
      fallbackLng: FALLBACK_LANGUAGES,
      lng,
      supportedLngs: [...LANGUAGES],
      ns: ["common"],
      defaultNS: "common",
      react: { useSuspense: true },
    });
}

/** The page's `lang` and direction, and the cookie that lets the server's own pages speak the same language. */
function remember(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** The current language. */
export const currentLanguage = (): Language => supportedLanguage(i18n.language) ?? "en";

/** Switches the app to `language` and remembers it on this device. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(CHOICE_KEY, language);
  } catch {
    // Not remembered on this device; the member's saved language still is.
  }
  // Its dates' words first: the re-render that changeLanguage causes formats with them.
  await loadDateLocale(language);
  await i18n.changeLanguage(language);
}
