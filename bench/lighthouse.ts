/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance score (its default: a mid-range
 * phone, slow 4G, 4× CPU slowdown, simulated) of the landing page and, signed in, of Community,
 * against Debian's Chromium (docs/features/discovery.md: ≥ 95). Not part of `npm test`: scores are
 * measurements.
 *
 * A fresh data dir is seeded (`npm run seed`) and served as `npm start` does, on BENCH_PORT or a free
 * port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { signInThroughProvider } from "../tests/api/oidc-flow";
import { freePort } from "../tests/free-port";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** BENCH_PORT, or any free port: the app under measurement never takes a port something else holds. */
const PORT = Number(process.env.BENCH_PORT) || (await freePort());
const BASE = `http://localhost:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

function run(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  // TypeScript scripts under tsx; the start script is plain JavaScript (docs/features/operations.md).
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

/** Lighthouse's performance category and its main metrics for one page. */
async function audit(url: string, chromePort: number, cookie?: string) {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const metric = (id: string) => audits[id]?.displayValue ?? "?";
  return {
    score: Math.round((categories.performance.score ?? 0) * 100),
    metrics: `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, transfer ${metric("total-byte-weight")}`,
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "mealshare-lighthouse-"));
const env = { DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: "warn", PUBLIC_URL: BASE };
const seed = run("scripts/seed.ts", env);
await new Promise((resolve) => seed.once("exit", resolve));
const server = run("scripts/start.mjs", env);
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForServer(server);
  const { jar } = await signInThroughProvider(BASE, {
    email: "maria.lopez@example.org",
    firstName: "Maria",
    lastName: "Lopez",
  });
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  for (const [name, url, cookie] of [
    ["landing page (signed out)", `${BASE}/`, undefined],
    ["Community (signed in)", `${BASE}/community`, jar.header()],
  ] as const) {
    const { score, metrics } = await audit(url, chrome.port, cookie);
    console.log(`Lighthouse mobile performance, ${name}: ${score} (${metrics})`);
  }
} finally {
  chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
