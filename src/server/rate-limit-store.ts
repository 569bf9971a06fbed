/**
 * A store for @fastify/rate-limit in PostgreSQL, so every instance on one database counts a
 * client's requests together (docs/DESIGN.md §5; docs/features/operations.md finding 7). One atomic
 * upsert per counted request: it starts a new window when the old one has ended, otherwise adds one.
 * PGlite is one process, so it keeps the plugin's in-memory store.
 */
import { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, normalizeIP } from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "./db/client";
import { queryRows } from "./db/client";
import { rateLimits } from "./db/schema";

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin really passes to `child`: the route's merged limit params with its route. */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The store class the plugin instantiates (`store` option): one for the global limit, and a
 * `child` per route with its own limit, counted under the route's own keys.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _params: unknown,
      private readonly namespace = "global",
    ) {}

    /** Counts one request of `key`; answers the count in the window and the ms left of it. */
    incr(key: string, callback: Callback, timeWindowMs: number) {
      countRequest(db, `${this.namespace}:${key}`, timeWindowMs).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(params: Parameters<FastifyRateLimitStore["child"]>[0]) {
      const { method = "", url = "" } = (params as RouteParams).routeInfo ?? {};
      return new PostgresRateLimitStore(params, `${[method].flat().join(",")} ${url}`);
    }
  };
}

async function countRequest(db: Db, key: string, timeWindowMs: number) {
  const window = sql`make_interval(secs => ${timeWindowMs / 1000})`;
  const [row] = await queryRows<{ hits: number; ttl: number }>(
    db,
    sql`
      insert into ${rateLimits} as r (key, hits, reset_at) values (${key}, 1, now() + ${window})
      on conflict (key) do update set
        hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
        reset_at = case when r.reset_at <= now() then now() + ${window} else r.reset_at end
      returning r.hits as "hits", ceil(extract(epoch from r.reset_at - now()) * 1000)::int as "ttl"`,
  );
  return { current: row.hits, ttl: Math.max(0, row.ttl) };
}

/**
 * Whom a request counts against: its client's address (an IPv6 one by its /64, as the plugin's
 * own key does). A client that has already gone has no address any more; the plugin's key threw
 * a TypeError then (docs/features/operations.md finding 6), this one counts it under a fixed key.
 */
export function rateLimitKey(request: Pick<FastifyRequest, "ip">): string {
  return request.ip ? normalizeIP(request.ip) : "client-gone";
}

/** Deletes counters whose window has ended; run now and then on every instance. */
export async function sweepRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}
