/**
 * docs/features/operations.md finding 4: many messages at once in one thread. On PostgreSQL they really
 * run at once (a pool of connections); on PGlite one after another — both must end with one unread
 * message notification per party and no error.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction, migrateDatabase, queryRows } from "../../src/server/db/client";
import { messages, notifications } from "../../src/server/db/schema";
import { AppError } from "../../src/server/errors";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { createTestApp, openDatabaseBefore, type TestApp } from "./harness";

describe("messages sent at once in one thread", () => {
  let t: TestApp;
  beforeAll(async () => {
    // 200 sends at once take turns on one thread's rows, each holding a connection while it waits:
    // an app's own pool of 10, not a test's 5.
    t = await createTestApp({ config: { databasePoolSize: 10 } });
  });
  afterAll(() => t.close());

  it("all arrive, and each party has exactly one unread message notification", async () => {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user);
    const request = await buildRequest(t.db, meal, eater.user, { status: "accepted" });
    // On a loaded machine some sends wait longer than the pool's bound for a connection: they are
    // answered 503 with Retry-After (docs/DESIGN.md §4 "Errors"), and sent again after it, as a
    // client does. Nothing else may fail, and nothing may be lost or doubled.
    const send = async (cookie: string, n: number) => {
      for (let attempt = 1; ; attempt++) {
        const answer = await t.api({
          method: "POST",
          url: `/api/requests/${request.id}/messages`,
          cookie,
          payload: { body: `Message ${n}` },
        });
        if (answer.statusCode !== 503 || attempt === 5) return answer;
        const retryAfter = Number(answer.headers["retry-after"]);
        expect(retryAfter).toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      }
    };
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) => send(n % 2 ? cook.cookie : eater.cookie, n)),
    );
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 201)).toEqual([]);

    const stored = await t.db.select().from(messages).where(eq(messages.requestId, request.id));
    expect(stored).toHaveLength(200);
    for (const party of [cook.user, eater.user]) {
      const unread = await t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, party.id),
            eq(notifications.type, "message_new"),
            eq(notifications.isRead, false),
          ),
        );
      expect(unread).toHaveLength(1);
    }
  });
});

describe("transactions aborted as deadlock victims", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const deadlock = () => Object.assign(new Error("deadlock detected"), { code: "40P01" });

  it("run again from the start, and what the last attempt did is committed once", async () => {
    let attempts = 0;
    const user = await buildSignedInUser(t.db);
    const result = await inTransaction(t.db, async (tx) => {
      attempts++;
      await tx
        .insert(notifications)
        .values({ userId: user.user.id, type: "t", text: `try ${attempts}`, link: "/" });
      if (attempts < 3) throw deadlock();
      return "done";
    });
    expect(result).toBe("done");
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, user.user.id));
    expect(rows.map((row) => row.text)).toEqual(["try 3"]);
  });

  it("answer 503 busy after a bounded number of attempts", async () => {
    let attempts = 0;
    const failing = inTransaction(t.db, async () => {
      attempts++;
      throw deadlock();
    });
    await expect(failing).rejects.toBeInstanceOf(AppError);
    await expect(failing).rejects.toMatchObject({ statusCode: 503, code: "busy" });
    expect(attempts).toBe(4);
  });

  it("leave other errors alone", async () => {
    let attempts = 0;
    const failing = inTransaction(t.db, async () => {
      attempts++;
      throw new Error("not a database conflict");
    });
    await expect(failing).rejects.toThrow("not a database conflict");
    expect(attempts).toBe(1);
  });
});

describe("migration 0007", () => {
  it("keeps the newest of duplicate unread message notifications and marks the rest read", async () => {
    const database = await openDatabaseBefore("0007");
    try {
      const { db } = database;
      // Raw SQL: the factories write today's columns, which an older schema does not have.
      const cook = { user: { id: "00000000-0000-4000-8000-0000000000c1" } };
      const eater = "00000000-0000-4000-8000-0000000000e1";
      const meal = "00000000-0000-4000-8000-0000000000a1";
      const request = { id: "00000000-0000-4000-8000-0000000000b1" };
      await db.execute(sql`
        insert into users (id, oidc_issuer, oidc_subject, email) values
          (${cook.user.id}, 'i', 'c1', 'cook@example.test'), (${eater}, 'i', 'e1', 'eater@example.test')`);
      await db.execute(sql`
        insert into meals (id, owner_id, title, description, ingredients, allergens, kind, portion_size,
                           pickup_window_start, pickup_window_end, pickup_location)
        values (${meal}, ${cook.user.id}, 'Soup', 'Hot', 'water', '', 'free', 2, now(),
                now() + interval '2 hours', 'Hall')`);
      await db.execute(sql`
        insert into requests (id, meal_id, eater_id, owner_id, status)
        values (${request.id}, ${meal}, ${eater}, ${cook.user.id}, 'pending')`);
      for (const [n, minutesAgo] of [
        [1, 30],
        [2, 10],
        [3, 20],
      ]) {
        await db.execute(sql`
          insert into notifications (user_id, type, text, link, request_id, created_at)
          values (${cook.user.id}, 'message_new', ${`message ${n}`}, '/', ${request.id},
                  now() - make_interval(mins => ${minutesAgo}))`);
      }
      await migrateDatabase(database);
      const rows = await queryRows<{ text: string; is_read: boolean }>(
        db,
        sql`select text, is_read from notifications order by text`,
      );
      expect(rows).toEqual([
        { text: "message 1", is_read: true },
        { text: "message 2", is_read: false },
        { text: "message 3", is_read: true },
      ]);
    } finally {
      await database.close();
    }
  });
});
