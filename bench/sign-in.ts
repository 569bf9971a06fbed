/**
 * `npm run bench:sign-in`: the probe of docs/decisions/016 "Enumeration and flooding". An app with
 * `SIGN_IN=email` on a fresh database and a real SMTP server in this process, over HTTP on loopback:
 * - "Send code" for addresses with an account and without, interleaved, `BENCH_TRIES` (200) each:
 *   the answer's time (median and p90) for each, and whether every answer had the same status and,
 *   but for the address typed, the same bytes;
 * - the time from "Send code" to the message in the SMTP server (median, p90);
 * - what one address can be sent (one a minute, ten a day) and what guessing a code gets an attacker.
 * Prints one table; exits 1 when an answer differed.
 */
import { performance } from "node:perf_hooks";
import { MAX_WRONG_CODES, SENDS_PER_DAY, SENDS_PER_MINUTE } from "../src/server/auth/email-codes";
import { EMAIL_ISSUER } from "../src/server/auth/users";
import { createTestApp } from "../tests/api/harness";
import { buildUser } from "../tests/factories";
import { startMailCatcher } from "../tests/mail-catcher";

const TRIES = Number(process.env.BENCH_TRIES ?? 200);
const mail = await startMailCatcher();
const t = await createTestApp({
  listen: true,
  env: { SIGN_IN: "email", LOG_LEVEL: "silent" },
  config: { email: { smtpUrl: mail.url, from: "MealShare <no-reply@mealshare.test>" } },
});
const base = t.config.publicUrl;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

const known: number[] = [];
const unknown: number[] = [];
const delivery: number[] = [];
let differed = 0;
let reference: { status: number; page: string } | undefined;
try {
  for (let i = 0; i < TRIES; i++) {
    const knownAddress = `known-${i}@probe.test`;
    await buildUser(t.db, { oidcIssuer: EMAIL_ISSUER, oidcSubject: knownAddress, email: knownAddress });
    // Interleaved, alternating which goes first, so drift of the machine falls on both alike.
    const pair =
      i % 2 === 0 ? [knownAddress, `unknown-${i}@probe.test`] : [`unknown-${i}@probe.test`, knownAddress];
    for (const email of pair) {
      const startedAt = Date.now();
      const started = performance.now();
      const response = await fetch(`${base}/api/login/email`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, returnTo: "/" }).toString(),
      });
      const page = (await response.text()).replaceAll(email, "ADDRESS");
      const elapsed = performance.now() - started;
      (email.startsWith("known") ? known : unknown).push(elapsed);
      reference ??= { status: response.status, page };
      if (response.status !== reference.status || page !== reference.page) differed++;
      const [message] = await mail.waitFor((m) => m.to === email);
      delivery.push(message.receivedAt.getTime() - startedAt);
    }
  }
} finally {
  await t.close();
  await mail.close();
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`Sign-in probe: ${TRIES} addresses with an account, ${TRIES} without, interleaved`);
console.table({
  "answer, known address": { median: ms(quantile(known, 0.5)), p90: ms(quantile(known, 0.9)) },
  "answer, unknown address": { median: ms(quantile(unknown, 0.5)), p90: ms(quantile(unknown, 0.9)) },
  "Send code → message in SMTP server": {
    median: ms(quantile(delivery, 0.5)),
    p90: ms(quantile(delivery, 0.9)),
  },
});
console.log(`Answers that differed in status or bytes (the address aside): ${differed} of ${2 * TRIES}`);
const guesses = MAX_WRONG_CODES * SENDS_PER_DAY;
console.log(
  `One address: ${SENDS_PER_MINUTE} code a minute, ${SENDS_PER_DAY} a day; ${MAX_WRONG_CODES} tries a code, so ` +
    `${guesses} guesses a day at 1 in 1,000,000 each: ${((guesses / 1_000_000) * 100).toFixed(3)} % a day, ` +
    `${((1 - (1 - guesses / 1_000_000) ** 365) * 100).toFixed(1)} % in a year of trying every day`,
);
process.exit(differed > 0 ? 1 : 0);
