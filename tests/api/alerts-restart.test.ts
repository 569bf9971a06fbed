/**
 * docs/features/neighbourhood.md "Done when": an alert's delivery exactly once across a killed and
 * restarted server. A member's alert tells of a first meal at once; a second meal posted within the
 * alert's interval waits for its digest; the server is killed (SIGKILL) before the digest is due and
 * restarted, and the digest goes out once — with PGlite's single instance, and with two instances on
 * PostgreSQL. Real server processes, a real SMTP server; "exactly once" is checked after every server
 * has stopped, when nothing can send any more.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, queryRows } from "../../src/server/db/client";
import { eventually } from "../eventually";
import { type MailCatcher, startMailCatcher } from "../mail-catcher";
import { migratedDataDir, openTestDatabase, testDatabaseKind } from "./harness";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * The alert's interval: the server is killed within a second or two of the first email, well before
 * the digest is due; whether the restart comes before it is due or after, the digest goes out once.
 */
const DIGEST_SECONDS = 12;
const HOME = { latitude: 51.337, longitude: 12.33 };
const EATER = "eater@example.test";

async function postMeal(server: ServerProcess, cookie: string, title: string) {
  const response = await server.api("POST", "/api/meals", cookie, {
    title,
    description: "Fresh today.",
    kind: "free",
    priceCents: null,
    portionSize: 2,
    allergenCodes: ["gluten"],
    ingredients: "flour, water, salt",
    pickupLocation: "Bakery corner",
    pickupWindowStart: new Date(Date.now() + 60 * 60_000).toISOString(),
    pickupWindowEnd: new Date(Date.now() + 3 * 60 * 60_000).toISOString(),
    deliveryAvailable: false,
    latitude: HOME.latitude + 0.01,
    longitude: HOME.longitude,
  });
  expect(response.status).toBe(201);
  return (await response.json()).id as string;
}

/**
 * Through `server`: an eater's alert for bread, a first loaf told of at once (its email waited for), and
 * a second loaf whose match is recorded (its in-app notification is written in the same transaction),
 * its digest due DIGEST_SECONDS after the first email.
 */
async function secondLoafWaiting(server: ServerProcess, mail: MailCatcher) {
  const eater = await server.signIn({ email: EATER, firstName: "Ana", lastName: "Alves" });
  const cook = await server.signIn({ email: "baker@example.test", firstName: "Bo", lastName: "Baker" });
  expect((await server.api("PUT", "/api/user/home-area", eater, { ...HOME, radiusKm: 5 })).status).toBe(200);
  expect((await server.api("POST", "/api/alerts", eater, { q: "bread" })).status).toBe(201);
  await postMeal(server, cook, "Rye bread");
  await mail.waitFor((m) => m.to === EATER, 1);
  const second = await postMeal(server, cook, "Soda bread");
  // One notification per member and interval: the second loaf turns the first's into "2 new meals".
  await eventually(
    async (): Promise<{ text: string }[]> => (await server.api("GET", "/api/notifications", eater)).json(),
    {
      until: (notifications) => notifications.some((n) => n.text === "2 new meals near you"),
      failure: () => "the second loaf was never matched",
    },
  );
  return second;
}

/** What the database says happened: the alert's matches, sent or not, and its notifications. */
async function alertRecord(db: Database["db"]) {
  const matches = await queryRows<{ sent: boolean }>(
    db,
    sql`select sent_at is not null as sent from alert_matches order by sent`,
  );
  const notifications = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notifications where type = 'meal_alert'`,
  );
  return { matches: matches.map((m) => m.sent), notifications: Number(notifications[0].n) };
}

describe("an alert's digest survives a killed server", () => {
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
  });
  afterAll(() => mail.close());
  const toEater = (m: { to: string }) => m.to === EATER;
  const env = { SMTP_URL: "", ALERT_DIGEST_MINUTES: String(DIGEST_SECONDS / 60) };

  it.runIf(testDatabaseKind() === "pglite")(
    "PGlite: killed with a digest waiting, restarted, it is sent once",
    async () => {
      const dataDir = await migratedDataDir("mealshare-alerts-");
      const serverEnv = { ...env, DATA_DIR: dataDir, SMTP_URL: mail.url };
      // PGlite is one process: the test reads the database only while no server runs.
      let peek: Database | undefined;
      try {
        const first = await startServerProcess(serverEnv);
        await secondLoafWaiting(first, mail);
        await first.stop("SIGKILL");
        peek = await openDatabase({ dataDir });
        expect(await alertRecord(peek.db)).toEqual({ matches: [false, true].sort(), notifications: 1 });
        await peek.close();
        peek = undefined;

        const restarted = await startServerProcess(serverEnv);
        const sent = await mail.waitFor(toEater, 2, DIGEST_SECONDS * 1000 + 20_000);
        expect(await restarted.stop("SIGTERM")).toBe(0);
        expect(sent[1].subject).toBe("New meal near you: Soda bread");
        expect(mail.mails.filter(toEater)).toHaveLength(2);
        peek = await openDatabase({ dataDir });
        expect(await alertRecord(peek.db)).toEqual({ matches: [true, true], notifications: 1 });
      } finally {
        await peek?.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.runIf(testDatabaseKind() === "postgres")(
    "PostgreSQL, two instances: one killed with a digest waiting and restarted, it is sent once",
    async () => {
      const database = await openTestDatabase();
      const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), "mealshare-alerts-")));
      const serverEnv = (i: number) => ({
        ...env,
        DATABASE_URL: database.url!,
        DATA_DIR: dataDirs[i],
        SMTP_URL: mail.url,
      });
      try {
        const [a, b] = await Promise.all([
          startServerProcess(serverEnv(0)),
          startServerProcess(serverEnv(1)),
        ]);
        await secondLoafWaiting(a, mail);
        await a.stop("SIGKILL");
        const restarted = await startServerProcess(serverEnv(0));
        const sent = await mail.waitFor(toEater, 2, DIGEST_SECONDS * 1000 + 20_000);
        expect(await Promise.all([restarted.stop("SIGTERM"), b.stop("SIGTERM")])).toEqual([0, 0]);
        expect(sent[1].subject).toBe("New meal near you: Soda bread");
        expect(mail.mails.filter(toEater)).toHaveLength(2);
        expect(await alertRecord(database.db)).toEqual({ matches: [true, true], notifications: 1 });
      } finally {
        await database.close();
        for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
