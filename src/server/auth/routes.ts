/**
 * Sign-in with OpenID Connect, authorization code + PKCE (docs/DESIGN.md §1, §3): `/api/login` sends
 * the browser to the identity provider, `/api/callback` turns the answer into a user and a
 * server-side session, `/api/logout` ends it, `/api/auth/user` says who is signed in.
 */

import escapeHtml from "escape-html";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as oidc from "openid-client";
import { z } from "zod";
import { currentUserSchema } from "../../contract/auth";
import { errorSchema } from "../../contract/common";
import { type Message, msg } from "../../contract/messages";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { translate } from "../i18n";
import { registerFormBodyParser } from "./dev-idp";
import { createSession, deleteSession, SESSION_COOKIE, SESSION_TTL_SECONDS } from "./sessions";
import { presentCurrentUser, requireUser, signInRateLimit, upsertOidcUser } from "./users";

/** Where the app's OIDC client finds its provider. */
export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string | undefined;
  /** Ask the provider to show its sign-in form every time (the dev provider, to switch people). */
  forceLoginPrompt: boolean;
}

const TX_COOKIE = "oidc_tx";
const txSchema = z.object({
  verifier: z.string(),
  state: z.string(),
  nonce: z.string(),
  returnTo: z.string(),
});

/** Registers the sign-in routes. Discovery is lazy, so the app starts even while the IdP is down. */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; oidc: OidcSettings },
) {
  const { db, config } = deps;
  const secure = config.publicUrl.startsWith("https://");
  const redirectUri = `${config.publicUrl}/api/callback`;
  let discovered: Promise<oidc.Configuration> | undefined;

  const oidcConfig = () => {
    discovered ??= oidc
      .discovery(
        new URL(deps.oidc.issuerUrl),
        deps.oidc.clientId,
        deps.oidc.clientSecret,
        undefined,
        deps.oidc.issuerUrl.startsWith("http://") ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error) => {
        discovered = undefined; // try again on the next sign-in
        throw error;
      });
    return discovered;
  };

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
      const params: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state: tx.state,
        nonce: tx.nonce,
      };
      if (deps.oidc.forceLoginPrompt) params.prompt = "login";
      reply.setCookie(TX_COOKIE, JSON.stringify(tx), {
        path: "/api/callback",
        httpOnly: true,
        sameSite: "lax",
        secure,
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(oidc.buildAuthorizationUrl(configuration, params).href);
    },
  );

  r.get("/api/callback", { schema: { hide: true } }, async (request, reply) => {
    const unsigned = request.unsignCookie(request.cookies[TX_COOKIE] ?? "");
    const tx = unsigned.valid ? txSchema.safeParse(safeJson(unsigned.value)) : undefined;
    reply.clearCookie(TX_COOKIE, { path: "/api/callback" });
    if (!tx?.success) return reply.redirect("/api/login");

    const configuration = await oidcConfig();
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(
        configuration,
        new URL(request.url, config.publicUrl),
        {
          pkceCodeVerifier: tx.data.verifier,
          expectedState: tx.data.state,
          expectedNonce: tx.data.nonce,
          idTokenExpected: true,
        },
      );
      claims = { ...tokens.claims() };
      if (!claims.email) {
        claims = {
          ...claims,
          ...(await oidc.fetchUserInfo(configuration, tokens.access_token, String(claims.sub))),
        };
      }
    } catch (error) {
      request.log.warn({ err: error instanceof Error ? error.message : String(error) }, "sign-in failed");
      return reply
        .status(400)
        .type("text/html; charset=utf-8")
        .send(signInFailedPage(sayTo(request)));
    }

    const user = await upsertOidcUser(db, configuration.serverMetadata().issuer, claims);
    if (!user)
      return reply
        .status(400)
        .type("text/html; charset=utf-8")
        .send(signInFailedPage(sayTo(request)));
    if (user.suspendedAt) {
      return reply
        .status(403)
        .type("text/html; charset=utf-8")
        .send(suspendedPage(sayTo(request)));
    }
    const token = await createSession(db, user.id);
    reply.setCookie(SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure,
      maxAge: SESSION_TTL_SECONDS,
    });
    // Checked again: the cookie is signed, but an old one may predate the rule.
    return reply.redirect(safeReturnTo(tx.data.returnTo, config.publicUrl));
  });

  // Sign-out is a POST (origin-checked like every write), so another site cannot sign people out
  // with a link or a top-level navigation (docs/features/operations.md finding 5); GET shows the button
  // that does it.
  r.get("/api/logout", { schema: { hide: true } }, async (request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(signOutPage(sayTo(request))),
  );
  app.register(async (scope) => {
    registerFormBodyParser(scope);
    scope.post("/api/logout", { schema: { hide: true } }, async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(db, token);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return reply.redirect("/", 303);
    });
  });

  r.get(
    "/api/auth/user",
    {
      schema: {
        tags: ["auth"],
        summary: "The signed-in user (401 when signed out)",
        response: { 200: currentUserSchema, 401: errorSchema },
      },
    },
    async (request) => presentCurrentUser(requireUser(request), config),
  );
}

/** Only same-site paths: an absolute URL here would make /api/login an open redirect. */
/**
 * Where to send the browser after sign-in: only a path of this app, as URL parsers read it (they
 * drop tabs and newlines, and read `\\` as `/`, so "/\t/evil.example" is another site:
 * docs/features/operations.md finding 3). Anything else, and any control character, falls back to "/".
 * @returns the normalised path, query and fragment, safe for a Location header
 */
export function safeReturnTo(value: string | undefined, publicUrl: string): string {
  if (!value?.startsWith("/") || /[\p{Cc}\\]/u.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, publicUrl);
  } catch {
    return "/";
  }
  if (url.origin !== new URL(publicUrl).origin || url.pathname.startsWith("//")) return "/";
  if (url.pathname.startsWith("/api/")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

function refererPath(request: FastifyRequest, config: Config): string | undefined {
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.origin === new URL(config.publicUrl).origin ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

function safeJson(text: string | null): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return undefined;
  }
}

/**
 * The words of a server-rendered page in the request's language
 * (docs/features/languages-currency-impact.md), HTML-escaped.
 */
interface PageWords {
  language: string;
  say: (message: Message) => string;
}

function sayTo(request: FastifyRequest): PageWords {
  // Page texts have no money in them; the currency is irrelevant here.
  return { language: request.lng, say: (message) => escapeHtml(translate(message, request.lng, "USD")) };
}

function signOutPage({ language, say }: PageWords) {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${say(msg("Sign out"))}</title><link rel="stylesheet" href="/oidc-assets/sign-in.css"></head>
<body><main><h1>${say(msg("Sign out"))}</h1><p class="hint">${say(msg("Sign out of MealShare on this device?"))}</p>
<form method="post" action="/api/logout"><button type="submit">${say(msg("Sign out"))}</button></form>
<p class="hint"><a href="/">${say(msg("Stay signed in"))}</a></p></main></body></html>`;
}

function suspendedPage({ language, say }: PageWords) {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${say(msg("Account suspended"))}</title><link rel="stylesheet" href="/oidc-assets/sign-in.css"></head>
<body><main><h1>${say(msg("Account suspended"))}</h1><p>${say(msg("Your account is suspended."))}</p>
<p class="hint">${say(msg("If you think this is a mistake, write to the MealShare team from the Help page."))} <a href="/help">${say(msg("Help"))}</a></p></main></body></html>`;
}

function signInFailedPage({ language, say }: PageWords) {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${say(msg("Sign-in failed"))}</title></head>
<body><main><h1>${say(msg("Sign-in failed"))}</h1><p>${say(msg("We could not sign you in."))} <a href="/api/login">${say(msg("Try again"))}</a>.</p></main></body></html>`;
}
