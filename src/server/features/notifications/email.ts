/**
 * Notification emails (docs/features/notifications.md point 3): plain text and a simple HTML version,
 * each with an unsubscribe link for its category (RFC 8058 one-click in the `List-Unsubscribe` headers
 * as well). The transport is mail.ts.
 */
import escapeHtml from "escape-html";
import { type Message, type MessageParams, msg } from "../../../contract/messages";
import { CATEGORY_IN_SENTENCE, type EmailCategory } from "../../../contract/notifications";
import type { EmailMessage } from "../../mail";

/** Says a `msg()` message in the recipient's language (i18n.ts `translate`, bound). */
export type Say = (message: Message, params?: MessageParams) => string;

/** What a notification email says. */
export interface NotificationEmailInput {
  to: string;
  firstName: string;
  /** The recipient's language, for the email's own words and its `lang`. */
  language: string;
  say: Say;
  /** The notification's text, e.g. `Maria Lopez requested "Lentil dal"`. */
  text: string;
  /** Absolute URL of the page it is about. */
  url: string;
  category: Exclude<EmailCategory, "newsletter">;
  /** The unsubscribe page (a button, for people) and the one-click endpoint (for mail apps). */
  unsubscribePageUrl: string;
  unsubscribeOneClickUrl: string;
  settingsUrl: string;
}

const SUBJECT_MAX = 120;

/**
 * The email of one notification in the recipient's language: its text as subject and body, a link
 * to it, and the footer with the category's unsubscribe link.
 */
export function notificationEmail(input: NotificationEmailInput): EmailMessage {
  const { say } = input;
  const category = say(CATEGORY_IN_SENTENCE[input.category]);
  const subject = input.text.length > SUBJECT_MAX ? `${input.text.slice(0, SUBJECT_MAX - 1)}…` : input.text;
  // A notification's text is a headline (no full stop) in the app and the subject; in the email's
  // body it is a sentence, and ends like one.
  const sentence = /[.!?…。؟]["'”»]?$/u.test(input.text) ? input.text : `${input.text}.`;
  const greeting = input.firstName ? say(msg("Hi {{name}},"), { name: input.firstName }) : say(msg("Hi,"));
  const because = say(
    msg("You get this email because {{category}} emails are on in your MealShare settings."),
    {
      category,
    },
  );
  const stop = say(msg("Stop {{category}} emails"), { category });
  const choose = say(msg("Choose what MealShare sends you"));
  const text = [
    greeting,
    "",
    sentence,
    "",
    `${say(msg("Open it in MealShare:"))} ${input.url}`,
    "",
    "—",
    because,
    `${stop}: ${input.unsubscribePageUrl}`,
    `${choose}: ${input.settingsUrl}`,
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${e(input.language)}"><body style="font-family:system-ui,sans-serif;color:#1c1917;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">
<p>${e(greeting)}</p>
<p style="font-size:17px">${e(sentence)}</p>
<p><a href="${e(input.url)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${e(say(msg("Open in MealShare")))}</a></p>
<hr style="border:none;border-top:1px solid #e7e5e4;margin:24px 0">
<p style="font-size:13px;color:#57534e">${e(because)}
<a href="${e(input.unsubscribePageUrl)}">${e(stop)}</a> ·
<a href="${e(input.settingsUrl)}">${e(choose)}</a></p>
</body></html>`;
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeOneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
