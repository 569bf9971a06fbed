/**
 * The bundled development identity provider (docs/DESIGN.md §3): a real OpenID Provider
 * (`oidc-provider`) mounted at `/oidc` in the same process, used when `OIDC_ISSUER_URL` is unset.
 * Its sign-in page asks for Email, First name and Last name and signs that person in; the same
 * email is the same subject, so the app sees the same user again.
 *
 * Its grants and interaction state live in this process's memory: the dev provider is for one
 * instance. Production deployments point OIDC_ISSUER_URL at a real provider.
 */
import { generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { KoaContextWithOIDC } from "oidc-provider";
import { z } from "zod";
import type { Config } from "../config";
import { signInRateLimit } from "./users";

/** Path prefix the provider is mounted at; the issuer is `${PUBLIC_URL}${DEV_IDP_PREFIX}`. */
export const DEV_IDP_PREFIX = "/oidc";
/** The app's client registration at the dev provider. */
export const DEV_CLIENT_ID = "mealshare-dev";

/** What the app needs to talk to the dev provider as it would to any other. */
export interface DevIdp {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * A first name typed at sign-in: 1–80 characters, no control characters (NUL cannot even be stored:
 * docs/features/operations.md finding 2).
 */
export const personNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[^\p{Cc}]*$/u);
/**
 * A last name typed at sign-in: optional, as a first name alone is how many neighbours go by
 * (docs/features/everyday-journey.md); otherwise as `personNameSchema`.
 */
export const lastNameSchema = z
  .string()
  .trim()
  .max(80)
  .regex(/^[^\p{Cc}]*$/u)
  .default("");
const signInFormSchema = z.object({
  email: z.email().max(320),
  firstName: personNameSchema,
  lastName: lastNameSchema,
});

interface DevAccount {
  email: string;
  firstName: string;
  lastName: string;
}

let processSigningKey: KeyObject | undefined;

/**
 * The provider's ID-token signing key (RSA 2048), made once per process: making one takes a tenth of a
 * second or more of CPU, and a process that builds several apps (the API tests build hundreds) needs
 * no key of its own for each. A deployment's process builds one app, so nothing is shared there.
 */
function signingKey(): KeyObject {
  processSigningKey ??= generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  return processSigningKey;
}

/** The grant of MealShare, the provider's only, first-party client: no consent screen. */
async function firstPartyGrant(ctx: KoaContextWithOIDC) {
  const session = ctx.oidc.session;
  const client = ctx.oidc.client;
  if (!session?.accountId || !client) return undefined;
  const grantId = session.grantIdFor(client.clientId);
  if (grantId) {
    const existing = await ctx.oidc.provider.Grant.find(grantId);
    if (existing) return existing;
  }
  const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope("openid email profile");
  await grant.save();
  return grant;
}

/** The account of subject `sub` as the provider reads it, with its claims; undefined for a stranger. */
function devAccount(accounts: Map<string, DevAccount>, sub: string) {
  const account = accounts.get(sub);
  if (!account) return undefined;
  return {
    accountId: sub,
    claims: () => ({
      sub,
      email: account.email,
      email_verified: true,
      given_name: account.firstName,
      family_name: account.lastName,
      name: `${account.firstName} ${account.lastName}`,
    }),
  };
}

/**
 * The dev provider itself (oidc-provider): MealShare as its one first-party client, no consent screen,
 * the accounts typed into its sign-in page, its state in this process's memory.
 * @param accounts the accounts signed in so far, by subject; the sign-in page adds to it
 */
async function createProvider(
  issuerUrl: string,
  clientSecret: string,
  accounts: Map<string, DevAccount>,
  config: Config,
) {
  const privateKey = signingKey();
  const { Provider, MemoryAdapter } = await loadOidcProvider();
  const provider = new Provider(issuerUrl, {
    // Its state in this process's memory, as said above, on purpose: a subclass of the library's
    // own adapter, which it otherwise warns about at every start.
    adapter: class DevIdpMemoryAdapter extends MemoryAdapter {},
    // Explicit lifetimes (seconds), which it otherwise reports choosing by default.
    ttl: {
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      AccessToken: 60 * 60,
      IdToken: 60 * 60,
    },
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${config.publicUrl}/api/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), use: "sig", alg: "RS256", kid: "dev" }] },
    cookies: { keys: [config.sessionSecret] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "name"],
    },
    // Put the profile claims in the ID token so one token answers who signed in.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PREFIX}/interaction/${interaction.uid}` },
    loadExistingGrant: firstPartyGrant,
    findAccount: (_ctx, sub) => devAccount(accounts, sub),
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = page("Sign-in error", `<p>${escapeHtml(out.error_description ?? out.error)}</p>`);
    },
  });
  provider.proxy = config.trustProxy !== false;
  return provider;
}

/**
 * Mounts the provider and its sign-in page on the Fastify app.
 * @returns the issuer and client credentials for the app's OIDC client
 */
export async function registerDevIdp(app: FastifyInstance, config: Config): Promise<DevIdp> {
  const issuerUrl = `${config.publicUrl}${DEV_IDP_PREFIX}`;
  const clientSecret = randomBytes(24).toString("base64url");
  // Accounts the provider has signed in, by subject (the lower-cased email).
  const accounts = new Map<string, DevAccount>();

  const provider = await createProvider(issuerUrl, clientSecret, accounts, config);

  await app.register(async (scope) => {
    // The provider reads its own request bodies; Fastify must leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    const callback = provider.callback();

    // The bundled provider's own protocol, not MealShare's API: kept out of the API document.
    scope.all(
      `${DEV_IDP_PREFIX}/*`,
      { config: { rawOidc: true }, schema: { hide: true } },
      (request, reply) => {
        reply.hijack();
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = raw.url!.slice(DEV_IDP_PREFIX.length) || "/";
        callback(raw, reply.raw);
      },
    );
  });

  await app.register(async (scope) => {
    scope.get<{ Params: { uid: string } }>(`${DEV_IDP_PREFIX}/interaction/:uid`, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return sendPage(reply, signInPage(details.uid));
    });

    scope.post<{ Params: { uid: string } }>(
      `${DEV_IDP_PREFIX}/interaction/:uid/login`,
      { config: { rateLimit: signInRateLimit(config) } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const form = signInFormSchema.safeParse(request.body);
        if (!form.success) {
          reply.status(400);
          return sendPage(reply, signInPage(details.uid, "Enter a valid email and a first name."));
        }
        const sub = form.data.email.toLowerCase();
        accounts.set(sub, { ...form.data, email: sub });
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: sub } },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });

  return { issuerUrl, clientId: DEV_CLIENT_ID, clientSecret };
}

/**
 * Loads oidc-provider only when the dev sign-in is used (an external provider needs none of it).
 * Its import warns "Unsupported runtime" on Node 20, which this project supports and tests on
 * (package.json engines): that one line, which nobody running MealShare can act on, is dropped.
 */
async function loadOidcProvider() {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes("Unsupported runtime")) warn(...args);
  };
  try {
    const [{ default: Provider }, { default: MemoryAdapter }] = await Promise.all([
      import("oidc-provider"),
      import("oidc-provider/lib/adapters/memory_adapter.js"),
    ]);
    return { Provider, MemoryAdapter };
  } finally {
    console.warn = warn;
  }
}

/** The form-urlencoded body of the sign-in page, parsed for the login route only. */
export function registerFormBodyParser(app: FastifyInstance) {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request: FastifyRequest, body: string, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body)));
    },
  );
}

function sendPage(reply: FastifyReply, html: string) {
  return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(html);
}

function signInPage(uid: string, error?: string) {
  const action = `${DEV_IDP_PREFIX}/interaction/${encodeURIComponent(uid)}/login`;
  return page(
    "Sign in",
    `<p class="hint">MealShare development sign-in. Any email works; the same email is the same account.</p>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
    <form method="post" action="${action}">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" required autofocus>
      <label for="firstName">First name</label>
      <input id="firstName" name="firstName" type="text" autocomplete="given-name" required>
      <label for="lastName">Last name (optional)</label>
      <input id="lastName" name="lastName" type="text" autocomplete="family-name">
      <button type="submit">Sign in</button>
    </form>`,
  );
}

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="${DEV_IDP_PREFIX}-assets/sign-in.css"></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** The sign-in page's stylesheet, served from a file path so the CSP needs no inline styles. */
export const SIGN_IN_CSS = `body{font-family:system-ui,sans-serif;background:#f8faf5;margin:0;display:flex;justify-content:center}
main{max-width:22rem;width:100%;margin:3rem 1rem;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px #0002}
h1{margin-top:0;color:#166534}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #cbd5e1;border-radius:.5rem;font-size:1rem}
input:focus,button:focus{outline:3px solid #16a34a;outline-offset:2px}
button{margin-top:1.25rem;width:100%;padding:.7rem;border:0;border-radius:.5rem;background:#16a34a;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
.hint{color:#475569;font-size:.9rem}.error{color:#b91c1c}.error:empty{display:none}
.code{font-size:2rem;font-weight:700;letter-spacing:.15em;text-align:center;font-variant-numeric:tabular-nums}
button.secondary{background:#fff;color:#166534;border:1px solid #16a34a}.or{text-align:center;color:#475569;margin:1.25rem 0 0}
[hidden]{display:none!important}`;

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
