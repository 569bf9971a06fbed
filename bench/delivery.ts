/**
 * Message delivery time (docs/features/exchange.md): from the moment the sender's `POST
 * /api/requests/{id}/messages` is issued to the moment the other party's open SSE stream (what their
 * open thread page listens to) has parsed the `message` event. 100 messages, sent one after another,
 * over real HTTP.
 *
 * Setups: one instance on PGlite; and, when TEST_DATABASE_URL (or BENCH_DATABASE_URL) points at a
 * PostgreSQL server, one instance and two instances (sender on A, reader on B) on PostgreSQL.
 */
import { openDatabase } from "../src/server/db/client";
import { createTestApp, type TestApp } from "../tests/api/harness";
import { buildMeal, buildRequest, buildSignedInUser } from "../tests/factories";
import { openStream, type ReceivedEvent } from "../tests/sse-client";

const MESSAGES = 100;

/** p50 and p95 of a sample, in ms. */
function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
  return { p50: at(0.5), p95: at(0.95) };
}

/** Sends MESSAGES messages through `sender` and times their arrival on a stream of `reader`. */
async function measure(sender: TestApp, reader: TestApp) {
  const cook = await buildSignedInUser(sender.db);
  const eater = await buildSignedInUser(sender.db);
  const request = await buildRequest(sender.db, await buildMeal(sender.db, cook.user), eater.user);
  const stream = await openStream(reader.config.publicUrl, cook.cookie);
  await stream.waitFor((event) => event.event === "ready");
  const times: number[] = [];
  try {
    for (let i = 0; i < MESSAGES; i++) {
      const body = `Delivery probe ${i}`;
      const from = stream.events.length;
      const sentAt = performance.now();
      const response = await fetch(`${sender.config.publicUrl}/api/requests/${request.id}/messages`, {
        method: "POST",
        headers: {
          cookie: eater.cookie,
          origin: sender.config.publicUrl,
          "content-type": "application/json",
        },
        body: JSON.stringify({ body }),
      });
      if (response.status !== 201)
        throw new Error(`message ${i}: ${response.status} ${await response.text()}`);
      const received = await stream.waitFor(
        (event: ReceivedEvent) =>
          event.event === "message" && (event.data as { message: { body: string } }).message.body === body,
        { from },
      );
      times.push(received.receivedAt - sentAt);
    }
  } finally {
    stream.close();
  }
  return percentiles(times);
}

/** Runs every setup this machine allows and returns printable lines. */
export async function measureDelivery(): Promise<string[]> {
  const lines: string[] = [];
  const format = (label: string, r: { p50: number; p95: number }) =>
    `message delivery, ${label}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${MESSAGES} messages)`;

  process.env.MEALSHARE_TEST_DB = "pglite";
  const single = await createTestApp({ listen: true });
  try {
    lines.push(format("one instance, PGlite", await measure(single, single)));
  } finally {
    await single.close();
  }

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    lines.push("message delivery on PostgreSQL: skipped (set TEST_DATABASE_URL)");
    return lines;
  }
  process.env.TEST_DATABASE_URL = serverUrl;
  process.env.MEALSHARE_TEST_DB = "postgres";
  const a = await createTestApp({ listen: true });
  const secondDatabase = await openDatabase({ url: a.database.url });
  const b = await createTestApp({ listen: true, database: secondDatabase });
  try {
    lines.push(format("one instance, PostgreSQL", await measure(a, a)));
    lines.push(format("two instances (send on A, read on B), PostgreSQL", await measure(a, b)));
  } finally {
    await b.close();
    await secondDatabase.close();
    await a.close();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await measureDelivery()) console.log(line);
}
