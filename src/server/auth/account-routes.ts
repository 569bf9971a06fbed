/**
 * The account's routes (docs/decisions/016): passkeys — added and removed in Settings, used on the
 * sign-in page — the devices signed in, with sign-out of one or of all others, and a new email
 * address (email-change.ts). Passkeys and a changed email belong to MealShare's own
 * sign-in (`SIGN_IN=email`); with a provider, the provider keeps them, and these routes say so.
 */

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { passkeySignInSchema, signedInSchema, webauthnOptionsSchema } from "../../contract/account";
import { errorSchema } from "../../contract/common";
import { msg } from "../../contract/messages";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { forbidden } from "../errors";
import type { Mailer } from "../mail";
import { registerEmailChangeRoutes } from "./email-change";
import { safeReturnTo } from "./pages";
import { registerPasskeyRoutes } from "./passkey-routes";
import { passkeySignInOptions, signInWithPasskey } from "./passkeys";
import { registerSessionRoutes } from "./session-routes";
import { createSession, setSessionCookie } from "./sessions";
import { signInRateLimit } from "./users";

/** Registers the routes; the signed-in ones check the session themselves. */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; mailer: Mailer },
) {
  const { db, config } = deps;
  // Passkeys and sessions are resources of their own.
  registerPasskeyRoutes(app, { db, config });
  registerSessionRoutes(app, { db });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const emailSignIn = config.signIn === "email";

  // Signing in with a passkey (the sign-in page's script).
  if (emailSignIn) {
    r.post(
      "/api/login/passkey/options",
      {
        config: { rateLimit: signInRateLimit(config) },
        schema: {
          tags: ["account"],
          summary: "Begin signing in with a passkey: the options for navigator.credentials.get",
          response: { 200: webauthnOptionsSchema, 400: errorSchema },
        },
      },
      async () => passkeySignInOptions(db, config),
    );
    r.post(
      "/api/login/passkey",
      {
        config: { rateLimit: signInRateLimit(config) },
        schema: {
          tags: ["account"],
          summary: "Finish signing in with a passkey: starts a session and says where to go",
          body: passkeySignInSchema,
          response: { 200: signedInSchema, 400: errorSchema, 403: errorSchema },
        },
      },
      async (request, reply) => {
        const user = await signInWithPasskey(db, config, request.body);
        if (user.suspendedAt) throw forbidden(msg("Your account is suspended."));
        const token = await createSession(db, user.id, request.headers["user-agent"], request.ip);
        setSessionCookie(reply, token, config.publicUrl, user.id);
        return { redirect: safeReturnTo(request.body.returnTo, config.publicUrl) };
      },
    );
  }

  // A new email address: a fresh proof, a code sent to it, and an undo link to the old one.
  registerEmailChangeRoutes(app, deps);
}
