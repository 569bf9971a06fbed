/**
 * A budget for each main page's first-load script (docs/decisions/019): the JavaScript a phone must
 * fetch and run before the page is the app's, gzip, from the build the suite serves (Vite's manifest,
 * the same closure the server names in the page: src/server/page-preloads.ts). A page that grows past
 * its budget fails here, and the budget is raised only with a reason in the decision record.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { firstLoadFiles } from "../../bench/first-load";

const DIST = path.resolve(import.meta.dirname, "../../dist/client");

/** What a member's page loads before its own chunk: the signed-in shell. */
const MEMBER = ["index.html", "src/client/app/signed-in-shell.tsx"];

/** Each page's manifest entries and its budget in KiB of gzip JavaScript. */
const BUDGETS = [
  // 153 → 150: the UI parts it draws in a file of their own (docs/decisions/019 "Less script").
  // 150 → 151: eight languages, each named with its share translated (same record, "Eight languages").
  { page: "the landing page", keys: ["index.html", "src/client/pages/landing.tsx"], kib: 151 },
  // 192 → 193: a card that says how a paid meal is paid and knows its own cook (same section).
  // 193 → 195: eight languages and the pseudo-locale's switch (same record, "Eight languages").
  { page: "Community", keys: [...MEMBER, "src/client/pages/community.tsx"], kib: 195 },
  // 200 → 203: the newcomer limit said where it applies and held texts marked (docs/decisions/020).
  { page: "a meal's page", keys: [...MEMBER, "src/client/pages/meal-detail.tsx"], kib: 203 },
  { page: "a thread", keys: [...MEMBER, "src/client/pages/request-thread.tsx"], kib: 200 },
];

for (const { page, keys, kib } of BUDGETS) {
  test(`${page}'s first-load script stays within ${kib} KiB gzip`, () => {
    const scripts = firstLoadFiles(DIST, keys).filter((file) => file.endsWith(".js"));
    const bytes = scripts.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file))).length,
      0,
    );
    console.log(`${page}: ${(bytes / 1024).toFixed(1)} KiB gzip in ${scripts.length} files`);
    expect(bytes / 1024).toBeLessThanOrEqual(kib);
  });
}
