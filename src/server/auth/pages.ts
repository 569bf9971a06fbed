/**
 * The server-rendered pages of signing in and out (docs/decisions/016): plain HTML forms that work
 * without script, in the request's language (docs/features/languages-currency-impact.md), styled by
 * `/oidc-assets/sign-in.css` so the CSP needs no inline styles. Also where the browser goes after
 * signing in (`safeReturnTo`).
 */
import escapeHtml from "escape-html";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Message, type MessageParams, msg } from "../../contract/messages";
import type { Config } from "../config";
import { translate } from "../i18n";
import { CODE_TTL_MINUTES } from "./email-codes";

/** The words of a page in the request's language, HTML-escaped. */
export interface PageWords {
  language: string;
  say: (message: Message, params?: MessageParams) => string;
}

/** The words of `request`'s language. */
export function sayTo(request: FastifyRequest): PageWords {
  // Page texts have no money in them; the currency is irrelevant here.
  return {
    language: request.lng,
    say: (message, params) => escapeHtml(translate(message, request.lng, "USD", params)),
  };
}

/** Sends a page, never cached (it may carry a person's email). */
export function sendPage(reply: FastifyReply, html: string, status = 200) {
  return reply.status(status).type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(html);
}

/** A page: `title` as heading, `body` (HTML) below, and `script` (a same-origin path) if any. */
export function simplePage({ language, say }: PageWords, title: Message, body: string, script?: string) {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${say(title)} · MealShare</title><link rel="stylesheet" href="/oidc-assets/sign-in.css">${script ? `<script type="module" src="${script}"></script>` : ""}</head>
<body><main><h1>${say(title)}</h1>${body}</main></body></html>`;
}

const alert = (text: string | undefined) => (text ? `<p class="error" role="alert">${text}</p>` : "");
const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/** The script of the sign-in page (a Vite entry, src/client/sign-in.ts): passkeys, where the browser has them. */
export const SIGN_IN_SCRIPT = "/sign-in.js";

/**
 * The emailed sign-in's first page: one field, Email; and "Sign in with a passkey", which its script
 * shows where the browser can.
 */
export function emailPage(words: PageWords, input: { returnTo: string; email?: string; error?: Message }) {
  const { say } = words;
  return simplePage(
    words,
    msg("Sign in"),
    `<p class="hint">${say(msg("Type your email and we will send you a code. New to MealShare? The same code makes your account."))}</p>
${alert(input.error && say(input.error))}
<form method="post" action="/api/login/email">${hidden("returnTo", input.returnTo)}
<label for="email">${say(msg("Email"))}</label>
<input id="email" name="email" type="email" autocomplete="username webauthn" maxlength="320" required autofocus${input.email ? ` value="${escapeHtml(input.email)}"` : ""}${input.error ? ' aria-invalid="true"' : ""}>
<button type="submit">${say(msg("Email me a code"))}</button>
</form>
<div id="passkey" data-return-to="${escapeHtml(input.returnTo)}" hidden>
<p class="or">${say(msg("or"))}</p>
<button type="button" id="passkey-button" class="secondary">${say(msg("Sign in with a passkey"))}</button>
<p id="passkey-error" class="error" role="alert" data-failed="${say(msg("That passkey did not sign you in. Try again, or use your email."))}"></p>
</div>`,
    SIGN_IN_SCRIPT,
  );
}

/** The page that asks for the emailed code, with the address it went to. */
export function codePage(
  words: PageWords,
  input: { email: string; returnTo: string; error?: Message; notice?: Message },
) {
  const { say } = words;
  return simplePage(
    words,
    msg("Check your email"),
    `<p>${say(msg("We sent a code to {{email}}. Type it here, or tap the link in the email, in this browser. It works for {{minutes}} minutes."), { email: input.email, minutes: CODE_TTL_MINUTES })}</p>
${input.notice ? `<p class="hint" role="status">${say(input.notice)}</p>` : ""}${alert(input.error && say(input.error))}
<form method="post" action="/api/login/code">
<label for="code">${say(msg("Code"))}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7" required autofocus aria-describedby="code-hint"${input.error ? ' aria-invalid="true"' : ""}>
<p id="code-hint" class="hint">${say(msg("Six digits, from the email's subject."))}</p>
<button type="submit">${say(msg("Sign in"))}</button>
</form>
<form method="post" action="/api/login/email">${hidden("email", input.email)}${hidden("returnTo", input.returnTo)}
<button type="submit" class="secondary">${say(msg("Send a new code"))}</button></form>
<p class="hint"><a href="/api/login?returnTo=${encodeURIComponent(input.returnTo)}">${say(msg("Use another email"))}</a></p>
<div id="code-wait" data-return-to="${escapeHtml(input.returnTo)}" hidden></div>`,
    SIGN_IN_SCRIPT,
  );
}

/** A new member's last step: their name. */
export function profilePage(words: PageWords, input: { email: string; error?: Message }) {
  const { say } = words;
  return simplePage(
    words,
    msg("Welcome to MealShare"),
    `<p>${say(msg("{{email}} is confirmed. What should your neighbours call you?"), { email: input.email })}</p>
${alert(input.error && say(input.error))}
<form method="post" action="/api/login/profile">
<label for="firstName">${say(msg("First name"))}</label>
<input id="firstName" name="firstName" type="text" autocomplete="given-name" maxlength="80" required autofocus>
<label for="lastName">${say(msg("Last name (optional)"))}</label>
<input id="lastName" name="lastName" type="text" autocomplete="family-name" maxlength="80">
<button type="submit">${say(msg("Join MealShare"))}</button>
</form>`,
  );
}

/** A link or code that cannot be used, and a way to start again. */
export function refusedPage(words: PageWords, reason: Message, returnTo = "/") {
  const { say } = words;
  return simplePage(
    words,
    msg("This sign-in link cannot be used"),
    `<p role="alert">${say(reason)}</p>
<p><a href="/api/login?returnTo=${encodeURIComponent(returnTo)}">${say(msg("Sign in"))}</a></p>`,
  );
}

/**
 * A sign-in link opened on another device or browser than the one that asked (docs/decisions/016
 * "Links"; everyday-journey.md: a phone's mail app is another browser): it signs nobody
 * in here, but shows the code to type where it was asked for, and offers to sign in here instead.
 * @param code the link's code while it can still be used; null for a spent or expired one
 */
export function linkElsewherePage(words: PageWords, input: { code: string | null; returnTo?: string }) {
  const { say } = words;
  const here = `<p><a href="/api/login?returnTo=${encodeURIComponent(input.returnTo ?? "/")}">${say(msg("Sign in on this device instead"))}</a></p>`;
  if (!input.code) return refusedPage(words, LINK_ELSEWHERE_SPENT, input.returnTo);
  return simplePage(
    words,
    msg("Finish signing in where you asked"),
    `<p>${say(msg("This link signs in only the browser where the code was asked for. Type this code there:"))}</p>
<p class="code" data-testid="code-to-type">${input.code.slice(0, 3)} ${input.code.slice(3)}</p>
${here}`,
  );
}

const LINK_ELSEWHERE_SPENT = msg(
  "This link works only in the browser where the code was asked for, and it can no longer be used. To sign in here, ask for a new code.",
);

/** `GET /api/logout`: the button that signs out (a POST, origin-checked). */
export function signOutPage(words: PageWords) {
  const { say } = words;
  return simplePage(
    words,
    msg("Sign out"),
    `<p class="hint">${say(msg("Sign out of MealShare on this device?"))}</p>
<form method="post" action="/api/logout"><button type="submit">${say(msg("Sign out"))}</button></form>
<p class="hint"><a href="/">${say(msg("Stay signed in"))}</a></p>`,
  );
}

/** A suspended member's answer to signing in. */
export function suspendedPage(words: PageWords) {
  const { say } = words;
  return simplePage(
    words,
    msg("Account suspended"),
    `<p>${say(msg("Your account is suspended."))}</p>
<p class="hint">${say(msg("If you think this is a mistake, write to the MealShare team from the Help page."))} <a href="/help">${say(msg("Help"))}</a></p>`,
  );
}

/** The provider's answer could not be used. */
export function signInFailedPage(words: PageWords) {
  const { say } = words;
  return simplePage(
    words,
    msg("Sign-in failed"),
    `<p>${say(msg("We could not sign you in."))} <a href="/api/login">${say(msg("Try again"))}</a>.</p>`,
  );
}

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

export function refererPath(request: FastifyRequest, config: Config): string | undefined {
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.origin === new URL(config.publicUrl).origin ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}
