/**
 * docs/STYLE.md "Size" holds by a check: `npm run lint` runs the repo's biome.json, which refuses a
 * function whose body is over 120 lines and a file over 450 in src/ (blank lines counted). This lints a small fixture
 * tree with that configuration: the limits fire just past them and not at them.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../..");
const fixture = mkdtempSync(path.join(os.tmpdir(), "mealshare-size-"));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

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

function lint(): string {
  copyFileSync(path.join(repo, "biome.json"), path.join(fixture, "biome.json"));
  for (const [file, lines] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    writeFileSync(path.join(fixture, file), `${lines.join("\n")}\n`);
  }
  try {
    execFileSync(
      path.join(repo, "node_modules/.bin/biome"),
      ["lint", "--vcs-enabled=false", "--max-diagnostics=100", "."],
      { cwd: fixture, encoding: "utf8", stdio: "pipe" },
    );
    return "";
  } catch (error) {
    // Biome exits non-zero when it reports errors; the report is what this test reads.
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return `${stdout}\n${stderr}`;
  }
}

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
