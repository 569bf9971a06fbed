/**
 * How the lint's own tests run the lint: Biome with the repo's biome.json over a fixture tree written
 * to a temporary folder, and the repo's check scripts over a folder. Shared by boundaries.test.ts,
 * size-limits.test.ts, import-cycles.test.ts and feature-graph.test.ts.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The repository's root. */
export const repo = path.resolve(import.meta.dirname, "../..");

/**
 * Lints `files` (path → lines) with the repo's biome.json in a fresh temporary folder.
 * @returns Biome's report (empty when it found nothing)
 */
export function biomeReport(files: Record<string, string[]>): string {
  const fixture = mkdtempSync(path.join(os.tmpdir(), "mealshare-lint-"));
  try {
    copyFileSync(path.join(repo, "biome.json"), path.join(fixture, "biome.json"));
    for (const [file, lines] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
      writeFileSync(path.join(fixture, file), `${lines.join("\n")}\n`);
    }
    execFileSync(
      path.join(repo, "node_modules/.bin/biome"),
      ["lint", "--vcs-enabled=false", "--max-diagnostics=100", "."],
      { cwd: fixture, encoding: "utf8", stdio: "pipe" },
    );
    return "";
  } catch (error) {
    // Biome exits non-zero when it reports errors; the report is what the tests read.
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return `${stdout}\n${stderr}`;
  } finally {
    rmSync(fixture, { recursive: true, force: true });
  }
}

/** Runs `scripts/<script>` over `folder` as a process of its own. */
export const runCheck = (script: string, folder: string) =>
  spawnSync(process.execPath, [path.join(repo, "scripts", script), folder], { cwd: repo, encoding: "utf8" });
