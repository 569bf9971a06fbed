/**
 * docs/STYLE.md "Size" holds by a check: `npm run lint` runs the repo's biome.json, which refuses a
 * function whose body is over 120 lines (100 in src/client) and a file over 450 in src/ (blank lines
 * counted, comment lines not). This lints a small fixture tree with that configuration: the limits fire just past them and not
 * at them. It also measures every route registration of the server whole.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { biomeReport, repo } from "./lint-checks";

/** A function whose body, between its braces, takes `lines` lines. */
const functionOf = (name: string, lines: number) => [
  `export function ${name}() {`,
  ...Array.from({ length: lines }, (_, i) => `  console.log(${i});`),
  "}",
];

const files: Record<string, string[]> = {
  "src/server/features/meals/at-limit.ts": functionOf("atLimit", 120),
  "src/server/features/meals/past-limit.ts": functionOf("pastLimit", 121),
  "src/client/features/meals/at-client-limit.ts": functionOf("atClientLimit", 100),
  "src/client/features/meals/past-client-limit.ts": functionOf("pastClientLimit", 101),
  "src/client/lib/long-file.ts": Array.from({ length: 451 }, (_, i) => `export const a${i} = ${i};`),
  "src/client/lib/full-file.ts": Array.from({ length: 450 }, (_, i) => `export const b${i} = ${i};`),
  "tests/api/long.test.ts": functionOf("longTest", 300),
};

const lint = () => biomeReport(files);

describe("size limits", () => {
  it("refuse a function past 120 lines (100 in src/client) and a file past 450 in src/, and nothing in tests/", () => {
    const report = lint();
    const reported = [...report.matchAll(/^(\S+):\d+:\d+ lint\/\w+\/(noExcessive\w+)/gm)].map(
      ([, file, rule]) => `${file} ${rule}`,
    );
    expect(reported.sort()).toEqual([
      "src/client/features/meals/past-client-limit.ts noExcessiveLinesPerFunction",
      "src/client/lib/long-file.ts noExcessiveLinesPerFile",
      "src/server/features/meals/past-limit.ts noExcessiveLinesPerFunction",
    ]);
  });

  it("hold every route registration of the server to 120 lines, comments and blank lines included", () => {
    const server = path.join(repo, "src/server");
    const long: string[] = [];
    let registrations = 0;
    for (const file of readdirSync(server, { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".ts")) continue;
      const lines = readFileSync(path.join(server, file), "utf8").split("\n");
      lines.forEach((line, start) => {
        const name = /^export (?:async )?function (register\w+)\(/.exec(line)?.[1];
        if (!name) return;
        registrations += 1;
        const end = lines.indexOf("}", start);
        if (end - start + 1 > 120) long.push(`${file} ${name}: ${end - start + 1} lines`);
      });
    }
    expect(registrations).toBeGreaterThan(40);
    expect(long).toEqual([]);
  });
});
