/**
 * One line at the end of a browser run: how many tests passed, failed, were flaky (passed only when
 * run again), were skipped and did not run — `e2e counts: …`, the line a CI log is searched for to
 * see flakiness (docs/ARCHITECTURE.md "Tests"). Playwright's own outcomes, counted; nothing decided here.
 */
import type { FullResult, Reporter, Suite } from "@playwright/test/reporter";

export default class CountsReporter implements Reporter {
  private suite: Suite | undefined;

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  onEnd(result: FullResult): void {
    const counts = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
    for (const test of this.suite?.allTests() ?? []) counts[test.outcome()] += 1;
    const line =
      `e2e counts: ${counts.expected} passed, ${counts.unexpected} failed, ${counts.flaky} flaky, ` +
      `${counts.skipped} skipped (${result.status}, ${Math.round(result.duration / 1000)} s)`;
    process.stdout.write(`${line}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
