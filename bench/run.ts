/**
 * `npm run bench`: the figures the README and closing notes quote, measured on this machine.
 * 1. Landing page first-load JavaScript, gzip (entry chunk + the landing chunk and their static
 *    imports, from Vite's manifest). Builds the client first. Then the same for a member's thread, meal,
 *    Community and Requests pages (bench/first-load.ts).
 * 2. Time from `npm start` (scripts/start.mjs, client and server already built) to the first HTTP answer on a
 *    fresh data dir (migrations included), and the landing page's first load as the started server
 *    sends it to a browser (`Accept-Encoding: br, gzip`): bytes on the wire.
 * 3. `GET /api/meals` latency with 200 open meals, 200 sequential requests: p50 / p95 in ms.
 * 4. Message delivery to the other party's open stream, one and two instances (bench/delivery.ts).
 * 5. With TEST_DATABASE_URL: the meal list, search and "near me" at 1,000, 10,000 and 100,000 meals
 *    under 50 connections (bench/discovery.ts), then the feed, a meal's detail and the session lookup
 *    against their plain node:http + pg limit at 100,000 meals (bench/limit.ts, docs/decisions/011),
 *    and the feed of a member of 5 groups against a member of none at 100,000 meals and 1,000 groups
 *    (bench/groups.ts, docs/features/groups.md), and posting throughput with 50 posters and a bulk import
 *    before and after the impact totals lost their hot row (bench/posting.ts, docs/decisions/014).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { createTestApp } from "../tests/api/harness";
import { buildMeal, buildSignedInUser } from "../tests/factories";
import { measureDelivery } from "./delivery";
import { benchDiscovery } from "./discovery";
import { FIRST_LOAD_PAGES, firstLoadFiles, firstLoadKiB } from "./first-load";
import { benchGroups } from "./groups";
import { benchLimit } from "./limit";
import { benchPosting } from "./posting";

// Vite's build sets NODE_ENV=production in this process; the started server must see the caller's.
const callerNodeEnv = process.env.NODE_ENV;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function landingFirstLoad() {
  await build({ root, configFile: path.join(root, "vite.config.ts"), logLevel: "silent" });
  const dist = path.join(root, "dist/client");
  const files = firstLoadFiles(dist, ["index.html", "src/client/pages/landing.tsx"]);
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(path.join(dist, file))).length;
    if (file.endsWith(".css")) css += size;
    else js += size;
  }
  return { jsKiB: js / 1024, cssKiB: css / 1024, files: ["index.html", ...files] };
}

/** Bytes of a GET's body as sent (not decoded), with the encoding the server chose. */
function wireBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () =>
          resolve({ bytes, encoding: response.headers["content-encoding"] ?? "none" }),
        );
      })
      .on("error", reject);
  });
}

async function startupTime(landingFiles: string[]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mealshare-bench-"));
  const port = 5077;
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: callerNodeEnv ?? "",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      try {
        await fetch(`http://127.0.0.1:${port}/api/auth/user`);
        break;
      } catch {
        if (child.exitCode !== null || performance.now() - started > 120_000) {
          throw new Error(`server did not answer (exit ${child.exitCode}):\n${stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const sent = await Promise.all(
      landingFiles.map((file) => wireBytes(`http://127.0.0.1:${port}/${file === "index.html" ? "" : file}`)),
    );
    return {
      seconds,
      wireKiB: sent.reduce((sum, file) => sum + file.bytes, 0) / 1024,
      encodings: [...new Set(sent.map((file) => file.encoding))].join(", "),
    };
  } finally {
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function mealListLatency() {
  const t = await createTestApp({ listen: true });
  try {
    const { user, cookie } = await buildSignedInUser(t.db);
    for (let i = 0; i < 200; i++) await buildMeal(t.db, user, { title: `Bench meal ${i}` });
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const start = performance.now();
      const response = await fetch(`${t.config.publicUrl}/api/meals`, { headers: { cookie } });
      await response.arrayBuffer();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)] };
  } finally {
    await t.close();
  }
}

const landing = await landingFirstLoad();
console.log(
  `landing first-load JS: ${landing.jsKiB.toFixed(1)} KiB gzip (CSS ${landing.cssKiB.toFixed(1)} KiB, ${landing.files.length} files)`,
);
for (const page of FIRST_LOAD_PAGES) {
  const name = path.basename(page, ".tsx");
  console.log(
    `${name} first-load JS (signed in): ${firstLoadKiB(path.join(root, "dist/client"), page).toFixed(1)} KiB gzip`,
  );
}
const startup = await startupTime(landing.files);
console.log(`npm start → first answer on a fresh data dir: ${startup.seconds.toFixed(1)} s`);
console.log(
  `landing first load on the wire: ${startup.wireKiB.toFixed(1)} KiB in ${landing.files.length} files (${startup.encodings})`,
);
const latency = await mealListLatency();
console.log(
  `GET /api/meals (page of 24 of 200 meals, PGlite): p50 ${latency.p50.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms`,
);
for (const line of await measureDelivery()) console.log(line);
if (process.env.TEST_DATABASE_URL) {
  for (const line of await benchDiscovery(process.env.TEST_DATABASE_URL)) console.log(line);
  for (const line of await benchLimit(process.env.TEST_DATABASE_URL)) console.log(line);
  for (const line of await benchGroups(process.env.TEST_DATABASE_URL)) console.log(line);
  for (const line of await benchPosting(process.env.TEST_DATABASE_URL)) console.log(line);
} else {
  console.log("Discovery at scale: set TEST_DATABASE_URL to a PostgreSQL server to measure it.");
}
