/**
 * Sign-in (docs/DESIGN.md §3, docs/decisions/016), as `SIGN_IN` says: the configured OIDC provider;
 * the bundled development provider (auth/dev-idp.ts); or MealShare's own emailed codes and passkeys.
 * Then the app's own sign-in, callback and sign-out routes, the account's passkeys and sessions, and
 * leaving (features/accounts/).
 */
import type { FastifyInstance } from "fastify";
import { registerAccountRoutes } from "../auth/account-routes";
import { registerDevIdp, registerFormBodyParser, SIGN_IN_CSS } from "../auth/dev-idp";
import { type OidcSettings, registerAuthRoutes } from "../auth/routes";
import { DEV_ISSUER } from "../auth/users";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { registerAccountDeletionRoutes } from "../features/accounts/routes";
import { createMailer } from "../mail";
import type { ObjectStorage } from "../storage/storage";

export async function registerSignIn(
  app: FastifyInstance,
  { config, db, storage }: { config: Config; db: Db; storage: ObjectStorage },
) {
  let oidcSettings: OidcSettings | undefined;
  if (config.signIn === "oidc" && config.oidc) {
    oidcSettings = { ...config.oidc, forceLoginPrompt: false };
  } else if (config.signIn === "dev") {
    await app.register(async (scope) => {
      registerFormBodyParser(scope);
      const devIdp = await registerDevIdp(scope, config);
      // Its members are stored under a name of their own, not its URL: the same email is the same
      // member whatever address the server runs at (docs/decisions/016).
      oidcSettings = { ...devIdp, forceLoginPrompt: true, memberIssuer: DEV_ISSUER };
    });
  }
  // The sign-in and sign-out pages' stylesheet (a file, so the CSP needs no inline styles).
  app.get("/oidc-assets/sign-in.css", (_request, reply) =>
    reply.type("text/css").header("Cache-Control", "public, max-age=3600").send(SIGN_IN_CSS),
  );
  await app.after();
  // Codes are emailed by a transport of their own: the job queue's mailer starts later, and a code
  // is never put in a queue's table (docs/decisions/016).
  const mailer = createMailer(config, app.log);
  app.addHook("onClose", async () => mailer.close());
  registerAuthRoutes(app, { db, config, oidc: oidcSettings, mailer });
  registerAccountRoutes(app, { db, config, mailer });
  registerAccountDeletionRoutes(app, { db, config, storage, mailer });
}
