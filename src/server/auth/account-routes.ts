/**
 * The account's routes (docs/decisions/016): passkeys — added and removed in Settings, used on the
 * sign-in page — the devices signed in, with sign-out of one or of all others, and a new email
 * address confirmed by a code sent to it. Passkeys and a changed email belong to MealShare's own
 * sign-in (`SIGN_IN=email`); with a provider, the provider keeps them, and these routes say so.
 */

import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  changeEmailSchema,
  confirmEmailSchema,
  passkeySignInSchema,
  signedInSchema,
  webauthnOptionsSchema,
} from "../../contract/account";
import { type CurrentUser, currentUserSchema } from "../../contract/auth";
import { errorSchema } from "../../contract/common";
import { msg } from "../../contract/messages";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { AppError, conflict, forbidden, sqlState, validation } from "../errors";
import type { Mailer } from "../mail";
import type { Actor } from "./actor";
import { sendCodeEmail } from "./code-email";
import { checkCode, codeSentTooOften, issueCode, latestUnusedCode, spendCode } from "./email-codes";
import { REFUSALS } from "./email-sign-in";
import { safeReturnTo } from "./pages";
import { onlyEmailSignIn, registerPasskeyRoutes } from "./passkey-routes";
import { passkeySignInOptions, signInWithPasskey } from "./passkeys";
import { ownSession, registerSessionRoutes } from "./session-routes";
import { createSession, setSessionCookie } from "./sessions";
import { EMAIL_ISSUER, presentCurrentUser, signInRateLimit } from "./users";

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Confirms a new email with the code sent to it, on the session that asked for it (docs/decisions/016).
 * @returns the member as they see themselves now
 * @throws AppError 400 a missing, wrong or spent code; 429 too many wrong tries; 409 `email_taken`
 */
async function confirmEmailChange(
  db: Db,
  config: Config,
  { user, sessionId }: { user: Actor; sessionId: string },
  code: string,
): Promise<CurrentUser> {
  const latest = await latestUnusedCode(db, user.id, "email_change");
  if (!latest) throw validation(REFUSALS.unknown);
  const pending = { id: latest.id, binding: sessionId, purpose: "email_change" as const };
  const checked = await checkCode(db, config.sessionSecret, { ...pending, code: code });
  if ("refused" in checked) {
    if (checked.refused === "too_many") {
      throw new AppError(429, "too_many_codes", REFUSALS.too_many);
    }
    throw validation(REFUSALS[checked.refused]);
  }
  const spent = await spendCode(db, pending);
  if (!spent || spent.userId !== user.id) throw validation(REFUSALS.used);
  try {
    const [changed] = await db
      .update(users)
      .set({
        email: spent.email,
        emailVerified: true,
        ...(user.oidcIssuer === EMAIL_ISSUER ? { oidcSubject: spent.email } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    return presentCurrentUser(changed, config);
  } catch (error) {
    if (sqlState(error) === "23505") {
      throw conflict(msg("That email address belongs to another account."), "email_taken");
    }
    throw error;
  }
}

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
        const token = await createSession(db, user.id, request.headers["user-agent"]);
        setSessionCookie(reply, token, config.publicUrl);
        return { redirect: safeReturnTo(request.body.returnTo, config.publicUrl) };
      },
    );
  }

  // A new email address, confirmed by a code sent to it.
  r.post(
    "/api/auth/email",
    {
      schema: {
        tags: ["account"],
        summary: "Change your email: sends a code to the new address",
        body: changeEmailSchema,
        response: { 202: z.object({ sentTo: z.string() }), 429: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = ownSession(request);
      if (!emailSignIn) throw onlyEmailSignIn();
      const { email } = request.body;
      if (email === user.email) throw validation(msg("That is your email already."));
      const issued = await issueCode(db, config.sessionSecret, {
        purpose: "email_change",
        email,
        binding: sessionId,
        userId: user.id,
      });
      if ("limited" in issued) {
        throw codeSentTooOften();
      }
      sendCodeEmail(
        { db, mailer: deps.mailer, publicUrl: config.publicUrl, log: request.log },
        { to: email, purpose: "email_change", issued, language: request.lng },
      );
      reply.status(202);
      return { sentTo: email };
    },
  );
  r.post(
    "/api/auth/email/confirm",
    {
      schema: {
        tags: ["account"],
        summary: "Confirm a new email with the code sent to it",
        body: confirmEmailSchema,
        response: { 200: currentUserSchema, 429: errorSchema, ...errors },
      },
    },
    async (request) => {
      const own = ownSession(request);
      if (!emailSignIn) throw onlyEmailSignIn();
      return confirmEmailChange(db, config, own, request.body.code);
    },
  );
}
