/**
 * The mailing list's double opt-in (docs/DESIGN.md §4 "Mailing list"): the link emailed to an address
 * typed into the landing page's form, and the page it opens. The link is signed with a key derived
 * from the server's secret (as unsubscribe links are, notifications/unsubscribe.ts), so nothing of it
 * is stored and it cannot be made up for another address; it names only the waiting sign-up, and
 * works while that sign-up waits (the sweep forgets it after `UNCONFIRMED_DAYS`). The page asks for a
 * button press, so a mail scanner that opens links confirms nothing.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import escapeHtml from "escape-html";
import { z } from "zod";
import type { Language } from "../../../contract/i18n";
import { msg } from "../../../contract/messages";
import type { Executor } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import { translate } from "../../i18n";
import type { Mailer } from "../../mail";

const signingKey = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, "", "mealshare newsletter confirmation v1", 32));
const signature = (secret: string, payload: string) =>
  createHmac("sha256", signingKey(secret)).update(`newsletter:${payload}`).digest();

/** The token of a waiting sign-up's confirmation link: `base64url(id).base64url(HMAC-SHA256)`. */
export function confirmationToken(secret: string, subscriberId: string): string {
  const payload = Buffer.from(subscriberId).toString("base64url");
  return `${payload}.${signature(secret, payload).toString("base64url")}`;
}

/** The sign-up a token names, or null when it is not one of ours. */
export function readConfirmationToken(secret: string, token: string): string | null {
  const [payload, mac] = token.split(".");
  if (!payload || !mac) return null;
  const given = Buffer.from(mac, "base64url");
  const expected = signature(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const id = Buffer.from(payload, "base64url").toString("utf8");
  return z.uuid().safeParse(id).success ? id : null;
}

/** The confirmation page's path; the token goes in its query. */
export const CONFIRM_PATH = "/api/newsletter/confirm";

const jobSchema = z.object({ subscriberId: z.uuid() });

/** What sending a confirmation needs: the database, the mailer, where links point, and the words. */
export interface ConfirmationContext {
  db: Executor;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the confirmation link (`confirmationToken`). */
  secret: string;
  currency: string;
  defaultLanguage: Language;
}

/**
 * The `newsletter-confirmation` job: emails a waiting sign-up its confirmation link, in the deployment's
 * language; nothing when the sign-up was confirmed or forgotten meanwhile.
 * @throws the mailer's error, so the job is retried
 */
export async function sendConfirmation(context: ConfirmationContext, data: unknown): Promise<void> {
  const job = jobSchema.safeParse(data);
  if (!job.success || context.mailer.mode === "off") return;
  const [row] = await context.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, job.data.subscriberId))
    .limit(1);
  if (!row || row.confirmedAt) return;
  const language = context.defaultLanguage;
  const say = (message: ReturnType<typeof msg>) => translate(message, language, context.currency);
  const url = `${context.publicUrl}${CONFIRM_PATH}?token=${confirmationToken(context.secret, row.id)}`;
  const intro = say(msg("Someone, hopefully you, asked for MealShare's neighbourhood news at this address."));
  const action = say(msg("Confirm your subscription"));
  const ignore = say(msg("Not you? Ignore this email: nothing will be sent to this address."));
  const e = escapeHtml;
  await context.mailer.send({
    to: row.email,
    subject: say(msg("Confirm your MealShare newsletter subscription")),
    text: [intro, "", `${action}: ${url}`, "", ignore].join("\n"),
    html: `<!doctype html>
<html lang="${e(language)}"><body style="font-family:system-ui,sans-serif;color:#1c1917;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">
<p>${e(intro)}</p>
<p><a href="${e(url)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${e(action)}</a></p>
<p style="font-size:13px;color:#57534e">${e(ignore)}</p>
</body></html>`,
    headers: {},
  });
}

/**
 * The page a confirmation link opens: a button that confirms, or what pressing it did.
 * @param state `ask` before the press, `done` after it, `unknown` for a link that names no sign-up
 */
export function confirmationPage(
  language: Language,
  state: "ask" | "done" | "unknown",
  token: string,
): string {
  const say = (message: ReturnType<typeof msg>) => escapeHtml(translate(message, language, "USD"));
  const title = say(msg("MealShare newsletter"));
  const body =
    state === "ask"
      ? `<p>${say(msg("Confirm that you want MealShare's neighbourhood news at this address."))}</p>
<form method="post" action="${CONFIRM_PATH}?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">${say(msg("Confirm your subscription"))}</button></form>`
      : state === "done"
        ? `<p role="status">${say(msg("You are subscribed. You can stop it at any time from the link in each newsletter or your profile."))}</p>`
        : `<p>${say(msg("This link is not valid any more. Subscribe again from the MealShare home page."))}</p>`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="stylesheet" href="/oidc-assets/sign-in.css"></head>
<body><main><h1>${title}</h1>${body}<p class="hint"><a href="/">MealShare</a></p></main></body></html>`;
}
