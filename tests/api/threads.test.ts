/**
 * The Messages view (docs/features/everyday-journey.md): every thread a member is in, as
 * eater and as feeder, newest activity first, a page at a time, with the other person, the meal, the
 * last thing said and the unread count; nobody else's threads.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { agreedTermsSql, termsOfMeal } from "../../src/server/features/requests/terms";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("threads", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const say = (cookie: string, id: string, body: string) =>
    t.api({ method: "POST", url: `/api/requests/${id}/messages`, cookie, payload: { body } });
  const threads = (cookie: string, query = "") => t.api({ url: `/api/threads${query}`, cookie });

  it("lists a member's threads from both sides, newest message first, with the last words and unread count", async () => {
    const me = await buildSignedInUser(t.db, { firstName: "Mo", lastName: "Middle" });
    const cook = await buildSignedInUser(t.db, { firstName: "Cy", lastName: "Cook" });
    const eater = await buildSignedInUser(t.db, { firstName: "Ed", lastName: "Eater" });
    const theirMeal = await buildMeal(t.db, cook.user, { title: "Their stew" });
    const myMeal = await buildMeal(t.db, me.user, { title: "My pie" });
    const asked = await buildRequest(t.db, theirMeal, me.user, { message: "Can I have one?" });
    const askedOfMe = await buildRequest(t.db, myMeal, eater.user, { message: "Pie please" });
    // Someone else's thread, which must not appear.
    const stranger = await buildSignedInUser(t.db);
    await buildRequest(t.db, theirMeal, stranger.user);

    // Only the request's own words so far: the newer request comes first.
    let list = (await threads(me.cookie)).json();
    expect(list.map((thread: { id: string }) => thread.id)).toEqual([askedOfMe.id, asked.id]);
    expect(list[0]).toMatchObject({
      viewerSide: "feeder",
      meal: { id: myMeal.id, title: "My pie" },
      other: { id: eater.user.id, firstName: "Ed" },
      last: { text: "Pie please", mine: false, photo: false, kind: null },
      unread: 0,
    });
    expect(list[1]).toMatchObject({ viewerSide: "eater", last: { text: "Can I have one?", mine: true } });

    // The cook answers the older thread: it comes first, unread for me, and not unread for them.
    expect((await say(cook.cookie, asked.id, "Yes, come at six")).statusCode).toBe(201);
    list = (await threads(me.cookie)).json();
    expect(list.map((thread: { id: string }) => thread.id)).toEqual([asked.id, askedOfMe.id]);
    expect(list[0]).toMatchObject({ last: { text: "Yes, come at six", mine: false }, unread: 1 });
    const theirs = (await threads(cook.cookie)).json();
    expect(theirs[0]).toMatchObject({ id: asked.id, viewerSide: "feeder", last: { mine: true }, unread: 0 });
    // Nobody else's thread is in anyone's list.
    expect(list).toHaveLength(2);
    expect((await threads(stranger.cookie)).json()).toHaveLength(1);
    expect((await t.api({ url: "/api/threads" })).statusCode).toBe(401);
  });

  it("writes a cook's edit into every open thread as a line of the terms old → new, and lists it last", async () => {
    const cook = await buildSignedInUser(t.db, { firstName: "Ida", lastName: "Edits" });
    const meal = await buildMeal(t.db, cook.user, { title: "Edited eggs", portionSize: 4 });
    const waiting = await buildSignedInUser(t.db);
    const agreed = await buildSignedInUser(t.db);
    const closed = await buildSignedInUser(t.db);
    const pending = await buildRequest(t.db, meal, waiting.user);
    const accepted = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: agreed.cookie,
      payload: { mealId: meal.id, message: "One please" },
    });
    await t.api({
      method: "PUT",
      url: `/api/requests/${accepted.json().id}/status`,
      cookie: cook.cookie,
      payload: { status: "accepted" },
    });
    const cancelled = await buildRequest(t.db, meal, closed.user, { status: "cancelled" });
    const start = new Date(Date.parse(meal.pickupWindowStart.toISOString()) + 3_600_000);
    const edit = await t.api({
      method: "PUT",
      url: `/api/meals/${meal.id}`,
      cookie: cook.cookie,
      payload: {
        pickupLocation: "Corner of Elm and Oak",
        pickupWindowStart: start.toISOString(),
        pickupWindowEnd: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    for (const [viewer, id] of [
      [waiting, pending.id],
      [agreed, accepted.json().id],
    ] as const) {
      const thread = (await t.api({ url: `/api/requests/${id}`, cookie: viewer.cookie })).json();
      const line = thread.messages.at(-1);
      expect(line).toMatchObject({
        body: "",
        sender: { id: cook.user.id },
        change: { fields: ["window", "place"] },
      });
      expect(line.change.from.pickupLocation).toBe(meal.pickupLocation);
      expect(line.change.to).toMatchObject({
        pickupLocation: "Corner of Elm and Oak",
        pickupWindowStart: start.toISOString(),
      });
      expect((await threads(viewer.cookie)).json()[0]).toMatchObject({
        id,
        last: { change: true, mine: false },
      });
    }
    // A closed thread gets no line.
    const quiet = (await t.api({ url: `/api/requests/${cancelled.id}`, cookie: closed.cookie })).json();
    expect(quiet.messages).toEqual([]);
    // The line's terms are spelt as an accept writes them (agreedTermsSql), so they compare.
    const [{ terms }] = await queryRows<{ terms: unknown }>(
      t.db,
      sql`select ${agreedTermsSql("m")} as terms from meals m where m.id = ${meal.id}`,
    );
    const [row] = await queryRows<Parameters<typeof termsOfMeal>[0]>(
      t.db,
      sql`select price_cents as "priceCents", pickup_window_start as "pickupWindowStart", pickup_window_end as "pickupWindowEnd",
        pickup_location as "pickupLocation", allergen_codes as "allergenCodes", allergens_other as "allergensOther"
        from meals where id = ${meal.id}`,
    );
    expect(
      termsOfMeal({
        ...row,
        pickupWindowStart: new Date(row.pickupWindowStart),
        pickupWindowEnd: new Date(row.pickupWindowEnd),
      }),
    ).toEqual(terms);
  });

  it("pages through both sides in one order, each thread once, with a Link to the next page", async () => {
    const me = await buildSignedInUser(t.db);
    const other = await buildSignedInUser(t.db);
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const mine = i % 2 === 0;
      const meal = await buildMeal(t.db, (mine ? me : other).user, { title: `Dish ${i}` });
      const request = await buildRequest(t.db, meal, (mine ? other : me).user, {
        lastActivityAt: new Date(Date.now() - (10 - i) * 60_000),
        createdAt: new Date(Date.now() - (10 - i) * 60_000),
      });
      ids.unshift(request.id);
    }
    const seen: string[] = [];
    let url = "/api/threads?limit=3";
    for (let pages = 0; url && pages < 5; pages += 1) {
      const page = await t.api({ url, cookie: me.cookie });
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().map((thread: { id: string }) => thread.id));
      url = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ""))?.[1] ?? "";
    }
    expect(seen).toEqual(ids);
    expect((await threads(me.cookie, "?cursor=not-a-cursor")).statusCode).toBe(400);
  });
});
