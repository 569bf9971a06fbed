/**
 * Prometheus metrics at `GET /metrics` (docs/features/operations.md "Operations"), off unless
 * METRICS_TOKEN is set, then only for `Authorization: Bearer <METRICS_TOKEN>`: request durations by
 * route and status, the PostgreSQL pool, the read replica's lag, open live streams, and prom-client's process metrics
 * (event-loop lag, memory, CPU). Labels are route patterns (`/api/meals/:id`), never raw URLs, so the
 * series stay few and hold no ids.
 */
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { unauthorized } from "./errors";
import type { LiveHub } from "./live/hub";

/** Registers the collectors and the route; does nothing without `config.metricsToken`. */
export function registerMetrics(
  app: FastifyInstance,
  deps: { config: Config; database: Database; hub: LiveHub },
) {
  const token = deps.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status code",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "(unmatched)";
    if (route === "/api/stream") return; // a stream's "duration" is how long someone kept a tab open
    durations.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  registerGauges(registry, deps);

  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized();
    return reply
      .header("Cache-Control", "no-store")
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

/** The gauges read at each scrape: open live streams, the PostgreSQL pool, and the read replica. */
function registerGauges(registry: Registry, deps: { database: Database; hub: LiveHub }) {
  new Gauge({
    name: "mealshare_live_streams",
    help: "Live-update (SSE) streams open on this instance",
    registers: [registry],
    collect() {
      this.set(deps.hub.streamCount());
    },
  });
  const { driver } = deps.database;
  if (driver.kind === "pg") {
    new Gauge({
      name: "mealshare_db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle) and queries waiting for one",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        this.set({ state: "total" }, driver.pool.totalCount);
        this.set({ state: "idle" }, driver.pool.idleCount);
        this.set({ state: "waiting" }, driver.pool.waitingCount);
      },
    });
  }

  const replica = deps.database.replica;
  if (replica) {
    new Gauge({
      name: "mealshare_db_replica_lag_seconds",
      help: "How far the read replica is behind the primary, by the last check (-1 when it is down)",
      registers: [registry],
      collect() {
        this.set(replica.state().lagSeconds ?? -1);
      },
    });
    new Gauge({
      name: "mealshare_db_replica_in_use",
      help: "1 while reads go to the replica; 0 while it is skipped, down or behind (docs/decisions/021)",
      registers: [registry],
      collect() {
        this.set(replica.usable() ? 1 : 0);
      },
    });
  }
}
