/**
 * Notification emails (docs/features/notifications.md point 3) with nodemailer over SMTP (`SMTP_URL`,
 * `MAIL_FROM`): plain text and a simple HTML version, each with an unsubscribe link for its category
 * (RFC 8058 one-click in the `List-Unsubscribe` headers as well). Without `SMTP_URL`, development writes
 * each email to the log and production skips them; the start-up line says which.
 */
import escapeHtml from "escape-html";
import nodemailer, { type Transporter } from "nodemailer";
import { type Message, type MessageParams, msg } from "../../../contract/messages";
import { CATEGORY_IN_SENTENCE, type EmailCategory } from "../../../contract/notifications";
import type { Config } from "../../config";

/** One email to send. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Sends emails, or logs them, or drops them, as the configuration says. */
export interface Mailer {
  mode: "smtp" | "log" | "off";
  /** @throws the transport's error when the SMTP server refuses or cannot be reached */
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

interface Log {
  info(object: object, message: string): void;
}

/** Unsubscribe tokens in a logged email are cut short: a log must not unsubscribe anyone. */
const redactTokens = (text: string) =>
  text.replace(/token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, "token=[redacted]");

/** How the configuration sends email: SMTP when `SMTP_URL` is set; else the log, or not in production. */
export function mailerMode(config: Pick<Config, "email" | "env">): Mailer["mode"] {
  if (config.email.smtpUrl) return "smtp";
  return config.env === "production" ? "off" : "log";
}

/** The mailer of the configuration (see `mailerMode`). */
export function createMailer(config: Pick<Config, "email" | "env">, log: Log): Mailer {
  const { smtpUrl, from } = config.email;
  const mode = mailerMode(config);
  if (mode === "smtp" && smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      mode: "smtp",
      send: async (message) => {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  if (mode === "off") return { mode, send: async () => {}, close: () => {} };
  return {
    mode: "log",
    send: async ({ to, subject, text }) => {
      log.info({ to, subject, text: redactTokens(text) }, "email not sent (SMTP_URL is not set)");
    },
    close: () => {},
  };
}

/** The start-up line about email, or undefined when SMTP is configured. */
export function mailerStartupLine(config: Pick<Config, "email" | "env">): string | undefined {
  const mode = mailerMode(config);
  if (mode === "log") return "Email: SMTP_URL is not set, so notification emails are written to this log.";
  if (mode === "off") return "Email: SMTP_URL is not set, so notification emails are not sent.";
  return undefined;
}

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
    input.text,
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
<p style="font-size:17px">${e(input.text)}</p>
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
