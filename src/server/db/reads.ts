/**
 * Which database a read goes to (docs/decisions/021 "Reads on a replica"): the reads that may be a
 * moment behind — lists, the map, search, a meal's page, profiles, a draw's published page — go to the
 * replica while it is up and within its lag bound; everything else, and every read of a browser that
 * wrote a moment ago, goes to the primary. "A moment ago" is a cookie set with each successful write
 * that lasts the lag bound and two checks more, so a member reads their own write on any instance
 * (the time fence Mastodon and GitLab use), with no state kept on the server.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db, Replica } from "./types";

/** The cookie that sends a browser's reads to the primary for a while after it wrote. */
export const FRESH_WRITE_COOKIE = "db_fresh";

declare module "fastify" {
  interface FastifyInstance {
    /** The read replica, or null without `DATABASE_READ_URL`. */
    replica: Replica | null;
  }
}

/**
 * Decorates the app with `replica` and, with one, marks every successful write's browser with
 * `FRESH_WRITE_COOKIE` for `maxLagSeconds` + 2 s (the bound, and a lag check's age at most twice over).
 */
export function registerReadRouting(
  app: FastifyInstance,
  replica: Replica | undefined,
  maxLagSeconds: number,
): void {
  app.decorate("replica", replica ?? null);
  if (!replica) return;
  const maxAge = Math.ceil(maxLagSeconds) + 2;
  app.addHook("onSend", async (request, reply, payload) => {
    const write = request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS";
    if (write && reply.statusCode < 400) {
      reply.setCookie(FRESH_WRITE_COOKIE, "1", { path: "/", maxAge, httpOnly: true, sameSite: "lax" });
    }
    return payload;
  });
}

/**
 * The database to read from for `request`: the replica when there is one, it is usable, and this
 * browser did not write within the fence; else `primary`.
 */
export function readsFor(request: FastifyRequest, primary: Db): Db {
  const replica = request.server.replica;
  if (!replica?.usable()) return primary;
  if (request.cookies?.[FRESH_WRITE_COOKIE]) return primary;
  return replica.db;
}
