/**
 * docs/decisions/008 "English ships only what differs from its keys": the browser's English
 * catalogues (scripts/english-catalogues.ts) say every word the whole files say. For every key of
 * every namespace, an i18next set up as the app's (src/client/lib/i18n.ts) gives the same text from
 * the built catalogue as from the source file, with each plural count and the placeholders filled.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { type Catalogue, entriesThatDiffer, PLURAL_SUFFIX } from "../../scripts/english-catalogues";
import { KEY_READING } from "../../src/client/lib/i18n";
import { CATALOGUES } from "../../src/contract/pages";

const root = path.resolve(import.meta.dirname, "../..");

const source = (namespace: string): Catalogue =>
  JSON.parse(readFileSync(path.join(root, "src/locales/en", `${namespace}.json`), "utf8"));

/** An i18next instance with the app's options and `catalogue` as the namespace's English. */
async function translator(namespace: string, catalogue: Catalogue) {
  const instance = i18next.createInstance();
  await instance.init({
    ...KEY_READING,
    lng: "en",
    ns: [namespace],
    defaultNS: namespace,
    resources: { en: { [namespace]: catalogue } },
  });
  return instance.t.bind(instance);
}

describe("the English catalogues the browser gets", () => {
  it.each(CATALOGUES)("say every text of %s as the source file does", async (namespace) => {
    const whole = source(namespace);
    const built = entriesThatDiffer(whole);
    const fromSource = await translator(namespace, whole);
    const fromBuilt = await translator(namespace, built);
    const keys = new Set(Object.keys(whole).map((key) => key.replace(PLURAL_SUFFIX, "")));
    const values = { name: "Maria", date: "1 May", time: "18:00", amount: "€7.50", title: "Soup" };
    let compared = 0;
    for (const key of keys) {
      for (const options of [values, ...[0, 1, 2, 5, 21].map((count) => ({ ...values, count }))]) {
        expect(fromBuilt(key, options), key).toBe(fromSource(key, options));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it("keep only the plural forms that read otherwise than their key", () => {
    const whole = source("app");
    const built = entriesThatDiffer(whole);
    expect(Object.keys(built).length).toBeLessThan(Object.keys(whole).length / 10);
    for (const [key, text] of Object.entries(built)) {
      expect(text).not.toBe(key.replace(PLURAL_SUFFIX, ""));
      expect(whole[key]).toBe(text);
    }
    expect(built["{{count}} completed exchange_other"]).toBe("{{count}} completed exchanges");
    expect(built).not.toHaveProperty("{{count}} member_one");
  });
});
