/**
 * The order test files start in (docs/decisions/004). Where an earlier run left its durations
 * (node_modules/.vite/vitest), Vitest's own: failed first, then longest first. Without them — a
 * fresh clone, as CI has — Vitest's fallback: project after project, each project's largest files
 * first. That started the smallest files last, among them the ones that run the server as a real
 * process, kill it and wait for a reminder or digest to fall due (half a minute, mostly waiting), so
 * the run ended with the machine idle, waiting for them. Here those start first in their project,
 * their waits overlapping the other files' work.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Whether a test file runs the server as a process of its own (tests/api/server-process.ts). */
const startsServers = (file: string) => readFileSync(file, "utf8").includes('from "./server-process"');

export default class TestSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const known = files.every((file) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${path.relative(root, file.moduleId)}`),
    );
    if (known) return super.sort(files);
    const waits = new Map(files.map((file) => [file.moduleId, startsServers(file.moduleId)]));
    const size = new Map(files.map((file) => [file.moduleId, readFileSync(file.moduleId).length]));
    return [...files].sort(
      (a, b) =>
        (a.project.name < b.project.name ? -1 : a.project.name > b.project.name ? 1 : 0) ||
        Number(waits.get(b.moduleId)) - Number(waits.get(a.moduleId)) ||
        size.get(b.moduleId)! - size.get(a.moduleId)!,
    );
  }
}
