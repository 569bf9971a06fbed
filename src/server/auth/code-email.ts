/**
 * The email that carries a one-time code (docs/decisions/016), in the language of the member it is for
 * (their saved one) or else of the browser that asked: the code in the subject and the text, and the
 * same as a link. It is sent after the page has answered, so the answer's time says nothing about
 * whether the address has an account; a failed send is logged, and the person asks again.
 */
import escapeHtml from "escape-html";
import type { FastifyBaseLogger } from "fastify";
import { type Language, supportedLanguage } from "../../contract/i18n";
import { type Message, type MessageParams, msg } from "../../contract/messages";
import type { Db } from "../db/client";
import { translate } from "../i18n";
import type { Mailer } from "../mail";
import { CODE_TTL_MINUTES, type CodePurpose, type IssuedCode } from "./email-codes";
import { EMAIL_ISSUER } from "./users";

/** Where a code's link goes. */
export const LINK_PATH = "/api/login/link";

/**
 * Sends the code's email in the background.
 * @param language the asking browser's language, used when the address has no member who chose one
 */
export function sendCodeEmail(
  deps: { db: Db; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
  input: { to: string; purpose: CodePurpose; issued: IssuedCode; language: Language },
): void {
  void (async () => {
    const saved = await deps.db.query.users.findFirst({
      columns: { locale: true },
      where: (users, { and, eq }) => and(eq(users.oidcIssuer, EMAIL_ISSUER), eq(users.oidcSubject, input.to)),
    });
    const language = supportedLanguage(saved?.locale) ?? input.language;
    await deps.mailer.send(codeEmail({ ...input, language, publicUrl: deps.publicUrl }));
  })().catch((error: Error) => deps.log.error({ err: error }, "sign-in code email failed"));
}

/** Each kind of code's subject line. */
const SUBJECTS: Record<CodePurpose, Message> = {
  sign_in: msg("{{code}} is your MealShare sign-in code"),
  delete_account: msg("{{code}} confirms deleting your MealShare account"),
  email_change: msg("{{code}} confirms your new MealShare email address"),
  proof: msg("{{code}} confirms it is you, to change your MealShare email"),
};

/** What a code typed in Settings is for. */
const SETTINGS_LINES: Record<Exclude<CodePurpose, "sign_in">, Message> = {
  delete_account: msg("Type this code in MealShare's Settings to delete your account:"),
  email_change: msg("Type this code in MealShare's Settings to confirm this address:"),
  proof: msg(
    "Type this code in MealShare's Settings to confirm it is you. If you are not changing your email, someone may be using your account: sign out everywhere else in Settings.",
  ),
};

/** The email itself (exported for its test). */
export function codeEmail(input: {
  to: string;
  purpose: CodePurpose;
  issued: IssuedCode;
  language: Language;
  publicUrl: string;
}) {
  const say = (message: Message, params?: MessageParams) => translate(message, input.language, "USD", params);
  const { code } = input.issued;
  const signIn = input.purpose === "sign_in";
  const subject = say(SUBJECTS[input.purpose], { code });
  const lines = signIn
    ? [
        say(msg("Your code to sign in to MealShare:")),
        "",
        code,
        "",
        say(msg("Or open this link in the browser where you asked for the code:")),
        `${input.publicUrl}${LINK_PATH}?token=${input.issued.linkToken}`,
      ]
    : [say(SETTINGS_LINES[input.purpose as Exclude<CodePurpose, "sign_in">]), "", code];
  const footer = [
    say(msg("It works once, for {{minutes}} minutes, and only in the browser that asked for it."), {
      minutes: CODE_TTL_MINUTES,
    }),
    say(msg("Did not ask for it? Ignore this email: nobody can use this address without the code.")),
  ];
  const e = escapeHtml;
  const link = signIn ? `${input.publicUrl}${LINK_PATH}?token=${input.issued.linkToken}` : undefined;
  return {
    to: input.to,
    subject,
    text: [...lines, "", ...footer].join("\n"),
    html: `<!doctype html>
<html lang="${e(input.language)}"><body style="font-family:system-ui,sans-serif;color:#1c1917;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">
<p>${e(lines[0])}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:4px">${e(code)}</p>
${link ? `<p><a href="${e(link)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${e(say(msg("Sign in to MealShare")))}</a></p>` : ""}
<p style="font-size:13px;color:#57534e">${footer.map(e).join("<br>")}</p>
</body></html>`,
    headers: {},
  };
}
