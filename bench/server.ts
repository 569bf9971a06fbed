/**
 * A server process for the benchmarks (bench/city.ts, discovery.ts, groups.ts, limit.ts, streams.ts):
 * started with plain node on a fixed port, ready once `GET /api/auth/user` answers at all (401 is an
 * answer), stopped with SIGTERM. Its output goes nowhere but its errors, so a load run's log stays
 * readable. A port that already answers is refused before anything starts: the readiness poll cannot
 * tell who answers, so a server that failed to listen would otherwise be measured as whatever holds
 * its port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Starts `node …args` with `env` (on top of this process's, LOG_LEVEL=warn) listening on `port`.
 * @param options.cwd the checkout to run it in (default this one); options.timeoutMs how long it may
 *   take to answer (default 180 s: `npm start` may build first)
 * @throws Error when something already answers on `port`, or it exits or does not answer in time
 */
export async function startServer(
  args: string[],
  env: Record<string, string>,
  port: number,
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<ChildProcess> {
  const taken = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} already answers: ${args.join(" ")} would not be what is measured`);
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, LOG_LEVEL: "warn", ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? 180_000;
  return new Promise((resolve, reject) => {
    const poll = async () => {
      try {
        await fetch(`http://127.0.0.1:${port}/api/auth/user`);
        resolve(child);
      } catch {
        if (child.exitCode !== null || Date.now() - started > timeoutMs)
          reject(new Error(`${args.join(" ")} did not start`));
        else setTimeout(poll, 100);
      }
    };
    poll();
  });
}

/** Stops a server started by `startServer` (SIGTERM) and waits for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
