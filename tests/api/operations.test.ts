/** docs/features/operations.md "Operations": probes for load balancers and a graceful stop. */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { buildSignedInUser } from "../factories";
import { createTestApp, migratedDataDir, type TestApp, testDatabaseKind } from "./harness";
import { type ServerProcess, startServerProcess } from "./server-process";

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
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await migratedDataDir("mealshare-stop-");
    server = await startServerProcess({ DATA_DIR: dataDir });
  }, 60_000);
  afterAll(async () => {
    await server.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("ends live streams with a retry hint, exits 0 and leaves the data directory free", async () => {
    const cookie = await server.signIn({ email: "stop@example.test", firstName: "Sto", lastName: "P" });
    const stream = await fetch(`${server.baseUrl}/api/stream`, {
      headers: { cookie, accept: "text/event-stream" },
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

    const exited = server.stop("SIGTERM");
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
