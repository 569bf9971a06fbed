/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance score (its default: a mid-range
 * phone, slow 4G, 4× CPU slowdown, simulated) of the landing page and, signed in, of Community's list
 * and map, a meal's page and a thread, against Debian's Chromium (docs/features/discovery.md and
 * docs/decisions/015: ≥ 95 each). Not part of `npm test`: scores are measurements.
 *
 * A fresh data dir is seeded (`npm run seed`) and served as `npm start` does, on BENCH_PORT or a free
 * port: over HTTPS with HTTP/2 (a self-signed certificate the bench's browser trusts, bench/tls.ts),
 * as a deployment that phones reach is served, or over plain HTTP/1.1 with
 * BENCH_LIGHTHOUSE_PROTOCOL=h1 (`npm start` on this machine; docs/decisions/015 "Phones"). One
 * audit's score moves by 10 or more from run to run on a shared 2-core machine, so each page
 * is audited until BENCH_LIGHTHOUSE_RUNS runs (3 unless set) have finished, and the run with the median
 * score (the lower middle of an even count) is printed, with the range.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import WebSocket from "ws";
import { memberPages } from "./member-pages";
import { CHROMIUM_FLAGS } from "./phone";
import { startSeededApp } from "./seeded-app";
import { benchCertificate } from "./tls";

/** h2 (HTTPS, the default) or h1 (plain HTTP). */
const PROTOCOL = process.env.BENCH_LIGHTHOUSE_PROTOCOL ?? "h2";
if (PROTOCOL !== "h1" && PROTOCOL !== "h2") throw new Error("BENCH_LIGHTHOUSE_PROTOCOL must be h1 or h2");
const certificate = PROTOCOL === "h2" ? await benchCertificate() : undefined;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  ...CHROMIUM_FLAGS,
  ...(certificate ? [certificate.chromiumFlag] : []),
];

/**
 * Puts the session cookie in a fresh browser's jar through the DevTools protocol. A `Cookie` header
 * in Lighthouse's extra headers reaches the document but not the app's own fetches, so the signed-in
 * pages were measured signed out (the sign-in page) until this was used.
 */
async function setCookies(chromePort: number, cookies: { name: string; value: string }[]) {
  const { webSocketDebuggerUrl } = (await (
    await fetch(`http://127.0.0.1:${chromePort}/json/version`)
  ).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("message", (data) => {
        const answer = JSON.parse(String(data)) as { error?: { message: string } };
        if (answer.error) reject(new Error(answer.error.message));
        else resolve();
      });
      socket.send(
        JSON.stringify({
          id: 1,
          method: "Storage.setCookies",
          params: {
            cookies: cookies.map((cookie) => ({ ...cookie, domain: "localhost", path: "/", httpOnly: true })),
          },
        }),
      );
    });
  } finally {
    socket.close();
  }
}

/**
 * Lighthouse's performance category and its main metrics for one page, in a browser of its own (a
 * fresh profile: nothing cached), signed in with `cookies` when given.
 */
async function audit(url: string, cookies?: { name: string; value: string }[]) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    if (cookies) await setCookies(chrome.port, cookies);
    return await auditIn(url, chrome.port, cookies !== undefined);
  } finally {
    chrome.kill();
  }
}

async function auditIn(url: string, chromePort: number, signedIn: boolean) {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    // The profile is fresh; resetting its storage would throw the session cookie away.
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (DUMP_DIR) {
    // The whole report, to read its trace-derived audits (network chain, main-thread work) later.
    mkdirSync(DUMP_DIR, { recursive: true });
    const name = `${DUMP_DIR}/${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}`;
    writeFileSync(`${name}.json`, JSON.stringify(result.lhr));
    // The trace the scores were simulated from, beside it: its tasks say what blocked the main thread.
    writeFileSync(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
  }
  const { categories, audits } = result.lhr;
  const metric = (id: string) => audits[id]?.displayValue ?? "?";
  // What the largest paint and the largest shift were: where a score is lost.
  const element = (id: string) => {
    const details = audits[id]?.details as
      | { items?: { items?: { node?: { snippet?: string } }[]; node?: { snippet?: string } }[] }
      | undefined;
    const first = details?.items?.[0];
    return (first?.items?.[0]?.node ?? first?.node)?.snippet?.slice(0, 90) ?? "–";
  };
  return {
    score: Math.round((categories.performance.score ?? 0) * 100),
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    metrics: `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, transfer ${metric("total-byte-weight")}; LCP element ${element("largest-contentful-paint-element")}; shifted most ${element("layout-shift-elements")}`,
  };
}

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Where each audit's full report and its trace are written (BENCH_LIGHTHOUSE_DUMP), when set. */
const DUMP_DIR = process.env.BENCH_LIGHTHOUSE_DUMP;
/** Only the pages whose name contains BENCH_LIGHTHOUSE_ONLY (case-insensitive), when set. */
const ONLY = process.env.BENCH_LIGHTHOUSE_ONLY?.toLowerCase();
const app = await startSeededApp("lighthouse", undefined, certificate);
const BASE = app.base;
console.log(`Served over ${certificate ? "HTTPS with HTTP/2" : "plain HTTP/1.1"} at ${BASE}`);
try {
  const { cookies: jarCookies, mealId, threadId } = await memberPages(BASE);
  for (const [name, url, withCookie] of [
    ["landing page (signed out)", `${BASE}/`, undefined],
    ["Community (signed in)", `${BASE}/community`, jarCookies],
    ["Community's map (signed in)", `${BASE}/community?view=map`, jarCookies],
    ["a meal's page (signed in)", `${BASE}/meal/${mealId}`, jarCookies],
    ["a thread (signed in)", `${BASE}/request/${threadId}`, jarCookies],
  ] as const) {
    if (ONLY && !name.toLowerCase().includes(ONLY)) continue;
    // A run Lighthouse could not finish (no LCP: its trace lost the navigation, NO_NAVSTART, now and
    // then) is counted, not scored, and run again, up to as many times more: the median of the two
    // left had been the better of them.
    const audits = [];
    let failed = 0;
    while (audits.length < RUNS && failed < RUNS) {
      const run = await audit(url, withCookie);
      if (Number.isFinite(run.lcpMs)) audits.push(run);
      else failed++;
    }
    audits.sort((a, b) => a.score - b.score);
    if (audits.length === 0) {
      console.log(`Lighthouse mobile performance, ${name}: no run finished (${failed} failed)`);
      continue;
    }
    // The lower middle of an even count: a score is not rounded up by a run that failed.
    const { score, metrics } = audits[Math.floor((audits.length - 1) / 2)];
    const range = (values: number[], unit: (value: number) => string) =>
      `${unit(Math.min(...values))}–${unit(Math.max(...values))}`;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `Lighthouse mobile performance, ${name}: ${score}, median of ${audits.length}${failed ? ` (${failed} failed)` : ""} (scores ${range(
        audits.map((a) => a.score),
        String,
      )}, LCP ${range(
        audits.map((a) => a.lcpMs),
        seconds,
      )}, TBT ${range(
        audits.map((a) => a.tbtMs),
        (ms) => `${Math.round(ms)} ms`,
      )}; the median run: ${metrics})`,
    );
  }
} finally {
  await app.stop();
}
