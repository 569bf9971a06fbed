/**
 * `npm run bench:slow`: the first screen on a cheap phone and a poor connection (docs/decisions/019):
 * Community, a meal's page and a thread, signed in, at 375 × 812 px, the CPU slowed 4× and the network
 * at a 400 ms round trip and 50 KB/s each way (DevTools' emulation, as bench/first-card.ts), each cold (a
 * fresh browser context, nothing cached, no service worker), `BENCH_LOADS` (5) times after one load
 * that warms the server; the median and range of the moment the page shows its food:
 * - Community: the first meal card's title, with its photo loaded (or its drawn placeholder);
 * - a meal's page: the meal's title and its photo likewise;
 * - a thread: the newest message.
 * "Shows" is Playwright's visible (laid out with a size), read every animation frame in the page, so
 * the time is the page's own clock from navigation. Also the page's first contentful paint and what
 * had come over the wire once the network went quiet (compressed, the page included): a first visit's
 * bytes.
 *
 * A fresh data dir is seeded and served as `npm start` serves it: plain HTTP/1.1 on loopback, or
 * HTTPS with HTTP/2 with BENCH_PROTOCOL=h2 (a certificate the bench's browser trusts, bench/tls.ts).
 * Run after `npm run build`.
 */

import { memberPages } from "./member-pages";
import { launchChromium, phoneContext, slowPhone } from "./phone";
import { startSeededApp } from "./seeded-app";
import { benchCertificate } from "./tls";

const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const PROTOCOL = process.env.BENCH_PROTOCOL ?? "h1";
if (PROTOCOL !== "h1" && PROTOCOL !== "h2") throw new Error("BENCH_PROTOCOL must be h1 or h2");
const certificate = PROTOCOL === "h2" ? await benchCertificate() : undefined;

/** In the page, for `kind`: the time (ms since navigation) once its food shows, else null. */
function foodShown(kind: "card" | "meal" | "thread"): number | null {
  const shows = (element: Element | null | undefined) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && (element.textContent ?? "").trim() !== "";
  };
  const photoShows = (scope: Element | null | undefined) => {
    const photo = scope?.querySelector("img, [role=img]");
    if (!photo) return false;
    if (!(photo instanceof HTMLImageElement)) return true;
    return photo.complete && photo.naturalWidth > 0;
  };
  if (kind === "card") {
    const card = document.querySelector('[data-testid="meal-card"]');
    if (!shows(card?.querySelector("h3")) || !photoShows(card)) return null;
  } else if (kind === "meal") {
    if (!shows(document.querySelector("main h1")) || !photoShows(document.querySelector("main"))) return null;
  } else {
    const messages = document.querySelectorAll('[data-testid="message-list"] > li');
    if (!shows(messages[messages.length - 1])) return null;
  }
  return performance.now();
}

/**
 * tsx names the functions it compiles through a `__name` helper, which a function sent into the page
 * calls too; the page gets a stand-in before anything of its own runs.
 */
const NAME_HELPER = "globalThis.__name = (target) => target;";

const app = await startSeededApp("slow", undefined, certificate);
const browser = await launchChromium(certificate ? [certificate.chromiumFlag] : []);
try {
  const { cookies, mealId, threadId } = await memberPages(app.base);
  const jar = cookies.map((cookie) => ({ ...cookie, url: app.base }));
  const pages = [
    { name: "Community", path: "/community", kind: "card" },
    { name: "a meal's page", path: `/meal/${mealId}`, kind: "meal" },
    { name: "a thread", path: `/request/${threadId}`, kind: "thread" },
  ] as const;
  console.log(
    `Slow 3G phone (400 ms round trip, 50 KB/s, CPU 4× slower, 375 px, cold) over ${certificate ? "HTTPS with HTTP/2" : "plain HTTP/1.1"}:`,
  );
  for (const { name, path, kind } of pages) {
    const loads: { shown: number; paint: number; bytes: number }[] = [];
    for (let load = 0; load <= LOADS; load++) {
      const context = await phoneContext(browser, jar);
      await context.addInitScript({ content: NAME_HELPER });
      const page = await context.newPage();
      await slowPhone(page, 4, true);
      await page.goto(`${app.base}${path}`, { waitUntil: "commit" });
      const shown = Number(
        await (await page.waitForFunction(foodShown, kind, { timeout: 90_000 })).jsonValue(),
      );
      // A first visit's bytes are counted once the network has gone quiet (no request for 500 ms): the
      // page's code comes after its picture, and a page still streaming in has no transfer size yet.
      await page.waitForLoadState("networkidle");
      const seen = await page.evaluate(async () => ({
        // The paint's entry can come a frame after the food was seen.
        paint: await new Promise<number>((resolve) => {
          new PerformanceObserver((entries) => {
            const first = entries.getEntriesByName("first-contentful-paint")[0];
            if (first) resolve(first.startTime);
          }).observe({ type: "paint", buffered: true });
          setTimeout(() => resolve(Number.NaN), 5_000);
        }),
        bytes:
          (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).reduce(
            (sum, entry) => sum + entry.transferSize,
            0,
          ) +
          ((performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)
            ?.transferSize ?? 0),
      }));
      if (load > 0) loads.push({ shown, ...seen });
      await context.close();
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const shown = loads.map((load) => load.shown);
    console.log(
      `  ${name}: food shown at ${seconds(median(shown))} median (${seconds(Math.min(...shown))}–${seconds(Math.max(...shown))} over ${loads.length} loads); first paint ${seconds(median(loads.map((load) => load.paint)))}; ${(median(loads.map((load) => load.bytes)) / 1024).toFixed(0)} KiB over the wire once the network went quiet`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
