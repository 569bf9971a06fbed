/**
 * A real SMTP server in the test process (`smtp-server`), keeping every email it receives parsed
 * by `mailparser`, so tests assert what nodemailer really sent over SMTP (docs/features/notifications.md
 * point 3).
 */
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { eventually } from "./eventually";

/** One received email: envelope recipient, subject, text, html and headers. */
export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Raw header values by lower-case name, as sent (e.g. `list-unsubscribe`). */
  headers: Record<string, string>;
  /** When the catcher received it. */
  receivedAt: Date;
  /** The envelope sender (SMTP MAIL FROM): where bounces go. */
  envelopeFrom: string;
}

/** The running catcher. */
export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, for `SMTP_URL`. */
  url: string;
  mails: CaughtMail[];
  /** Resolves when `count` emails match `predicate` (polling the list, not sleeping blindly). */
  waitFor(
    predicate: (mail: CaughtMail) => boolean,
    count?: number,
    timeoutMs?: number,
  ): Promise<CaughtMail[]>;
  close(): Promise<void>;
}

/**
 * Starts the catcher on a free loopback port.
 * @param options.refuse recipients it refuses for good, as a mail server refuses an unknown user
 *   (`550 5.1.1` to RCPT TO)
 */
export async function startMailCatcher(
  options: { refuse?: (address: string) => boolean } = {},
): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!options.refuse?.(address.address)) return callback();
      const refusal = Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 });
      callback(refusal);
    },
    onData(stream, session, callback) {
      const receivedAt = new Date();
      simpleParser(stream)
        .then((parsed) => {
          for (const recipient of session.envelope.rcptTo) {
            mails.push({
              to: recipient.address,
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              headers: Object.fromEntries(
                parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(":") + 1).trim()]),
              ),
              receivedAt,
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            });
          }
          callback();
        })
        .catch(callback);
    },
  });
  // smtp-server keeps a reset outside a mail transaction quiet but re-emits one inside it on the
  // server, and an 'error' with no listener is thrown: the restart tests SIGKILL the app, which may be
  // sending an email at that moment, as a real mail server would see. Anything else still fails.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "ECONNRESET" || error.code === "EPIPE") return;
    throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (predicate, count = 1, timeoutMs = 15_000) =>
      eventually(() => mails.filter(predicate), {
        until: (found) => found.length >= count,
        failure: (found) =>
          `expected ${count} matching emails, got ${found.length}; received: ${mails.map((m) => `${m.to}: ${m.subject}`).join(" | ")}`,
        timeoutMs,
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An app's email settings that send to `mail` (config.ts `email`), as the API tests start apps with. */
export const emailTo = (mail: MailCatcher) => ({
  smtpUrl: mail.url,
  from: "MealShare <no-reply@mealshare.test>",
});
