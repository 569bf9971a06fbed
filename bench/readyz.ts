/**
 * `/readyz` follows PostgreSQL (docs/features/operations.md): starts a PostgreSQL of its own (initdb in
 * a temporary directory, a free port; it never touches another server), runs the app on it, then stops
 * and restarts only that PostgreSQL while polling `/readyz` every 50 ms, and prints how long the probe
 * took to turn 503 after the stop and 200 after the restart (target: within 2 s each). Run: `npx tsx
 * bench/readyz.ts` (needs PostgreSQL's server binaries, e.g. Debian's postgresql).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../tests/free-port";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const POLL_MS = 50;
const TARGET_MS = 2_000;

function postgresBin(): string {
  const base = "/usr/lib/postgresql";
  const version = existsSync(base) ? readdirSync(base).sort().at(-1) : undefined;
  if (!version) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql");
  return path.join(base, version, "bin");
}

/** initdb and pg_ctl refuse to run as root: as root, run them as the `postgres` user. */
function asPostgres(command: string, args: string[]) {
  const root = process.getuid?.() === 0;
  execFileSync(root ? "runuser" : command, root ? ["-u", "postgres", "--", command, ...args] : args, {
    stdio: "ignore",
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

const bin = postgresBin();
const dir = mkdtempSync(path.join(os.tmpdir(), "mealshare-readyz-"));
chmodSync(dir, 0o777);
const pgData = path.join(dir, "pgdata");
const pgPort = await freePort();
const appPort = await freePort();
const pgCtl = (action: "start" | "stop") =>
  asPostgres(path.join(bin, "pg_ctl"), [
    action,
    "-D",
    pgData,
    "-w",
    ...(action === "start"
      ? ["-o", `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1`, "-l", path.join(dir, "log")]
      : ["-m", "fast"]),
  ]);

let app: ChildProcess | undefined;
try {
  asPostgres(path.join(bin, "initdb"), ["-D", pgData, "-U", "postgres", "--auth=trust"]);
  pgCtl("start");
  app = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
      PORT: String(appPort),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dir, "app"),
      LOG_LEVEL: "fatal",
    },
    stdio: "ignore",
  });
  const status = () =>
    fetch(`http://127.0.0.1:${appPort}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
  await waitFor(async () => (await status()) === 200, 60_000);

  const stopping = performance.now();
  pgCtl("stop");
  const stopped = performance.now() - stopping;
  const toUnready = await waitFor(async () => (await status()) === 503, 10_000);

  const starting = performance.now();
  pgCtl("start");
  const started = performance.now() - starting;
  const toReady = await waitFor(async () => (await status()) === 200, 10_000);

  const verdict = (ms: number) => (ms <= TARGET_MS ? "ok" : `OVER ${TARGET_MS} ms`);
  console.log(
    `PostgreSQL stopped (pg_ctl took ${stopped.toFixed(0)} ms): /readyz 503 after ${toUnready.toFixed(0)} ms — ${verdict(toUnready)}`,
  );
  console.log(
    `PostgreSQL started (pg_ctl took ${started.toFixed(0)} ms): /readyz 200 after ${toReady.toFixed(0)} ms — ${verdict(toReady)}`,
  );
  if (toUnready > TARGET_MS || toReady > TARGET_MS) process.exitCode = 1;
} finally {
  app?.kill("SIGKILL");
  try {
    pgCtl("stop");
  } catch {}
  rmSync(dir, { recursive: true, force: true });
}
