/**
 * Plural words read right (docs/decisions/008): every plural key of every catalogue, rendered by an
 * i18next set up as the app's (src/client/lib/i18n.ts `KEY_READING`; English from the trimmed
 * catalogues the browser gets, scripts/english-catalogues.ts) at 0, 1, 2 and 5, says something else
 * for one than for many — "1 member", "2 members" — unless the phrase's words do not change with the
 * count ("3 more", "Notifications, 2 unread"), which `SAME_FOR_EVERY_COUNT` names. A catalogue whose
 * plural forms all read alike, as English's "{{count}} member" did for "2 member", fails here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { type Catalogue, entriesThatDiffer, PLURAL_SUFFIX } from "../../scripts/english-catalogues";
import { KEY_READING } from "../../src/client/lib/i18n";
import { LANGUAGES } from "../../src/contract/i18n";
import { CATALOGUES } from "../../src/contract/pages";

const root = path.resolve(import.meta.dirname, "../..");
const catalogue = (language: string, namespace: string): Catalogue =>
  JSON.parse(readFileSync(path.join(root, "src/locales", language, `${namespace}.json`), "utf8"));

/** Plural keys whose words are the same for every count, and the languages where they are. */
const SAME_FOR_EVERY_COUNT: Record<string, readonly string[]> = {
  "{{count}} more": ["en", "es"],
  "Notifications, {{count}} unread": ["en", "es", "de"],
  "{{count}} of the {{asked}} portions asked for": ["en", "es", "de"],
};

describe("plural words", () => {
  for (const namespace of new Set([...CATALOGUES, "messages"])) {
    it.each(LANGUAGES)(`read right at 0, 1, 2 and 5 in %s (${namespace})`, async (language) => {
      const whole = catalogue(language, namespace);
      const instance = i18next.createInstance();
      await instance.init({
        ...KEY_READING,
        lng: language,
        ns: [namespace],
        defaultNS: namespace,
        resources: { [language]: { [namespace]: language === "en" ? entriesThatDiffer(whole) : whole } },
      });
      const keys = new Set(
        Object.keys(whole)
          .filter((key) => PLURAL_SUFFIX.test(key))
          .map((key) => key.replace(PLURAL_SUFFIX, "")),
      );
      const alike: string[] = [];
      for (const key of keys) {
        // Every other placeholder gets a word, so only the count's form is left to differ.
        const others = Object.fromEntries(
          [...key.matchAll(/\{\{\s*(\w+)/g)].map((match) => [match[1], "Soup"] as const),
        );
        const say = (count: number) => instance.t(key, { ...others, count });
        const [zero, one, two, five] = [0, 1, 2, 5].map(say);
        for (const text of [zero, one, two, five]) expect(text, key).not.toMatch(/\{\{|_one|_other/);
        expect(two.replace(/\b2\b/, "5"), key).toBe(five);
        const readsAlike = one.replace(/\b1\b/, "2") === two;
        if (readsAlike !== (SAME_FOR_EVERY_COUNT[key] ?? []).includes(language)) alike.push(key);
      }
      expect(alike).toEqual([]);
    });
  }
});
