/**
 * Spam held before it lands (docs/decisions/020): a newcomer's suspicious message, first words, meal,
 * group and bio reach nobody until a moderator lets them through; removing one teaches the signature, so
 * its near-copy is held next time; a trusted member's is delivered and flagged. The review queue is for
 * admins, and for a group's moderators their group's part (never their own texts); every decision is
 * logged.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { buildExchange, buildMeal, buildSignedInUser, mealPayload } from "../factories";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "./harness";
import { askFor } from "./steps";

let t: TestApp;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL, firstName: "Ada" });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof buildSignedInUser>>;

/** Makes a member trusted or a neighbour as their exchanges and a vouch would (tests of that: trust.test.ts). */
const setLevel = (who: Member, level: "neighbour" | "trusted") =>
  t.db.execute(
    sql`insert into member_trust (user_id, level, exchanges, partners, vouches) values (${who.user.id}, ${level}, 3, 3, 1)
        on conflict (user_id) do update set level = excluded.level`,
  );

const queue = (who: Member) => t.api({ url: "/api/moderation/queue", cookie: who.cookie });
const decide = (who: Member, itemId: string, action: "release" | "remove") =>
  t.api({
    method: "POST",
    url: `/api/moderation/items/${itemId}/decision`,
    cookie: who.cookie,
    payload: { action },
  });
const postMessage = (who: Member, requestId: string, body: string) =>
  t.api({
    method: "POST",
    url: `/api/requests/${requestId}/messages`,
    cookie: who.cookie,
    payload: { body },
  });
const thread = async (who: Member, requestId: string) =>
  (await t.api({ url: `/api/requests/${requestId}`, cookie: who.cookie })).json();
const unreadMessages = async (who: Member) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notifications where user_id = ${who.user.id} and type = 'message_new'`,
    )
  )[0].n;
const itemFor = async (who: Member, text: string) =>
  (await queue(who)).json().texts.find((item: { text: string }) => item.text.includes(text));

describe("the review queue: who may read it", () => {
  it("answers 401 signed out and 403 to a member who moderates nothing", async () => {
    expect((await t.api({ url: "/api/moderation/queue" })).statusCode).toBe(401);
    expect((await t.api({ url: "/api/moderation/log" })).statusCode).toBe(401);
    const plain = await buildSignedInUser(t.db);
    expect((await queue(plain)).statusCode).toBe(403);
    expect((await decide(plain, crypto.randomUUID(), "release")).statusCode).toBe(404);
    expect(
      (
        await t.api({
          method: "POST",
          url: `/api/moderation/items/${crypto.randomUUID()}/decision`,
          cookie: admin.cookie,
          payload: { action: "delete" },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe("a newcomer's spam, held", () => {
  it("keeps a held message from its recipient until a moderator lets it through", async () => {
    const { cook, eater, request } = await buildExchange(t.db, { status: "accepted" });
    const spam = "Pay the rest first at paypal.me/elieater and I will come";
    const sent = await postMessage(eater, request.id, spam);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ body: spam, held: true });
    // The writer sees it, marked; the cook sees nothing, and is told nothing.
    expect((await thread(eater, request.id)).messages.map((m: { held: boolean }) => m.held)).toEqual([true]);
    expect((await thread(cook, request.id)).messages).toEqual([]);
    expect(await unreadMessages(cook)).toBe(0);
    const threads = (await t.api({ url: "/api/threads", cookie: cook.cookie })).json();
    expect(JSON.stringify(threads)).not.toContain("paypal");

    const item = await itemFor(admin, "paypal.me/elieater");
    expect(item).toMatchObject({
      kind: "message",
      status: "held",
      link: `/request/${request.id}`,
      author: { id: eater.user.id },
    });
    expect(item.signals).toEqual(expect.arrayContaining(["payment_link", "payment_service"]));
    expect((await decide(admin, item.id, "release")).statusCode).toBe(204);
    expect((await thread(cook, request.id)).messages.map((m: { body: string }) => m.body)).toEqual([spam]);
    expect(await unreadMessages(cook)).toBe(1);
    // Decided once.
    expect((await decide(admin, item.id, "remove")).statusCode).toBe(409);
  });

  it("holds a removed spam text's near-copy on its next try", async () => {
    const { eater, request } = await buildExchange(t.db, { status: "accepted" });
    const first =
      "Cheap homemade meal boxes delivered weekly to your door, order at paypal.me/boxes and claim yours today";
    expect((await postMessage(eater, request.id, first)).json().held).toBe(true);
    const item = await itemFor(admin, "paypal.me/boxes");
    expect((await decide(admin, item.id, "remove")).statusCode).toBe(204);
    // Removed: gone for good, from the writer's view too.
    expect((await thread(eater, request.id)).messages).toEqual([]);

    // The same words without the link raise no signal of their own; their likeness holds them.
    const other = await buildExchange(t.db, { status: "accepted" });
    const copy = "cheap homemade meal boxes, delivered weekly to your door! Order soon and claim yours today";
    const again = await postMessage(other.eater, other.request.id, copy);
    expect(again.json().held).toBe(true);
    expect((await itemFor(admin, "Order soon")).signals).toEqual(["near_copy"]);
    // A neighbour's near-copy is held too; an ordinary message is not.
    await setLevel(other.eater, "neighbour");
    expect((await postMessage(other.eater, other.request.id, copy.replace("soon", "now"))).json().held).toBe(
      true,
    );
    expect(
      (await postMessage(other.eater, other.request.id, "Thanks, see you at six by the blue door")).json()
        .held,
    ).toBe(false);
  });

  it("holds a request's first words: the cook reads the request without them", async () => {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user);
    const asked = await askFor(t, eater.cookie, meal.id, "Add me on WhatsApp +44 7911 123456 for more");
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ messageHeld: true });
    const seen = await thread(cook, asked.json().id);
    expect(seen).toMatchObject({ message: null, messageHeld: false });
    const item = await itemFor(admin, "WhatsApp +44");
    expect(item.kind).toBe("request");
    expect((await decide(admin, item.id, "release")).statusCode).toBe(204);
    expect((await thread(cook, asked.json().id)).message).toContain("WhatsApp");
  });

  it("holds a meal: listed nowhere, not found by others, live once let through", async () => {
    const cook = await buildSignedInUser(t.db);
    const posted = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: cook.cookie,
      payload: mealPayload({ description: "Order more on telegram t.me/cheapfood, pay upfront" }),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const mealId = posted.json().id;
    const stranger = await buildSignedInUser(t.db);
    expect((await t.api({ url: `/api/meals/${mealId}`, cookie: stranger.cookie })).statusCode).toBe(404);
    const list = (await t.api({ url: "/api/meals?area=all", cookie: stranger.cookie })).json();
    expect(list.map((meal: { id: string }) => meal.id)).not.toContain(mealId);
    const own = (await t.api({ url: `/api/meals/${mealId}`, cookie: cook.cookie })).json();
    expect(own).toMatchObject({ isActive: false, held: true });
    // The cook cannot switch it on while it waits.
    const switched = await t.api({
      method: "PUT",
      url: `/api/meals/${mealId}`,
      cookie: cook.cookie,
      payload: { isActive: true },
    });
    expect(switched.statusCode).toBe(403);

    const item = await itemFor(admin, "t.me/cheapfood");
    expect((await decide(admin, item.id, "release")).statusCode).toBe(204);
    expect((await t.api({ url: `/api/meals/${mealId}`, cookie: stranger.cookie })).json()).toMatchObject({
      isActive: true,
      held: false,
    });
  });

  it("holds a bio, and a group: others read none until let through", async () => {
    const writer = await buildSignedInUser(t.db);
    const reader = await buildSignedInUser(t.db);
    const bio = "Bitcoin investment, guaranteed profit, email me at rich@quick.example";
    const saved = await t.api({
      method: "PUT",
      url: "/api/user/profile",
      cookie: writer.cookie,
      payload: { bio },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await t.api({ url: `/api/users/${writer.user.id}`, cookie: reader.cookie })).json().bio,
    ).toBeNull();
    expect((await t.api({ url: `/api/users/${writer.user.id}`, cookie: writer.cookie })).json().bio).toBe(
      bio,
    );

    const group = await t.api({
      method: "POST",
      url: "/api/groups",
      cookie: writer.cookie,
      payload: { name: "Free money club", description: "Earn money from home, click here: bit.ly/x1" },
    });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = group.json().id;
    expect((await t.api({ url: `/api/groups/${groupId}`, cookie: reader.cookie })).statusCode).toBe(404);
    const directory = (await t.api({ url: "/api/groups", cookie: reader.cookie })).json();
    expect(directory.map((g: { id: string }) => g.id)).not.toContain(groupId);

    // The group's owner moderates it, but never their own texts: those wait for a site admin.
    const ownerQueue = (await queue(writer)).json();
    expect(ownerQueue.texts.map((item: { kind: string }) => item.kind)).not.toContain("group");
    const item = await itemFor(admin, "bit.ly/x1");
    expect((await decide(writer, item.id, "release")).statusCode).toBe(404);
    expect((await decide(admin, item.id, "remove")).statusCode).toBe(204);
    expect((await t.api({ url: `/api/groups/${groupId}`, cookie: reader.cookie })).statusCode).toBe(404);
  });
});

describe("a trusted member's suspicious text", () => {
  it("is delivered and flagged; dismissing it changes nothing for the reader", async () => {
    const { cook, eater, request } = await buildExchange(t.db, { status: "accepted" });
    await setLevel(eater, "trusted");
    const text = "My number is +44 7911 123456 if the bell does not work";
    expect((await postMessage(eater, request.id, text)).json().held).toBe(false);
    expect((await thread(cook, request.id)).messages.map((m: { body: string }) => m.body)).toEqual([text]);
    const item = await itemFor(admin, "+44 7911 123456 if");
    expect(item).toMatchObject({ status: "flagged" });
    expect((await decide(admin, item.id, "release")).statusCode).toBe(204);
    expect((await thread(cook, request.id)).messages).toHaveLength(1);

    const log = (await t.api({ url: "/api/moderation/log", cookie: admin.cookie })).json();
    expect(log[0]).toMatchObject({
      action: "dismiss",
      actor: { id: admin.user.id },
      subject: { id: eater.user.id },
    });
    expect(log.map((line: { action: string }) => line.action)).toEqual(
      expect.arrayContaining(["release", "remove"]),
    );
  });

  it("lists new accounts with signals for admins: several accounts on one inbox", async () => {
    await buildSignedInUser(t.db, { email: "twins@mail.example" });
    const twin = await buildSignedInUser(t.db, { email: "twins+2@mail.example" });
    const accounts = (await queue(admin)).json().accounts;
    expect(accounts.find((account: { id: string }) => account.id === twin.user.id)).toMatchObject({
      sharedInbox: 1,
    });
  });
});
