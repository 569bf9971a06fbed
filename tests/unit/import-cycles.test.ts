/**
 * No import circles (docs/ARCHITECTURE.md "Imports flow one way"): `npm run lint` runs
 * scripts/check-cycles.mjs over src/; this proves the check fails on a circle (a fixture of two
 * files importing each other) and passes on the repo's own sources.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repo, runCheck } from "./lint-checks";

const check = (folder: string) => runCheck("check-cycles.mjs", folder);

describe("the import circle check", () => {
  // Each runs the check as a process of its own: ~1 s alone, past the default 5 s when loaded.
  it("fails on two files that import each other, naming both", () => {
    const run = check(path.join(repo, "tests/fixtures/import-cycle"));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/a\.ts → .*b\.ts → .*a\.ts/);
  }, 30_000);

  it("passes on src/", () => {
    const run = check(path.join(repo, "src"));
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  }, 30_000);
});
