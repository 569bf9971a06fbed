/**
 * `npm run bench:map`: whether the meal map stays smooth on a phone with 300 meals in view
 * (docs/decisions/015 "Phones"). The seeded neighbourhood gets 300 more open meals spread over about
 * 2 × 2 km around its centre; Community's map opens on them at 375 × 812 px in Debian's Chromium with
 * the CPU slowed 4× (as Lighthouse's phone), and is dragged and zoomed in and out as a thumb would,
 * each gesture asking the API for its box and redrawing the markers and clusters. While it moves,
 * every animation frame's interval and every long task are recorded: smooth is a frame at least every
 * 50 ms at the 95th percentile (20 frames a second on the slowed CPU) and no task over 200 ms.
 *
 * Run after `npm run build`: `npx tsx bench/map-smooth.ts`.
 */
import { launchChromium, phoneContext, signInMaria } from "./phone";
import { addOpenMeals, startSeededApp } from "./seeded-app";

const MEALS = 300;
const CPU_SLOWDOWN = 4;

const app = await startSeededApp("map", addOpenMeals(MEALS));
const browser = await launchChromium();
try {
  const context = await phoneContext(browser, await signInMaria(app.base));
  const page = await context.newPage();
  // How many meals each of the map's answers held.
  const answered: number[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/meals/map"))
      void response
        .json()
        .then((body: { meals?: unknown[] }) => answered.push(body.meals?.length ?? Number.NaN))
        .catch(() => undefined);
  });
  await page.goto(`${app.base}/community?view=map&area=all`);
  const map = page.getByRole("region", { name: "Map of meals" });
  await map.locator(".leaflet-marker-icon").first().waitFor({ timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const inView = async () => page.evaluate(() => document.querySelectorAll(".leaflet-marker-icon").length);
  // As a string: tsx names the functions of a callback with a helper the page does not have.
  await page.evaluate(`
    window.frames_ = [];
    window.tasks_ = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.tasks_.push(entry.duration);
    }).observe({ type: "longtask" });
    requestAnimationFrame(function tick(at) {
      window.frames_.push(at);
      requestAnimationFrame(tick);
    });
  `);
  const box = await map.boundingBox();
  if (!box) throw new Error("the map has no box");
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const drawn: number[] = [await inView()];
  // Drags across the map and back, then two steps in and out, waiting for each answer's redraw.
  for (const [dx, dy] of [
    [-150, 0],
    [150, 80],
    [0, -80],
  ]) {
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + dx, centre.y + dy, { steps: 20 });
    await page.mouse.up();
    await page.waitForLoadState("networkidle");
    drawn.push(await inView());
  }
  for (const delta of [-240, -240, -240, 240, 240, 240]) {
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, delta);
    await page.waitForLoadState("networkidle");
    drawn.push(await inView());
  }
  const { frames, tasks, meals } = (await page.evaluate(`({
    frames: window.frames_,
    tasks: window.tasks_,
    meals: performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/meals/map")).length,
  })`)) as { frames: number[]; tasks: number[]; meals: number };
  const intervals = frames
    .slice(1)
    .map((at, i) => at - (frames[i] ?? at))
    .sort((a, b) => a - b);
  const at = (q: number) =>
    intervals[Math.min(intervals.length - 1, Math.floor(q * intervals.length))] ?? Number.NaN;
  const longest = Math.max(0, ...tasks);
  console.log(
    `Meal map at 375 px, CPU ${CPU_SLOWDOWN}× slower, ${MEALS} added meals around the centre (the map's answers held ${Math.min(...answered)}–${Math.max(...answered)} meals; markers and clusters drawn: ${Math.min(...drawn)}–${Math.max(...drawn)}), 3 drags and 6 zoom steps: ${intervals.length} frames, frame interval p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms; ${tasks.length} long tasks, the longest ${longest.toFixed(0)} ms, ${tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0).toFixed(0)} ms blocking in all (${at(0.95) <= 50 && longest <= 200 ? "smooth" : "NOT smooth"} by the 50 ms / 200 ms bar); ${meals} map answers asked`,
  );
} finally {
  await browser.close();
  await app.stop();
}
