/**
 * docs/features/operations.md finding 9: threads come page by page, and one person's pace in a thread is
 * capped.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_PAGE_SIZE } from "../../src/contract/requests";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("a long thread", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("opens on its newest page and walks back to the first message, each exactly once", async () => {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const request = await buildRequest(t.db, await buildMeal(t.db, cook.user), eater.user);
    // 120 messages a second apart: "Message 0" is the oldest.
    await t.db.execute(sql`
      insert into messages (request_id, sender_id, body, created_at)
      select ${request.id}, case when n % 2 = 0 then ${eater.user.id}::uuid else ${cook.user.id}::uuid end,
             'Message ' || n, date_trunc('milliseconds', now()) - (120 - n) * interval '1 second'
      from generate_series(0, 119) as n`);

    const detail = (await t.api({ url: `/api/requests/${request.id}`, cookie: eater.cookie })).json();
    expect(detail.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(detail.messages[0].body).toBe("Message 70");
    expect(detail.messages.at(-1).body).toBe("Message 119");
    expect(detail.olderMessages).toMatch(/^\/api\/requests\/[0-9a-f-]+\/messages\?cursor=/);

    const seen: string[] = detail.messages.map((message: { body: string }) => message.body);
    let next: string | null = detail.olderMessages;
    let pages = 0;
    while (next) {
      const page = await t.api({ url: next, cookie: cook.cookie });
      expect(page.statusCode).toBe(200);
      const older = page.json().map((message: { body: string }) => message.body);
      // Newest first within a page, and older than everything seen so far.
      seen.unshift(...older.reverse());
      next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ""))?.[1] ?? null;
      pages++;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, n) => `Message ${n}`));
  });

  it("a short thread says there is nothing older", async () => {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const request = await buildRequest(t.db, await buildMeal(t.db, cook.user), eater.user);
    const detail = (await t.api({ url: `/api/requests/${request.id}`, cookie: eater.cookie })).json();
    expect(detail).toMatchObject({ messages: [], olderMessages: null });
  });

  it("shows its older pages to nobody but its two participants", async () => {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const stranger = await buildSignedInUser(t.db);
    const request = await buildRequest(t.db, await buildMeal(t.db, cook.user), eater.user);
    const url = `/api/requests/${request.id}/messages`;
    expect((await t.api({ url, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await t.api({ url })).statusCode).toBe(401);
    expect((await t.api({ url: `${url}?cursor=garbage`, cookie: eater.cookie })).statusCode).toBe(400);
  });
});

describe("one person's pace in a thread", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { rateLimits: { signInPerMinute: 1000, writesPerMinute: 10_000, messagesPerMinute: 5 } },
    });
  });
  afterAll(() => t.close());

  it("is capped per thread and minute; the other party and other threads are not held up", async () => {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user, { portionSize: 5 });
    const first = await buildRequest(t.db, meal, eater.user);
    const second = await buildRequest(t.db, meal, (await buildSignedInUser(t.db)).user);
    const send = (id: string, cookie: string) =>
      t.api({ method: "POST", url: `/api/requests/${id}/messages`, cookie, payload: { body: "On my way" } });

    for (let n = 0; n < 5; n++) expect((await send(first.id, eater.cookie)).statusCode).toBe(201);
    const refused = await send(first.id, eater.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: "You are sending messages too fast. Please wait a moment.",
      code: "rate_limited",
    });
    expect((await send(first.id, cook.cookie)).statusCode).toBe(201);
    expect((await send(second.id, cook.cookie)).statusCode).toBe(201);
  });
});
