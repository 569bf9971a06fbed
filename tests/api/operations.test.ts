/** docs/features/operations.md "Operations": probes for load balancers and a graceful stop. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { buildSignedInUser } from "../factories";
import { createTestApp, freePort, type TestApp, testDatabaseKind } from "./harness";
import { signInThroughProvider } from "./oidc-flow";

describe("GET /healthz and /readyz", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("say the process is up and the database ready, then not ready once the database is gone", async () => {
    const health = await t.api({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    const ready = await t.api({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
    expect(ready.headers["cache-control"]).toBe("no-store");

    await t.database.close();
    const gone = await t.api({ url: "/readyz" });
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toEqual({ message: "Not ready: database unreachable.", code: "not_ready" });
    expect((await t.api({ url: "/healthz" })).statusCode).toBe(200);
  });
});

describe.runIf(testDatabaseKind() === "pglite")("stopping the server with SIGTERM", () => {
  let server: ChildProcess;
  let dataDir: string;
  let baseUrl: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "mealshare-stop-"));
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: "ignore",
    });
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${baseUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (tries > 300) throw new Error("server did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);
  afterAll(() => {
    server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("ends live streams with a retry hint, exits 0 and leaves the data directory free", async () => {
    const { jar } = await signInThroughProvider(baseUrl, {
      email: "stop@example.test",
      firstName: "Sto",
      lastName: "P",
    });
    const stream = await fetch(`${baseUrl}/api/stream`, {
      headers: { cookie: `sid=${jar.get("sid")}`, accept: "text/event-stream" },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let received = "";
    const read = async (until: (text: string) => boolean) => {
      while (!until(received)) {
        const { value, done } = await reader.read();
        if (done) return true;
        received += new TextDecoder().decode(value);
      }
      return false;
    };
    await read((text) => text.includes("event: ready"));

    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    const ended = await read(() => false);
    expect(ended).toBe(true);
    expect(received).toMatch(/event: shutdown\n(.*\n)*retry: \d{4}\n/);
    expect(await exited).toBe(0);

    const next = await openDatabase({ dataDir });
    await next.close();
  }, 60_000);
});

describe("GET /metrics", () => {
  const token = "metrics-token-0123456789";
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: token } });
  });
  afterAll(() => t.close());

  it("answers Prometheus text to the bearer of METRICS_TOKEN only", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    await t.api({ url: "/api/meals", cookie });
    await t.api({ url: "/api/meals/00000000-0000-4000-8000-000000000000", cookie });

    for (const authorization of [undefined, "Bearer wrong", `Basic ${token}`, `Bearer ${token}x`]) {
      const refused = await t.api({ url: "/metrics", headers: authorization ? { authorization } : {} });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: "unauthorized" });
    }
    const metrics = await t.api({ url: "/metrics", headers: { authorization: `Bearer ${token}` } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers["content-type"]).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/meals",status_code="200"\} 1/,
    );
    // Route patterns, never ids.
    expect(metrics.body).toContain('route="/api/meals/:id",status_code="404"');
    expect(metrics.body).not.toContain("00000000-0000-4000-8000-000000000000");
    expect(metrics.body).toMatch(/mealshare_live_streams 0/);
    expect(metrics.body).toMatch(/nodejs_eventloop_lag_seconds \d/);
    if (testDatabaseKind() === "postgres")
      expect(metrics.body).toMatch(/mealshare_db_pool_connections\{state="total"\} \d/);
  });

  it("does not exist without METRICS_TOKEN", async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      expect((await plain.api({ url: "/metrics" })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
