/**
 * The one way MealShare sends email, whoever sends it (sign-in codes, notifications, alerts' digests,
 * the newsletter's confirmation, data exports): nodemailer over SMTP (`SMTP_URL`, `MAIL_FROM`). Without
 * `SMTP_URL`, development writes each email to the log and production skips them; the start-up line
 * says which (docs/DESIGN.md §6a).
 */
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "./config";

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

/**
 * Whether a send failed for good: the receiving side answered with a permanent (5xx) SMTP reply
 * (RFC 5321 §4.2.1), as a full mailbox or an unknown user does — not a connection that failed or a
 * 4xx "try later", which the job queue retries.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * The mailer of the configuration (see `mailerMode`). With SMTP, every message is signed with DKIM
 * when configured and carries the bounce address as its envelope sender (Return-Path), so bounces and
 * complaints reach it and not the From (docs/features/notifications.md "Mail that reaches the inbox").
 */
export function createMailer(config: Pick<Config, "email" | "env">, log: Log): Mailer {
  const { smtpUrl, from, bounceAddress, dkim } = config.email;
  const mode = mailerMode(config);
  if (mode === "smtp" && smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl, dkim ? { dkim } : {});
    return {
      mode: "smtp",
      send: async (message) => {
        await transport.sendMail({
          from,
          ...message,
          ...(bounceAddress ? { envelope: { from: bounceAddress, to: message.to } } : {}),
        });
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
