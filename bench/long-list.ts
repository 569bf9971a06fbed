/**
 * `npm run bench:list`: what a long meal list costs a phone as it grows (docs/decisions/015 "Phones").
 * The seeded neighbourhood gets 300 more open meals; Community, everywhere, opens at 375 × 812 px in
 * Debian's Chromium with the CPU slowed 4× (as Lighthouse's phone) and is scrolled to its end until
 * ten pages are drawn. For each page: the time from the scroll that asks for it to its last card drawn,
 * and the main thread's long tasks meanwhile. A list that draws only its new page costs as much at its
 * tenth page as at its second; one that draws every card again costs more with each page.
 *
 * Run after `npm run build`: `npx tsx bench/long-list.ts`.
 */
import { MEAL_PAGE_SIZE } from "../src/contract/meals";
import { launchChromium, phoneContext, signInMaria } from "./phone";
import { addOpenMeals, startSeededApp } from "./seeded-app";

const PAGES = 10;
const CPU_SLOWDOWN = 4;

const app = await startSeededApp("long-list", addOpenMeals(300));
const browser = await launchChromium();
try {
  const context = await phoneContext(browser, await signInMaria(app.base));
  const page = await context.newPage();
  await page.goto(`${app.base}/community?area=all`);
  const cards = page.getByTestId("meal-card");
  await cards.nth(MEAL_PAGE_SIZE - 1).waitFor({ timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  // As a string: tsx names the functions of a callback with a helper the page does not have.
  await page.evaluate(`
    window.tasks_ = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.tasks_.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask" });
  `);
  const pages: { n: number; ms: number; blocked: number; longest: number }[] = [];
  for (let n = 2; n <= PAGES; n++) {
    const started = (await page.evaluate("performance.now()")) as number;
    await page.evaluate("window.scrollTo(0, document.body.scrollHeight)");
    await cards.nth(n * MEAL_PAGE_SIZE - 1).waitFor({ timeout: 60_000 });
    const ended = (await page.evaluate("performance.now()")) as number;
    const tasks = ((await page.evaluate("window.tasks_")) as [number, number][]).filter(
      ([at]) => at >= started && at <= ended,
    );
    pages.push({
      n,
      ms: ended - started,
      blocked: tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
      longest: Math.max(0, ...tasks.map(([, duration]) => duration)),
    });
  }
  const drawn = await cards.count();
  console.log(
    `Community at 375 px, CPU ${CPU_SLOWDOWN}× slower, scrolled to ${drawn} cards (${PAGES} pages of ${MEAL_PAGE_SIZE}); per page, from the scroll to its last card: ${pages
      .map(
        ({ n, ms, blocked, longest }) =>
          `page ${n} ${Math.round(ms)} ms (blocking ${Math.round(blocked)}, longest task ${Math.round(longest)})`,
      )
      .join("; ")}`,
  );
} finally {
  await browser.close();
  await app.stop();
}
