/**
 * The app as a browser bench meets it (bench/lighthouse.ts, bench/first-card.ts): a fresh data dir
 * seeded with `npm run seed` and served as `npm start` serves it, on BENCH_PORT or a free port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../tests/free-port";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a script with plain node (TypeScript under tsx), its output nowhere but its errors. */
function run(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  // The start script is plain JavaScript (docs/features/operations.md).
  const args = script.endsWith(".ts") ? ["--import", "tsx", script] : [script];
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** A running seeded app: where it answers, and how to stop it and remove its data. */
export interface SeededApp {
  base: string;
  stop: () => Promise<void>;
}

/**
 * Seeds a fresh data dir and starts the app on it.
 * @param prepare run on the seeded data dir before the app starts (more rows for a bench)
 * @throws Error when the app exits or does not answer within two minutes
 */
export async function startSeededApp(
  name: string,
  prepare?: (dataDir: string) => Promise<void>,
): Promise<SeededApp> {
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `mealshare-${name}-`));
  const env = { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn", PUBLIC_URL: base };
  const seed = run("scripts/seed.ts", env);
  await new Promise((resolve) => seed.once("exit", resolve));
  await prepare?.(dataDir);
  const server = run("scripts/start.mjs", env);
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    try {
      await fetch(`${base}/api/auth/user`);
      return { base, stop };
    } catch {
      if (server.exitCode !== null || Date.now() - started > 120_000) {
        await stop();
        throw new Error("the app did not start");
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
