/**
 * The error statuses every route can answer, added to its OpenAPI responses where the route did not
 * name them (docs/DESIGN.md §4 "Errors"), so the document lists every status a client can meet:
 * 414 for a path parameter over the length limit, 403 (the CSRF origin check) and 429 (the write
 * rate limit) on writes, 503 when the database is down or busy, and the scopes' 401 and 403.
 */
import type { FastifyInstance, RouteOptions } from "fastify";
import { errorSchema } from "../contract/common";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Adds `statuses` with the error shape to the responses of routes registered in `app`'s scope after this. */
export function documentStatuses(app: FastifyInstance, statuses: (route: RouteOptions) => number[]): void {
  app.addHook("onRoute", (route) => {
    if (!route.schema || !route.url.startsWith("/api/") || route.url.startsWith("/api/docs")) return;
    route.schema.response ??= {};
    const response = route.schema.response as Record<string, unknown>;
    for (const status of statuses(route)) response[status] ??= errorSchema;
  });
}

/** What any API route may answer: 414 with path parameters, 403 and 429 on writes, 503 always. */
export function documentCommonStatuses(app: FastifyInstance): void {
  documentStatuses(app, (route) => {
    const methods = [route.method].flat();
    return [
      ...(route.url.includes(":") ? [414] : []),
      ...(methods.some((method) => WRITES.has(method)) ? [403, 429] : []),
      503,
    ];
  });
}
