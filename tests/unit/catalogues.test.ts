/**
 * docs/features/languages-currency-impact.md point 1: every user-facing string of the client and every
 * server message is in the catalogues; each complete language (`COMPLETE_LANGUAGES`: all eight today) has all of them, and every other language only texts English has, with what it has
 * right (docs/decisions/008).
 *
 * - i18next-parser in check mode (`--fail-on-update`) walks every source file: a `t("…")` or
 *   `msg("…")` whose key is missing from a catalogue, or a key no code uses, fails it.
 * - Each complete catalogue has every key with a non-empty value; each other one a part of them. A
 *   text there has the plural forms its language needs (Intl.PluralRules) and the same
 *   `{{placeholders}}` as the English.
 * - The language menu's shares (src/contract/translation-shares.ts) are the catalogues' own.
 * - eslint-plugin-i18next finds words written straight into the client's code, outside `t()`.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { shared } from "../../i18n/shared.mjs";
import { PLURAL_SUFFIX } from "../../scripts/english-catalogues";
import { sharesModule, translationShares } from "../../scripts/translation-shares";
import { COMPLETE_LANGUAGES, LANGUAGES } from "../../src/contract/i18n";
import { CATALOGUES } from "../../src/contract/pages";

const root = path.resolve(import.meta.dirname, "../..");

const catalogue = (language: string, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, "src/locales", language, `${namespace}.json`), "utf8"));

/** The catalogue's keys without plural suffixes, each with the plural forms it has. */
function keysOf(entries: Record<string, string>): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const key of Object.keys(entries)) {
    const suffix = PLURAL_SUFFIX.exec(key)?.[1];
    const base = suffix ? key.slice(0, -suffix.length - 1) : key;
    const forms = keys.get(base) ?? new Set<string>();
    if (suffix) forms.add(suffix);
    keys.set(base, forms);
  }
  return keys;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("message catalogues", () => {
  it.each(["client", "messages"])(
    "has every %s string the code uses, and none it does not (i18next-parser in check mode)",
    async (config) => {
      const cli = path.join(root, "node_modules/i18next-parser/bin/cli.js");
      // The parser writes the catalogues back even when nothing changed (truncating each file
      // first), so it works on a copy: the other tests of this run read src/locales meanwhile.
      const copy = mkdtempSync(path.join(tmpdir(), "mealshare-catalogues-"));
      cpSync(path.join(root, "src/locales"), copy, { recursive: true });
      const run = promisify(execFile)(
        process.execPath,
        [
          cli,
          "--config",
          `i18n/${config}.config.mjs`,
          "--fail-on-update",
          "--output",
          path.join(copy, "$LOCALE/$NAMESPACE.json"),
        ],
        { cwd: root },
      );
      // The parser names what changed on stdout and exits 1 when a key is missing or unused.
      await expect(
        run.then(() => "up to date").finally(() => rmSync(copy, { recursive: true, force: true })),
      ).resolves.toBe("up to date");
    },
    60_000,
  );

  for (const namespace of CATALOGUES) {
    const english = catalogue("en", namespace);
    const englishKeys = keysOf(english);

    it.each(LANGUAGES)(
      `has the ${namespace} keys %s should, none empty, with its plural forms`,
      (language) => {
        const entries = catalogue(language, namespace);
        expect(Object.entries(entries).filter(([, value]) => value.trim() === "")).toEqual([]);
        const keys = keysOf(entries);
        if (COMPLETE_LANGUAGES.includes(language)) {
          expect([...keys.keys()].sort()).toEqual([...englishKeys.keys()].sort());
        } else {
          // A text English no longer has is one nobody reads: the translator's work goes elsewhere.
          expect([...keys.keys()].filter((key) => !englishKeys.has(key))).toEqual([]);
        }
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.sort();
        for (const [key, forms] of englishKeys) {
          if (forms.size === 0 || !keys.has(key)) continue;
          expect({ key, forms: [...(keys.get(key) ?? [])].sort() }).toEqual({ key, forms: categories });
        }
      },
    );

    it.each(LANGUAGES.filter((language) => language !== "en"))(
      `keeps every ${namespace} placeholder in %s`,
      (language) => {
        const entries = catalogue(language, namespace);
        const different = Object.entries(entries).filter(([key, value]) => {
          const source = english[key] ?? english[`${key.replace(PLURAL_SUFFIX, "")}_other`];
          if (source === undefined) return false;
          // A plural form may say its number in words ("حصتان", two portions): the count ({{count}},
          // or {{number}}, the count as Intl writes it) is then left out, but no other value is,
          // and none is added.
          const plural = PLURAL_SUFFIX.test(key);
          const own = placeholders(value);
          const countsIn = (name: string) => name === "count" || name === "number";
          const expected = placeholders(source).filter(
            (name) => !(plural && countsIn(name) && !own.includes(name)),
          );
          return own.join() !== expected.join();
        });
        expect(different).toEqual([]);
      },
    );
  }

  it("keeps, with i18next-parser, the catalogues of every complete language and only those", () => {
    expect([...shared.locales].sort()).toEqual([...COMPLETE_LANGUAGES].sort());
  });

  it("says in the language menu how much of each language is translated (npm run i18n:extract)", () => {
    const shares = translationShares();
    expect(Object.keys(shares).sort()).toEqual([...LANGUAGES].sort());
    for (const language of COMPLETE_LANGUAGES) expect(shares[language]).toBe(100);
    expect(readFileSync(path.join(root, "src/contract/translation-shares.ts"), "utf8")).toBe(
      sharesModule(shares),
    );
  });

  it.each(LANGUAGES)(
    "writes each kind's search word as one word in %s, so the search can match it",
    (language) => {
      // src/contract/plain/meals.ts KIND_SEARCH_WORDS: Home's Free and Paid buttons type these, and the
      // search takes them out of the query word by word.
      const messages = catalogue(language, "messages");
      for (const kind of ["free", "paid"]) expect(messages[kind] ?? kind).toMatch(/^[\p{L}\p{N}]+$/u);
    },
  );

  it.each(LANGUAGES)(
    "names no i18next format in %s: every value goes through the bidi isolation",
    (language) => {
      // src/contract/bidi.ts stands in for i18next's formatter, so a "{{count, number}}" would go unformatted.
      const named = CATALOGUES.flatMap((namespace) =>
        Object.entries(catalogue(language, namespace))
          .flat()
          .filter((text) => /\{\{\s*[\w.]+\s*,/.test(text)),
      );
      expect(named).toEqual([]);
    },
  );

  it.each(LANGUAGES)("holds no date pattern in %s: Intl writes dates in the member's region", (language) => {
    // A pattern per language ("MMM d, yyyy") wrote every English reader's dates the American way
    // (docs/features/languages-currency-impact.md "Locale regions"); src/client/lib/format.ts asks Intl.
    const patterns = Object.keys({ ...catalogue(language, "common"), ...catalogue(language, "app") }).filter(
      (key) => /MMM|EEE|yyyy/.test(key),
    );
    expect(patterns).toEqual([]);
  });
});

describe("the client's code", () => {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "i18n/eslint.config.mjs") });

  it("writes no words outside the catalogues (eslint-plugin-i18next)", async () => {
    const results = await eslint.lintFiles(["src/client/**/*.{ts,tsx}"]);
    const found = results.flatMap((result) =>
      result.messages.map(
        (m) => `${path.relative(root, result.filePath)}:${m.line} ${m.message.split("\n")[0]}`,
      ),
    );
    expect(found).toEqual([]);
    expect(results.length).toBeGreaterThan(100);
  }, 60_000);

  it("would catch words in JSX, attributes and toasts", async () => {
    const code = `export function Probe({ toast }) {
      toast({ title: "Meal saved" });
      return <p title="Pickup details">Hello neighbour</p>;
    }`;
    const [result] = await eslint.lintText(code, { filePath: path.join(root, "src/client/probe.tsx") });
    expect(result.messages.map((m) => m.message.split("\n")[0])).toEqual([
      expect.stringContaining("Meal saved"),
      expect.stringContaining("Pickup details"),
      expect.stringContaining("Hello neighbour"),
    ]);
  });
});
