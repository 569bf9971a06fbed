/**
 * docs/STYLE.md "Size" holds by a check: `npm run lint` runs the repo's biome.json, which refuses a
 * function whose body is over 120 lines and a file over 450 in src/ (blank lines counted). This lints a small fixture
 * tree with that configuration: the limits fire just past them and not at them.
 */
import { describe, expect, it } from "vitest";
import { biomeReport } from "./lint-checks";

/** A function whose body, between its braces, takes `lines` lines. */
const functionOf = (name: string, lines: number) => [
  `export function ${name}() {`,
  ...Array.from({ length: lines }, (_, i) => `  console.log(${i});`),
  "}",
];

const files: Record<string, string[]> = {
  "src/server/features/meals/at-limit.ts": functionOf("atLimit", 120),
  "src/server/features/meals/past-limit.ts": functionOf("pastLimit", 121),
  "src/client/lib/long-file.ts": Array.from({ length: 451 }, (_, i) => `export const a${i} = ${i};`),
  "src/client/lib/full-file.ts": Array.from({ length: 450 }, (_, i) => `export const b${i} = ${i};`),
  "tests/api/long.test.ts": functionOf("longTest", 300),
};

const lint = () => biomeReport(files);

describe("size limits", () => {
  it("refuse a function past 120 lines and a file past 450 in src/, and nothing in tests/", () => {
    const report = lint();
    const reported = [...report.matchAll(/^(\S+):\d+:\d+ lint\/\w+\/(noExcessive\w+)/gm)].map(
      ([, file, rule]) => `${file} ${rule}`,
    );
    expect(reported.sort()).toEqual([
      "src/client/lib/long-file.ts noExcessiveLinesPerFile",
      "src/server/features/meals/past-limit.ts noExcessiveLinesPerFunction",
    ]);
  });
});
