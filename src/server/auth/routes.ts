/**
 * Sign-in (docs/DESIGN.md §3, docs/decisions/016): with `SIGN_IN=oidc` or `dev`, OpenID Connect,
 * authorization code + PKCE — `/api/login` sends the browser to the identity provider, `/api/callback`
 * turns the answer into a user and a server-side session; with `SIGN_IN=email`, MealShare's own
 * emailed codes (email-sign-in.ts). Either way `/api/logout` ends the session and `/api/auth/user`
 * says who is signed in.
 */

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as oidc from "openid-client";
import { z } from "zod";
import { currentUserSchema } from "../../contract/auth";
import { errorSchema } from "../../contract/common";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Mailer } from "../mail";
import { registerFormBodyParser } from "./dev-idp";
import { registerEmailSignIn } from "./email-sign-in";
import {
  refererPath,
  safeReturnTo,
  sayTo,
  sendPage,
  signInFailedPage,
  signOutPage,
  suspendedPage,
} from "./pages";
import { createSession, deleteSession, SESSION_COOKIE, setSessionCookie } from "./sessions";
import { presentCurrentUser, requireActor, signInRateLimit, upsertOidcUser } from "./users";

/** Where the app's OIDC client finds its provider. */
export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string | undefined;
  /** Ask the provider to show its sign-in form every time (the dev provider, to switch people). */
  forceLoginPrompt: boolean;
  /** The `oidc_issuer` members are stored under, when not the provider's issuer URL. */
  memberIssuer?: string;
}

const TX_COOKIE = "oidc_tx";
const txSchema = z.object({
  verifier: z.string(),
  state: z.string(),
  nonce: z.string(),
  returnTo: z.string(),
});

/**
 * Registers the sign-in routes: the provider's (`deps.oidc`) or the emailed sign-in's, then sign-out
 * and who is signed in.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; oidc: OidcSettings | undefined; mailer: Mailer },
) {
  const { db, config } = deps;
  if (deps.oidc) registerOidcRoutes(app, { ...deps, oidc: deps.oidc });
  else registerEmailSignIn(app, deps);

  // Sign-out is a POST (origin-checked like every write), so another site cannot sign people out
  // with a link or a top-level navigation (docs/features/operations.md finding 5); GET shows the button
  // that does it.
  app.get("/api/logout", { schema: { hide: true } }, async (request, reply) =>
    sendPage(reply, signOutPage(sayTo(request))),
  );
  app.register(async (scope) => {
    registerFormBodyParser(scope);
    scope.post("/api/logout", { schema: { hide: true } }, async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(db, token);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      // The safety notice's acceptance is the signed-in session's (client: safety-notice-dialog.tsx).
      reply.clearCookie("safety_notice", { path: "/" });
      return reply.redirect("/", 303);
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/auth/user",
    {
      schema: {
        tags: ["auth"],
        summary: "The signed-in user (401 when signed out)",
        response: { 200: currentUserSchema, 401: errorSchema },
      },
    },
    async (request) => presentCurrentUser(requireActor(request), config),
  );
}

/** The OpenID Connect routes. Discovery is lazy, so the app starts even while the IdP is down. */
function registerOidcRoutes(app: FastifyInstance, deps: { db: Db; config: Config; oidc: OidcSettings }) {
  const { config } = deps;
  const redirectUri = `${config.publicUrl}/api/callback`;
  const oidcConfig = lazyDiscovery(deps.oidc);

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/login",
    {
      schema: { querystring: z.object({ returnTo: z.string().max(500).optional() }), hide: true },
      // A hostile returnTo falls back to "/" (safeReturnTo) rather than a JSON error page.
      config: { rateLimit: signInRateLimit(config), inputGuard: false },
    },
    async (request, reply) => {
      const configuration = await oidcConfig();
      const verifier = oidc.randomPKCECodeVerifier();
      const tx = {
        verifier,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        returnTo: safeReturnTo(request.query.returnTo ?? refererPath(request, config), config.publicUrl),
      };
      const params = await authorizationParams(tx, redirectUri, deps.oidc.forceLoginPrompt);
      // The sign-in under way, for the callback alone, for ten minutes.
      reply.setCookie(TX_COOKIE, JSON.stringify(tx), {
        path: "/api/callback",
        httpOnly: true,
        sameSite: "lax",
        secure: config.publicUrl.startsWith("https://"),
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(oidc.buildAuthorizationUrl(configuration, params).href);
    },
  );

  registerCallback(app, deps, oidcConfig);
}

/** The IdP's redirect back: the member signed in, created on their first visit (docs/DESIGN.md §3). */
function registerCallback(
  app: FastifyInstance,
  deps: { db: Db; config: Config; oidc: OidcSettings },
  oidcConfig: () => Promise<oidc.Configuration>,
) {
  const { db, config } = deps;
  app.get("/api/callback", { schema: { hide: true } }, async (request, reply) => {
    const unsigned = request.unsignCookie(request.cookies[TX_COOKIE] ?? "");
    const tx = unsigned.valid ? txSchema.safeParse(safeJson(unsigned.value)) : undefined;
    reply.clearCookie(TX_COOKIE, { path: "/api/callback" });
    if (!tx?.success) return reply.redirect("/api/login");

    const configuration = await oidcConfig();
    const claims = await claimsOf(configuration, new URL(request.url, config.publicUrl), tx.data).catch(
      (error: unknown) => {
        request.log.warn({ err: error instanceof Error ? error.message : String(error) }, "sign-in failed");
        return null;
      },
    );
    if (!claims) return sendPage(reply, signInFailedPage(sayTo(request)), 400);

    const issuer = deps.oidc.memberIssuer ?? configuration.serverMetadata().issuer;
    const user = await upsertOidcUser(db, issuer, claims);
    if (!user) return sendPage(reply, signInFailedPage(sayTo(request)), 400);
    if (user.suspendedAt) return sendPage(reply, suspendedPage(sayTo(request)), 403);
    const token = await createSession(db, user.id, request.headers["user-agent"], request.ip);
    setSessionCookie(reply, token, config.publicUrl, user.id);
    // Checked again: the cookie is signed, but an old one may predate the rule.
    return reply.redirect(safeReturnTo(tx.data.returnTo, config.publicUrl));
  });
}

/** The authorization request's parameters: PKCE (S256), state and nonce, and `prompt=login` if asked. */
async function authorizationParams(
  tx: { verifier: string; state: string; nonce: string },
  redirectUri: string,
  forceLoginPrompt: boolean | undefined,
): Promise<Record<string, string>> {
  const params: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(tx.verifier),
    code_challenge_method: "S256",
    state: tx.state,
    nonce: tx.nonce,
  };
  if (forceLoginPrompt) params.prompt = "login";
  return params;
}

/** The IdP's configuration, discovered at the first sign-in and again after a failed discovery. */
function lazyDiscovery(settings: OidcSettings): () => Promise<oidc.Configuration> {
  let discovered: Promise<oidc.Configuration> | undefined;
  return () => {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuerUrl),
        settings.clientId,
        settings.clientSecret,
        undefined,
        settings.issuerUrl.startsWith("http://") ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error) => {
        discovered = undefined; // try again on the next sign-in
        throw error;
      });
    return discovered;
  };
}

/**
 * The member's claims from the callback `url`: the code exchanged (PKCE, state and nonce checked),
 * with the UserInfo endpoint's answer when the ID token carries no email.
 * @throws the library's error for a refused or forged callback
 */
async function claimsOf(
  configuration: oidc.Configuration,
  url: URL,
  tx: { verifier: string; state: string; nonce: string },
): Promise<Record<string, unknown>> {
  const tokens = await oidc.authorizationCodeGrant(configuration, url, {
    pkceCodeVerifier: tx.verifier,
    expectedState: tx.state,
    expectedNonce: tx.nonce,
    idTokenExpected: true,
  });
  const claims = { ...tokens.claims() };
  if (claims.email) return claims;
  return { ...claims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, String(claims.sub))) };
}

function safeJson(text: string | null): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return undefined;
  }
}
