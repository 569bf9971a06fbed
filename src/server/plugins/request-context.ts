/**
 * The app's own request hooks, in order: who is signed in (the session cookie, through the instance's
 * session cache), the language of the answer, and the CSRF origin check on writes (docs/DESIGN.md §5).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { msg } from "../../contract/messages";
import type { SessionCache } from "../auth/session-cache";
import { registerSessionUser } from "../auth/users";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { forbidden } from "../errors";
import { TOKEN_AUTHORISED_WRITES } from "../features/notifications/routes";
import { requestLanguage } from "../i18n";
import type { LiveHub } from "../live/hub";
import { registerCursorSealing } from "../pagination";
import { SAFE_METHODS } from "./external";

export function registerRequestContext(
  app: FastifyInstance,
  { config, db, sessionCache }: { config: Config; db: Db; sessionCache: SessionCache },
) {
  registerSessionUser(app, db, sessionCache, config);
  // Distance cursors are sealed for their session (pagination.ts).
  registerCursorSealing(app, config.sessionSecret);
  // The language of this request's answers (docs/decisions/008): the app's language cookie, else
  // the best of Accept-Language, else the member's saved language, else the deployment's default.
  app.decorateRequest("lng", config.defaultLanguage);
  app.addHook("onRequest", async (request) => {
    request.lng = requestLanguage(
      { headers: request.headers, cookies: request.cookies },
      request.user?.locale,
      config.defaultLanguage,
    );
  });
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    // A mail app's one-click unsubscribe comes from nowhere; its token, not a cookie, authorises it.
    if (TOKEN_AUTHORISED_WRITES.includes(request.routeOptions.url ?? "")) return;
    if (!isSameOrigin(request, config)) throw forbidden(msg("Cross-origin request refused."));
  });
}

/**
 * Read-your-writes for the session cache (docs/decisions/011): the answer to a write goes out only
 * once this instance has heard every change it committed (`hub.flush`), so whoever is told "done"
 * — the member, or an admin who changed them — finds the change in their next request here. Other
 * instances hear of it within milliseconds. Failed writes changed nothing and wait for nothing.
 */
export function registerWriteFlush(app: FastifyInstance, hub: Pick<LiveHub, "flush">) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/") || reply.statusCode >= 400) {
      return payload;
    }
    await hub.flush();
    return payload;
  });
}

/** docs/DESIGN.md §5 CSRF: a write must come from our own pages. */
function isSameOrigin(request: FastifyRequest, config: Config): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite) return fetchSite === "same-origin";
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    const url = new URL(origin);
    return url.origin === new URL(config.publicUrl).origin || url.host === request.headers.host;
  } catch {
    return false;
  }
}
