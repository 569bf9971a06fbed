/**
 * `npm run bench:first-card`: the time to the first meal card on a phone (docs/decisions/015 "Client at
 * scale"): Community at 375 × 812 px, signed in, in Debian's Chromium with the CPU slowed 4× (the
 * DevTools protocol's CPU throttling, as Lighthouse's mobile setting), from navigation to the first
 * `meal-card` on screen; the median and range of `BENCH_LOADS` (5) cold loads (a fresh browser context,
 * nothing cached), after one load that warms the server. Also the moment the page asked for its meals,
 * and how many script files it loaded first.
 *
 * A fresh data dir is seeded (`npm run seed`) and served as `npm start` does, on BENCH_PORT or a free
 * port. Run after `npm run build`: `npx tsx bench/first-card.ts [path]` (default `/community`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { signInThroughProvider } from "../tests/api/oidc-flow";
import { freePort } from "../tests/free-port";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BENCH_PORT) || (await freePort());
const BASE = `http://localhost:${PORT}`;
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const CPU_SLOWDOWN = 4;
const PAGE = process.argv[2] ?? "/community";

function run(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const args = script.endsWith(".ts") ? ["--import", "tsx", script] : [script];
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitForServer(child: ChildProcess) {
  const started = Date.now();
  for (;;) {
    try {
      await fetch(`${BASE}/api/auth/user`);
      return;
    } catch {
      if (child.exitCode !== null || Date.now() - started > 120_000) throw new Error("the app did not start");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "mealshare-first-card-"));
const env = { DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: "warn", PUBLIC_URL: BASE };
const seed = run("scripts/seed.ts", env);
await new Promise((resolve) => seed.once("exit", resolve));
const server = run("scripts/start.mjs", env);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  await waitForServer(server);
  const { jar } = await signInThroughProvider(BASE, {
    email: "maria.lopez@example.org",
    firstName: "Maria",
    lastName: "Lopez",
  });
  const cookies = jar
    .header()
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name, value: value.join("="), url: BASE };
    });
  const loads: { card: number; mealsAsked: number; scripts: number }[] = [];
  for (let load = 0; load <= LOADS; load++) {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      serviceWorkers: "block",
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(`${BASE}${PAGE}`, { waitUntil: "commit" });
    await page.getByTestId("meal-card").first().waitFor({ state: "visible", timeout: 60_000 });
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const meals = entries.find((entry) => /\/api\/meals(\?|$)/.test(entry.name));
      return {
        card: performance.now(),
        mealsAsked: meals?.startTime ?? Number.NaN,
        scripts: entries.filter((entry) => entry.initiatorType === "script" || entry.name.endsWith(".js"))
          .length,
      };
    });
    if (load > 0) loads.push(timing);
    await context.close();
  }
  const sorted = [...loads].sort((a, b) => a.card - b.card);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  console.log(
    `First meal card on ${PAGE} at 375 px, CPU ${CPU_SLOWDOWN}× slower, signed in, cold: median ${(median.card / 1000).toFixed(2)} s (${(sorted[0].card / 1000).toFixed(2)}–${(sorted[sorted.length - 1].card / 1000).toFixed(2)} s over ${loads.length} loads); the meals were asked for at ${(median.mealsAsked / 1000).toFixed(2)} s; ${median.scripts} script files before the card`,
  );
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
