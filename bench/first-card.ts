/**
 * `npm run bench:first-card`: the time to the first meal card on a phone (docs/decisions/015 "Client at
 * scale"): Community at 375 × 812 px, signed in, in Debian's Chromium with the CPU slowed 4× (the
 * DevTools protocol's CPU throttling, as Lighthouse's mobile setting), from navigation to the first
 * `meal-card` on screen; the median and range of `BENCH_LOADS` (5) cold loads (a fresh browser context,
 * nothing cached), after one load that warms the server. Also the moment the page asked for its meals
 * (none when they came inside the page: src/server/first-answers.ts), and how many script files it
 * loaded first.
 *
 * A fresh data dir is seeded (`npm run seed`) and served as `npm start` does, on BENCH_PORT or a free
 * port. Run after `npm run build`: `npx tsx bench/first-card.ts [path]` (default `/community`);
 * BENCH_CPU_SLOWDOWN=1 measures a phone as fast as this machine; BENCH_NETWORK=slow adds a poor
 * connection (400 ms round trip, 50 KB/s each way: DevTools' network emulation). Also the page's first
 * contentful paint: on a member's list it is the cards' outlines, before any script
 * (docs/features/everyday-journey.md "Skeleton cards").
 */
import { launchChromium, phoneContext, signInMaria, slowPhone } from "./phone";
import { startSeededApp } from "./seeded-app";

const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const PAGE = process.argv[2] ?? "/community";
const SLOW = process.env.BENCH_NETWORK === "slow";

const app = await startSeededApp("first-card");
const BASE = app.base;
const browser = await launchChromium();
try {
  const cookies = await signInMaria(BASE);
  const loads: { card: number; shape: number; mealsAsked: number; scripts: number; bytes: number }[] = [];
  for (let load = 0; load <= LOADS; load++) {
    const context = await phoneContext(browser, cookies);
    const page = await context.newPage();
    await slowPhone(page, CPU_SLOWDOWN, SLOW);
    await page.goto(`${BASE}${PAGE}`, { waitUntil: "commit" });
    await page.getByTestId("meal-card").first().waitFor({ state: "visible", timeout: 60_000 });
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const meals = entries.find((entry) => /\/api\/meals(\?|$)/.test(entry.name));
      return {
        card: performance.now(),
        shape: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        mealsAsked: meals?.startTime ?? Number.NaN,
        scripts: entries.filter((entry) => entry.initiatorType === "script" || entry.name.endsWith(".js"))
          .length,
        // What came over the wire before the card (the page itself included), compressed.
        bytes:
          entries.reduce((sum, entry) => sum + entry.transferSize, 0) +
          ((performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)
            ?.transferSize ?? 0),
      };
    });
    if (load > 0) loads.push(timing);
    await context.close();
  }
  const sorted = [...loads].sort((a, b) => a.card - b.card);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const shapes = loads.map((load) => load.shape).sort((a, b) => a - b);
  const shape = shapes[Math.floor((shapes.length - 1) / 2)];
  console.log(
    `First meal card on ${PAGE} at 375 px, CPU ${CPU_SLOWDOWN}× slower${SLOW ? ", 400 ms / 50 KB/s" : ""}, signed in, cold: first paint (the cards' outlines) median ${(shape / 1000).toFixed(2)} s (${(shapes[0] / 1000).toFixed(2)}–${(shapes[shapes.length - 1] / 1000).toFixed(2)} s); card median ${(median.card / 1000).toFixed(2)} s (${(sorted[0].card / 1000).toFixed(2)}–${(sorted[sorted.length - 1].card / 1000).toFixed(2)} s over ${loads.length} loads); ${Number.isNaN(median.mealsAsked) ? "the meals came inside the page (no call for them)" : `the meals were asked for at ${(median.mealsAsked / 1000).toFixed(2)} s`}; ${median.scripts} script files and ${(median.bytes / 1024).toFixed(0)} KiB over the wire before the card`,
  );
} finally {
  await browser.close();
  await app.stop();
}
