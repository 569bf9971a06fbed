/**
 * docs/features/notifications.md "Done when": a reminder scheduled, the app killed (SIGKILL) and
 * restarted before it is due, and the reminder sent exactly once — with PGlite's single instance, and
 * with two instances on PostgreSQL. Real server processes, a real SMTP server; "exactly once" is checked
 * after both servers have stopped, when nothing can send any more.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, queryRows } from "../../src/server/db/client";
import { type MailCatcher, startMailCatcher } from "../mail-catcher";
import { migratedDataDir, openTestDatabase, testDatabaseKind } from "./harness";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * How long after the acceptance the reminder falls due: time enough to kill and restart the server.
 * A restart finds its database migrated and takes less than the first start, so twice the first start,
 * and never under 8 s; the test checks that the restart did come first.
 */
const dueInMs = (firstStartMs: number) => Math.max(8_000, 2 * firstStartMs);

/** Starts what `start` starts, and how long it took in ms. */
async function timed<T>(start: () => Promise<T>): Promise<[T, number]> {
  const startedAt = Date.now();
  const started = await start();
  return [started, Date.now() - startedAt];
}

/**
 * Through `server`: a cook posts a meal whose reminder falls due in `dueIn` ms, an eater's request is
 * accepted.
 */
async function acceptedPickup(server: ServerProcess, dueIn: number) {
  const cook = await server.signIn({ email: "cook@example.test", firstName: "Maria", lastName: "Lopez" });
  const eater = await server.signIn({ email: "eater@example.test", firstName: "Sam", lastName: "Okafor" });
  const dueAt = Date.now() + dueIn;
  const meal = await server.api("POST", "/api/meals", cook, {
    title: "Restart risotto",
    description: "Enough for four.",
    kind: "free",
    priceCents: null,
    portionSize: 2,
    allergens: "milk",
    ingredients: "rice, stock, parmesan",
    pickupLocation: "12 Elm Street",
    pickupWindowStart: new Date(dueAt + 60 * 60_000).toISOString(),
    pickupWindowEnd: new Date(dueAt + 3 * 60 * 60_000).toISOString(),
    deliveryAvailable: false,
  });
  expect(meal.status).toBe(201);
  const request = await server.api("POST", "/api/requests", eater, {
    mealId: (await meal.json()).id,
    message: null,
  });
  expect(request.status).toBe(201);
  const requestId = (await request.json()).id as string;
  const accepted = await server.api("PUT", `/api/requests/${requestId}/status`, cook, { status: "accepted" });
  expect(accepted.status).toBe(200);
  return { cook, eater, requestId, dueAt };
}

/** What the database says happened: reminder notifications, and the reminder job's state. */
async function reminderRecord(database: Database, requestId: string) {
  const notifications = await queryRows<{ email: string }>(
    database.db,
    sql`select u.email from notifications n join users u on u.id = n.user_id
        where n.type = 'pickup_reminder' and n.request_id = ${requestId} order by u.email`,
  );
  const jobs = await queryRows<{ state: string }>(
    database.db,
    sql`select state from pgboss.job where name = 'pickup-reminder'
        and data->>'requestId' = ${requestId} and data->>'kind' = 'starts'`,
  );
  return { notified: notifications.map((n) => n.email), jobStates: jobs.map((j) => j.state) };
}

describe("a pickup reminder survives a killed server", () => {
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
  });
  afterAll(() => mail.close());
  const isReminder = (m: { subject: string }) => m.subject.startsWith("Pickup reminder:");

  it.runIf(testDatabaseKind() === "pglite")(
    "PGlite: killed after the acceptance, restarted before the reminder is due, it is sent once",
    async () => {
      const dataDir = await migratedDataDir("mealshare-reminder-");
      const env = { DATA_DIR: dataDir, SMTP_URL: mail.url };
      try {
        const [first, startMs] = await timed(() => startServerProcess(env));
        const dueIn = dueInMs(startMs);
        const { requestId, dueAt } = await acceptedPickup(first, dueIn);
        await first.stop("SIGKILL");
        const restarted = await startServerProcess(env);
        expect(Date.now()).toBeLessThan(dueAt);

        const sent = await mail.waitFor(isReminder, 2, dueIn + 15_000);
        expect(await restarted.stop("SIGTERM")).toBe(0);
        expect(sent.map((m) => m.to).sort()).toEqual(["cook@example.test", "eater@example.test"]);
        expect(mail.mails.filter(isReminder)).toHaveLength(2);
        const database = await openDatabase({ dataDir });
        try {
          expect(await reminderRecord(database, requestId)).toEqual({
            notified: ["cook@example.test", "eater@example.test"],
            jobStates: ["completed"],
          });
        } finally {
          await database.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.runIf(testDatabaseKind() === "postgres")(
    "PostgreSQL, two instances: one killed and restarted before the reminder is due, it is sent once",
    async () => {
      const database = await openTestDatabase();
      const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), "mealshare-reminder-")));
      const env = (i: number) => ({ DATABASE_URL: database.url!, DATA_DIR: dataDirs[i], SMTP_URL: mail.url });
      try {
        const [[a, b], startMs] = await timed(() =>
          Promise.all([startServerProcess(env(0)), startServerProcess(env(1))]),
        );
        const dueIn = dueInMs(startMs);
        const { requestId, dueAt } = await acceptedPickup(a, dueIn);
        await a.stop("SIGKILL");
        const restarted = await startServerProcess(env(0));
        expect(Date.now()).toBeLessThan(dueAt);

        const sent = await mail.waitFor(isReminder, 2, dueIn + 15_000);
        expect(await Promise.all([restarted.stop("SIGTERM"), b.stop("SIGTERM")])).toEqual([0, 0]);
        expect(sent.map((m) => m.to).sort()).toEqual(["cook@example.test", "eater@example.test"]);
        expect(mail.mails.filter(isReminder)).toHaveLength(2);
        expect(await reminderRecord(database, requestId)).toEqual({
          notified: ["cook@example.test", "eater@example.test"],
          jobStates: ["completed"],
        });
      } finally {
        await database.close();
        for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
