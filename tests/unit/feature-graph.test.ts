/**
 * Server features depend one way (docs/ARCHITECTURE.md "Server features"): `npm run lint` runs
 * scripts/check-features.mjs over src/server/features; this proves it fails on two features that
 * import each other, on a longer ring and on a write into another feature's table, and passes on the
 * repo's own features.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repo, runCheck } from "./lint-checks";

const check = (folder: string) => runCheck("check-features.mjs", folder);

describe("the feature dependency check", () => {
  // Each runs the check as a process of its own: ~1 s alone, past the default 5 s when loaded.
  it("fails on two features that import each other, naming the pair", () => {
    const run = check(path.join(repo, "tests/fixtures/feature-loop"));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("two-way: meals ↔ requests");
    // draws uses requests and nothing uses draws: it is in no loop.
    expect(run.stderr).not.toContain("draws");
  }, 30_000);

  it("fails on a ring of three features where no pair is two-way", () => {
    const run = check(path.join(repo, "tests/fixtures/feature-ring"));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/loop\(s\) between server features:\n {2}a, b, c\n/);
  }, 30_000);

  it("fails on a feature that writes another feature's table, and on a table nobody owns", () => {
    const run = check(path.join(repo, "tests/fixtures/feature-tables/features"));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("requests/service.ts → meals: writes a table another feature owns");
    expect(run.stderr).toContain("labels has no owner");
    // Its own table, and reading another's, are allowed.
    expect(run.stderr).not.toContain("→ requests");
    expect(run.stderr).toMatch(/^2 table ownership problem\(s\)/m);
  }, 30_000);

  it("passes on src/server/features, printing them lowest first", () => {
    const run = check(path.join(repo, "src/server/features"));
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const order = run.stdout.split("\n").map((line) => line.trim().split(/\s+/)[1]);
    expect(order.indexOf("meals")).toBeLessThan(order.indexOf("requests"));
    expect(order.indexOf("requests")).toBeLessThan(order.indexOf("posting"));
    expect(run.stdout).toContain("55 tables, each with one owner, written by it alone.");
  }, 30_000);
});
