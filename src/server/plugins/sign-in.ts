/**
 * Sign-in (docs/DESIGN.md §3): the configured OIDC provider, or the bundled one when none is
 * configured (auth/dev-idp.ts), and the app's own sign-in, callback and sign-out routes.
 */
import type { FastifyInstance } from "fastify";
import { registerDevIdp, registerFormBodyParser, SIGN_IN_CSS } from "../auth/dev-idp";
import { type OidcSettings, registerAuthRoutes } from "../auth/routes";
import type { Config } from "../config";
import type { Db } from "../db/client";

export async function registerSignIn(app: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  let oidcSettings: OidcSettings;
  if (config.oidc) {
    oidcSettings = { ...config.oidc, forceLoginPrompt: false };
  } else {
    await app.register(async (scope) => {
      registerFormBodyParser(scope);
      const devIdp = await registerDevIdp(scope, config);
      oidcSettings = { ...devIdp, forceLoginPrompt: true };
    });
  }
  // The sign-in and sign-out pages' stylesheet (a file, so the CSP needs no inline styles).
  app.get("/oidc-assets/sign-in.css", (_request, reply) =>
    reply.type("text/css").header("Cache-Control", "public, max-age=3600").send(SIGN_IN_CSS),
  );
  await app.after();
  registerAuthRoutes(app, { db, config, oidc: oidcSettings! });
}
