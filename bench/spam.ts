/**
 * `npm run bench:spam` (docs/decisions/020 "The check"): replays a generated spam wave (bench/spam-wave.ts:
 * 2,000 spam texts from 500 fresh accounts, 2,000 ordinary texts from 500 others) through the API of an
 * app on an in-memory PGlite — as messages, requests' first words and meals. A neighbour who receives a
 * spam text reports it one time in three (`REPORT_SHARE`); a moderator works the review queue every 200
 * texts, as a busy deployment's would: held and reported spam removed (teaching its signature), held
 * ordinary texts let through. Prints the share of spam that reached another member (all of it, and of
 * the campaigns written after the word lists were fixed), the share of ordinary texts held, and the
 * check's own time per text (`checkText`, median and p99).
 *
 * The newcomer limits on requests (open requests, new cooks a day) are raised for the replay: they are
 * another rule, tested on their own (tests/api/trust.test.ts); this measures the words. The link limit
 * stays, and a text it refuses reaches nobody.
 * Run: `npm run bench:spam` (`BENCH_SEED`, default 20_261_128).
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { ModerationQueue } from "../src/contract/moderation";
import { queryRows } from "../src/server/db/client";
import { checkText } from "../src/server/features/moderation";
import { ADMIN_EMAIL, createTestApp } from "../tests/api/harness";
import { buildMeal, buildSignedInUser, hoursFromNow, mealPayload, signIn } from "../tests/factories";
import { spamWave, type WaveText } from "./spam-wave";

const SEED = Number(process.env.BENCH_SEED ?? 20_261_128);
const WRITERS = 500;
const MODERATE_EVERY = 200;
/** How often a neighbour who receives spam reports it. */
const REPORT_SHARE = 1 / 3;

const t = await createTestApp({
  env: { NEWCOMER_OPEN_REQUESTS: "100", NEWCOMER_NEW_CONTACTS_PER_DAY: "100" },
});
const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL, firstName: "Mod" });

/** `count` fresh accounts with sessions, in one statement and then a session each. */
async function accounts(label: string, count: number) {
  const rows = await queryRows<{ id: string }>(
    t.db,
    sql`insert into users (oidc_issuer, oidc_subject, email, first_name, last_name)
        select 'bench', ${label} || '-' || n, ${label} || '-' || n || '@wave.test', 'Writer', ${label} || n
        from generate_series(1, ${count}) as n returning id`,
  );
  return Promise.all(rows.map(async (row) => ({ id: row.id, cookie: await signIn(t.db, row) })));
}

console.log("Setting up 1,000 writers, their cooks and threads…");
const spammers = await accounts("spam", WRITERS);
const neighbours = await accounts("plain", WRITERS);
const cook = await buildSignedInUser(t.db, { firstName: "Cook" });
const cookMeal = await buildMeal(t.db, cook.user, { portionSize: 5000 });
/** Each writer's thread, where their messages go: a request of theirs the cook accepted. */
const threads = new Map<string, string>();
for (const writer of [...spammers, ...neighbours]) {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into requests (meal_id, eater_id, feeder_id, status) values (${cookMeal.id}, ${writer.id}, ${cook.user.id}, 'accepted')
        returning id`,
  );
  threads.set(writer.id, row.id);
}

const wave = spamWave({
  seed: SEED,
  spam: 2000,
  ordinary: 2000,
  spamWriters: WRITERS,
  ordinaryWriters: WRITERS,
});
const spamTexts = new Set(wave.filter((text) => text.spam).map((text) => text.text));
type Outcome = "delivered" | "held" | "refused";
const outcomes: { text: WaveText; outcome: Outcome }[] = [];
const checkMs: number[] = [];

/** Whom a delivered text reached, and what they report it as (a thread's text, or a meal). */
type Sent = { outcome: Outcome; report?: { targetType: "message" | "meal"; targetId: string } };

/** Sends one text as its kind says, and reads from the answer whether it was held. */
async function send(text: WaveText): Promise<Sent> {
  const writer = (text.spam ? spammers : neighbours)[text.writer];
  const started = performance.now();
  await checkText(t.db, { id: writer.id, isAdmin: false }, [text.text], t.config.newcomerLimits).catch(
    () => null,
  );
  checkMs.push(performance.now() - started);
  const answer =
    text.kind === "message"
      ? await t.api({
          method: "POST",
          url: `/api/requests/${threads.get(writer.id)}/messages`,
          cookie: writer.cookie,
          payload: { body: text.text },
        })
      : text.kind === "request"
        ? await t.api({
            method: "POST",
            url: "/api/requests",
            cookie: writer.cookie,
            payload: { mealId: (await buildMeal(t.db, cook.user)).id, message: text.text },
          })
        : await t.api({
            method: "POST",
            url: "/api/meals",
            cookie: writer.cookie,
            payload: mealPayload({
              title: "Homemade food",
              description: text.text,
              pickupWindowEnd: hoursFromNow(3),
            }),
          });
  if (answer.statusCode === 403 && answer.json().code === "newcomer_limit") return { outcome: "refused" };
  if (answer.statusCode >= 300) throw new Error(`${text.kind}: ${answer.statusCode} ${answer.body}`);
  const body = answer.json();
  if (body.held || body.messageHeld) return { outcome: "held" };
  return {
    outcome: "delivered",
    report: { targetType: text.kind === "meal" ? "meal" : "message", targetId: body.id },
  };
}

/** The cook (who read it) reports a delivered text; a seeded third of the time. */
let reportRoll = SEED;
async function maybeReport(report: NonNullable<Sent["report"]>) {
  reportRoll = (reportRoll * 1_103_515_245 + 12_345) % 2 ** 31;
  if (reportRoll / 2 ** 31 >= REPORT_SHARE) return;
  const answer = await t.api({
    method: "POST",
    url: "/api/reports",
    cookie: cook.cookie,
    payload: { ...report, reason: "Spam" },
  });
  if (answer.statusCode >= 300) throw new Error(`report: ${answer.statusCode} ${answer.body}`);
}

/** The moderator works the whole queue: spam out, the rest through. */
async function moderate() {
  for (;;) {
    const queue = (
      await t.api({ url: "/api/moderation/queue", cookie: admin.cookie })
    ).json() as ModerationQueue;
    if (queue.texts.length === 0) return;
    for (const item of queue.texts) {
      // The moderator knows spam when they see it: the item's text holds one of the wave's spam texts.
      const action =
        spamTexts.has(item.text) || [...spamTexts].some((spam) => item.text.includes(spam))
          ? "remove"
          : "release";
      await t.api({
        method: "POST",
        url: `/api/moderation/items/${item.id}/decision`,
        cookie: admin.cookie,
        payload: { action },
      });
    }
  }
}

console.log(`Replaying ${wave.length} texts…`);
for (const [index, text] of wave.entries()) {
  const sent = await send(text);
  outcomes.push({ text, outcome: sent.outcome });
  if (text.spam && sent.report) await maybeReport(sent.report);
  if ((index + 1) % MODERATE_EVERY === 0) await moderate();
}

const share = (spam: boolean, outcome: Outcome, only: (text: WaveText) => boolean = () => true) => {
  const of = outcomes.filter((entry) => entry.text.spam === spam && only(entry.text));
  return of.filter((entry) => entry.outcome === outcome).length / of.length;
};
const unseen = outcomes.filter((entry) => entry.text.unseen);
const percent = (value: number) => `${(value * 100).toFixed(2)} %`;
checkMs.sort((a, b) => a - b);
const at = (q: number) => checkMs[Math.min(checkMs.length - 1, Math.floor(q * checkMs.length))].toFixed(2);
const missed = outcomes.filter((entry) => entry.text.spam && entry.outcome === "delivered");
const wronglyHeld = outcomes.filter((entry) => !entry.text.spam && entry.outcome === "held");

console.log(`
| figure | goal | measured |
|---|---|---|
| spam that reaches another member | ≤ 5 % | ${percent(share(true, "delivered"))} (${missed.length} of 2,000) |
| of which campaigns the word lists never saw | | ${percent(share(true, "delivered", (text) => text.unseen))} (${unseen.filter((entry) => entry.outcome === "delivered").length} of ${unseen.length}) |
| spam held | | ${percent(share(true, "held"))} |
| spam refused (a newcomer's second link) | | ${percent(share(true, "refused"))} |
| ordinary texts held | ≤ 1 % | ${percent(share(false, "held"))} (${wronglyHeld.length} of 2,000) |
| ordinary texts refused | | ${percent(share(false, "refused"))} |
| check time per text | median and p99 | ${at(0.5)} ms, ${at(0.99)} ms |
`);
const sample = (entries: typeof outcomes) =>
  [...new Set(entries.map((entry) => entry.text.text))].slice(0, 8).map((text) => `  - ${text}`);
if (missed.length) console.log(["Spam that got through, e.g.:", ...sample(missed)].join("\n"));
if (wronglyHeld.length) console.log(["Ordinary texts held, e.g.:", ...sample(wronglyHeld)].join("\n"));
await t.close();
