/**
 * The server as a real process (`node dist/server/main.js`, the build `npm start` runs), for tests
 * that kill it, restart it, or run two of them on one database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { eventually } from "../eventually";
import { freePort } from "./harness";
import { signInThroughProvider } from "./oidc-flow";

/** A running server process. */
export interface ServerProcess {
  baseUrl: string;
  process: ChildProcess;
  /** Sends `signal` and resolves with the exit code (SIGKILL: killed, nothing runs after it). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Signs a person in through the bundled provider; the result is their Cookie header value. */
  signIn(person: { email: string; firstName: string; lastName: string }): Promise<string>;
  /** Calls the API as a browser on this origin would, with `cookie`. */
  api(method: string, url: string, cookie: string, body?: unknown): Promise<Response>;
}

/**
 * Starts the server with `env` (on top of this process's) on a free port, and waits until
 * `/healthz` answers.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  // The compiled server, as `npm start` runs it (built before the workers start: built-server.ts).
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_WRITES_PER_MINUTE: "10000",
      RATE_LIMIT_SIGNIN_PER_MINUTE: "1000",
      // Its share of the PostgreSQL server's connections beside the other test files' (harness.ts).
      DATABASE_POOL_SIZE: "5",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      return fetch(`${baseUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
    },
    { until: (up) => up, failure: () => "server did not start", timeoutMs, intervalMs: 100 },
  );
  return {
    baseUrl,
    process: child,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
    signIn: async (person) => {
      const { jar } = await signInThroughProvider(baseUrl, person);
      return `sid=${jar.get("sid")}`;
    },
    api: (method, url, cookie, body) =>
      fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          cookie,
          origin: baseUrl,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}
