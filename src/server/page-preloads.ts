/**
 * What a page's first request should fetch at once (docs/decisions/015 "Phones"): the
 * chunks of the code that shows the page, and the catalogues it speaks, as `<link rel="modulepreload">`
 * in the index.html sent for that path. Without them a phone fetched them in a chain — the entry,
 * then (once the sign-in check answered) the signed-in shell and the page, then (once the shell
 * rendered) the page's catalogue — each a round trip on a slow network. Every page names its `common`
 * catalogue and its language's date-fns locale, which the app waits for before its first render.
 *
 * The chunks come from Vite's build manifest (`dist/client/.vite/manifest.json`); which page a path
 * shows from the page table (src/contract/pages.ts), which the client's router is drawn from too.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Language } from "@/contract/languages";
import { firstCatalogues, MEMBER_PAGES, pageAt, STATIC_PAGES } from "@/contract/pages";

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * Who asks for a page: whether they hold a session cookie, and the language their app will most
 * likely speak (the request's language, src/server/i18n.ts `requestLanguage`: the app's language
 * cookie, else Accept-Language, else the deployment's; the app itself asks the same of its device).
 */
export interface PageRequest {
  pathname: string;
  signedIn: boolean;
  language: Language;
}

/**
 * Reads the build manifest of the client in `clientDir` and answers, for a page request, the
 * `/assets/…` files (root-relative URLs) its first screen needs beyond what index.html loads already,
 * in the order they are needed. Null when there is no manifest (a build without one, or none).
 *
 * A session cookie is taken at its word: a stale one costs the fetch of a few chunks the sign-in page
 * does not use, and looking the session up would cost every page a database read.
 */
export function pagePreloads(clientDir: string): ((request: PageRequest) => string[]) | null {
  const manifestFile = path.join(clientDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;

  /** A chunk's file and those of the chunks it imports statically, each once, imports first. */
  const closure = (key: string, into: string[] = [], seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return into;
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into, seen);
    into.push(`/${chunk.file}`);
    return into;
  };
  const inIndex = new Set(closure("index.html"));
  const page = (name: string) => closure(`src/client/pages/${name}.tsx`);
  const catalogue = (language: Language, namespace: string) =>
    closure(`src/locales/${language}/${namespace}.json`);
  // date-fns's tables for a language other than English, which the app loads beside `common`
  // (src/client/lib/i18n.ts `dateLocale`; English is in the entry).
  const dateLocale = (language: Language) =>
    language === "en" ? [] : closure(`node_modules/date-fns/locale/${language}.js`);

  return ({ pathname, signedIn, language }) => {
    // Every page, signed in or out, renders nothing before its `common` catalogue
    // (src/client/lib/i18n.ts `startI18n`): unnamed here, the browser asked for it only once the entry
    // had run, a round trip between the code and the first render.
    const [common = "common", ...others] = firstCatalogues(pathname, signedIn);
    const files: string[] = [...catalogue(language, common), ...dateLocale(language)];
    const staticPage = pageAt(STATIC_PAGES, pathname);
    if (signedIn) {
      const memberPage = staticPage ?? pageAt(MEMBER_PAGES, pathname);
      if (memberPage) {
        files.push(...closure("src/client/app/signed-in-shell.tsx"), ...page(memberPage.page));
      }
    } else if (pathname === "/") {
      files.push(...page("landing"));
    } else if (staticPage) {
      files.push(...page(staticPage.page));
    }
    for (const namespace of others) files.push(...catalogue(language, namespace));
    return [...new Set(files)].filter((file) => !inIndex.has(file));
  };
}
