/**
 * Trust earned by real exchanges (docs/decisions/020): the hostile cases first — five accounts of one
 * person, accounts that only exchange with and vouch for one another — then each newcomer limit at its
 * line, vouches, a draw for neighbours, and the badge a cook is shown.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { buildMeal, buildSignedInUser, hoursFromNow, mealPayload } from "../factories";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "./harness";
import { askFor, setStatus } from "./steps";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FREE_MEALS_PER_28_DAYS: "2" } });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
const member = (overrides: Parameters<typeof buildSignedInUser>[1] = {}) =>
  buildSignedInUser(t.db, overrides);

/** The deployment's admin: trusted by definition, the root every other member's trust grows from. */
let admin: Member;
beforeAll(async () => {
  admin = await member({ email: ADMIN_EMAIL, firstName: "Ada" });
});

/**
 * A completed exchange: `eater` asks for a fresh meal of `cook`'s (paid, so the fair-use limit of this
 * file stays out of it), the cook hands it over and the eater says they have it.
 */
async function exchange(cook: Member, eater: Member) {
  const meal = await buildMeal(t.db, cook.user, { kind: "paid", priceCents: 300 });
  const asked = await askFor(t, eater.cookie, meal.id);
  expect(asked.statusCode, asked.body).toBe(201);
  expect((await setStatus(t, cook.cookie, asked.json().id, "completed")).statusCode).toBe(200);
  const done = await setStatus(t, eater.cookie, asked.json().id, "completed");
  expect(done.json().status, done.body).toBe("completed");
}

const trustOf = async (who: Member) => (await t.api({ url: "/api/user/trust", cookie: who.cookie })).json();
const vouch = (voucher: Member, vouchee: Member) =>
  t.api({ method: "PUT", url: `/api/users/${vouchee.user.id}/vouch`, cookie: voucher.cookie });

/** Five addresses that reach one Gmail inbox: case, plus-tags and dots. */
const oneInbox = (name: string) => [
  `${name}@gmail.com`,
  `${name.toUpperCase()}@Gmail.com`,
  `${name}+meals@gmail.com`,
  `${name.slice(0, 2)}.${name.slice(2)}@googlemail.com`,
  `${name.split("").join(".")}+x@gmail.com`,
];

describe("one person, one share: five accounts of one inbox", () => {
  it("share one newcomer's open requests, one fair-use allowance and one place in a draw", async () => {
    const accounts = await Promise.all(oneInbox("jodoe").map((email) => member({ email })));
    const stored = await queryRows<{ inbox_key: string }>(
      t.db,
      sql`select distinct inbox_key from users where id = any(${`{${accounts.map((a) => a.user.id).join(",")}}`}::uuid[])`,
    );
    expect(stored).toEqual([{ inbox_key: "jodoe@gmail.com" }]);

    // Open requests: three between all five, however they are spread.
    const cooks = await Promise.all([1, 2, 3, 4, 5].map(() => member()));
    const meals = await Promise.all(cooks.map((cook) => buildMeal(t.db, cook.user, { portionSize: 5 })));
    for (const [index, account] of accounts.slice(0, 3).entries()) {
      expect((await askFor(t, account.cookie, meals[index].id)).statusCode).toBe(201);
    }
    const fourth = await askFor(t, accounts[3].cookie, meals[3].id);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toMatchObject({
      code: "newcomer_limit",
      message: "Newcomers can have 3 open requests; a completed pickup lifts this.",
    });
    // The same meal twice, from two accounts of one person: one share.
    const twice = await askFor(t, accounts[4].cookie, meals[0].id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: "same_person" });

    // Fair use (2 free meals in 28 days here): accepted for two accounts, refused for the third.
    const requests = await queryRows<{ id: string; feeder_id: string }>(
      t.db,
      sql`select id, feeder_id from requests where eater_id = any(${`{${accounts.map((a) => a.user.id).join(",")}}`}::uuid[]) order by created_at`,
    );
    const cookOf = (feederId: string) => cooks.find((cook) => cook.user.id === feederId)!;
    expect(
      (await setStatus(t, cookOf(requests[0].feeder_id).cookie, requests[0].id, "accepted")).statusCode,
    ).toBe(200);
    expect(
      (await setStatus(t, cookOf(requests[1].feeder_id).cookie, requests[1].id, "accepted")).statusCode,
    ).toBe(200);
    const third = await setStatus(t, cookOf(requests[2].feeder_id).cookie, requests[2].id, "accepted");
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe("fair_use");

    // A draw: one of the five enters; the others are refused as the same person.
    const drawCook = await member();
    const drawn = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: drawCook.cookie,
      payload: mealPayload({
        allocation: "draw",
        pickupWindowStart: hoursFromNow(3),
        pickupWindowEnd: hoursFromNow(5),
      }),
    });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const entry = (account: Member) =>
      t.api({
        method: "POST",
        url: `/api/meals/${drawn.json().id}/draw/entry`,
        cookie: account.cookie,
        payload: { portions: 1 },
      });
    // The fair use is spent: cancel one accepted meal first, so the draw's own rule is what answers.
    await setStatus(t, accounts[0].cookie, requests[0].id, "cancelled");
    expect((await entry(accounts[0])).statusCode).toBe(200);
    for (const other of accounts.slice(1)) {
      const refused = await entry(other);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe("same_person");
    }
    expect(
      (await t.api({ url: `/api/meals/${drawn.json().id}/draw`, cookie: drawCook.cookie })).json().entries,
    ).toBe(1);
  });

  it("cannot make each other neighbours or trusted: exchanges within one person count for nothing", async () => {
    const accounts = await Promise.all(oneInbox("sockpuppet").map((email) => member({ email })));
    for (const cook of accounts) {
      for (const eater of accounts) if (eater !== cook) await exchange(cook, eater);
    }
    for (const account of accounts) {
      expect(await trustOf(account)).toMatchObject({ level: "newcomer", exchanges: 0, partners: 0 });
    }
    const refused = await vouch(accounts[0], accounts[1]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("same_person");
  });

  it("with five inboxes they become neighbours among themselves, but never trusted: nobody trusted vouched", async () => {
    const ring = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => member({ email: `ring-${n}-${Date.now()}@mail.test` })),
    );
    for (const cook of ring) {
      for (const eater of ring) if (eater !== cook) await exchange(cook, eater);
    }
    for (const account of ring) {
      expect(await trustOf(account)).toMatchObject({
        level: "neighbour",
        partners: 4,
        exchanges: 8,
        vouches: 0,
      });
    }
    // A neighbour's vouch is not a trusted member's: refused, so the ring cannot lift itself.
    const refused = await vouch(ring[0], ring[1]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "not_trusted",
      message: "Only trusted members can vouch for others.",
    });
    expect((await trustOf(ring[1])).level).toBe("neighbour");
  });
});

describe("a newcomer's limits, each at its line, and lifted by a completed pickup", () => {
  it("answers 401 signed out", async () => {
    expect((await t.api({ url: "/api/user/trust" })).statusCode).toBe(401);
    expect((await t.api({ method: "PUT", url: `/api/users/${crypto.randomUUID()}/vouch` })).statusCode).toBe(
      401,
    );
  });

  it("publishes the limits with the member's level", async () => {
    const newcomer = await member();
    const own = await trustOf(newcomer);
    expect(own).toMatchObject({
      level: "newcomer",
      exchanges: 0,
      partners: 0,
      vouches: 0,
      newcomerLimits: { openRequests: 3, linksPerText: 1, drawEntries: 2, newContactsPerDay: 5 },
    });
    // Each limit's sentence, as the page says it where it applies.
    expect(own.notes.openRequests).toEqual({
      key: "Newcomers can have {{count}} open requests; a completed pickup lifts this.",
      params: { count: 3 },
    });
  });

  it("five new cooks a day; a cook asked before is no new contact", async () => {
    const newcomer = await member();
    const cooks = await Promise.all([1, 2, 3, 4, 5, 6].map(() => member()));
    for (const cook of cooks.slice(0, 5)) {
      const meal = await buildMeal(t.db, cook.user);
      const asked = await askFor(t, newcomer.cookie, meal.id);
      expect(asked.statusCode).toBe(201);
      // Cancelled, so the open-request limit is not what answers below.
      await setStatus(t, newcomer.cookie, asked.json().id, "cancelled");
    }
    const sixth = await askFor(t, newcomer.cookie, (await buildMeal(t.db, cooks[5].user)).id);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().message).toBe("Newcomers can ask 5 new cooks a day; a completed pickup lifts this.");
    expect((await askFor(t, newcomer.cookie, (await buildMeal(t.db, cooks[0].user)).id)).statusCode).toBe(
      201,
    );
  });

  it("one link in a text, and two draws at a time", async () => {
    const newcomer = await member();
    const cook = await member();
    const meal = await buildMeal(t.db, cook.user);
    const twoLinks = await askFor(
      t,
      newcomer.cookie,
      meal.id,
      "My recipes: https://recipes.example.org/a and https://recipes.example.org/b",
    );
    expect(twoLinks.statusCode).toBe(403);
    expect(twoLinks.json().message).toBe(
      "Newcomers can put 1 link in a text; a completed pickup lifts this.",
    );
    expect(
      (await askFor(t, newcomer.cookie, meal.id, "Recipe: https://recipes.example.org/a")).statusCode,
    ).toBe(201);

    const drawMeals = [];
    for (const _ of [1, 2, 3]) {
      const posted = await t.api({
        method: "POST",
        url: "/api/meals",
        cookie: cook.cookie,
        payload: mealPayload({
          allocation: "draw",
          pickupWindowStart: hoursFromNow(3),
          pickupWindowEnd: hoursFromNow(5),
        }),
      });
      drawMeals.push(posted.json().id as string);
    }
    const enter = (mealId: string, who: Member) =>
      t.api({
        method: "POST",
        url: `/api/meals/${mealId}/draw/entry`,
        cookie: who.cookie,
        payload: { portions: 1 },
      });
    expect((await enter(drawMeals[0], newcomer)).statusCode).toBe(200);
    expect((await enter(drawMeals[1], newcomer)).statusCode).toBe(200);
    const third = await enter(drawMeals[2], newcomer);
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toBe(
      "Newcomers can be in 2 draws at a time; a completed pickup lifts this.",
    );

    // The meal page says so before they try.
    const page = (await t.api({ url: `/api/meals/${drawMeals[2]}`, cookie: newcomer.cookie })).json();
    expect(page.abilities.enterDraw).toMatchObject({ allowed: false, refusal: { code: "newcomer_limit" } });

    // A completed pickup makes them a neighbour: no more limits.
    await exchange(await member(), newcomer);
    expect((await trustOf(newcomer)).level).toBe("neighbour");
    expect((await enter(drawMeals[2], newcomer)).statusCode).toBe(200);
    const many = await askFor(
      t,
      newcomer.cookie,
      (await buildMeal(t.db, (await member()).user)).id,
      "https://a.example.org https://b.example.org https://c.example.org",
    );
    expect(many.statusCode).toBe(201);
  });

  it("a neighbour holds more than three open requests", async () => {
    const eater = await member();
    await exchange(await member(), eater);
    for (const _ of [1, 2, 3, 4]) {
      expect(
        (await askFor(t, eater.cookie, (await buildMeal(t.db, (await member()).user)).id)).statusCode,
      ).toBe(201);
    }
  });
});

describe("vouches: a trusted member's word after an exchange together", () => {
  it("refuses one without an exchange together, and for oneself", async () => {
    const stranger = await member();
    const noExchange = await vouch(admin, stranger);
    expect(noExchange.statusCode).toBe(403);
    expect(noExchange.json()).toMatchObject({
      code: "no_exchange",
      message: "You can vouch only for someone you completed an exchange with.",
    });
    expect((await vouch(admin, admin)).statusCode).toBe(404);
    const unknown = `/api/users/${crypto.randomUUID()}/vouch`;
    expect((await t.api({ method: "PUT", url: unknown, cookie: admin.cookie })).statusCode).toBe(404);
  });

  it("counts once, makes a member with exchanges with three people trusted, and a trusted member gives three a week", async () => {
    const candidate = await member();
    // Exchanges with three people, the admin among them.
    await exchange(admin, candidate);
    await exchange(await member(), candidate);
    expect((await trustOf(candidate)).level).toBe("neighbour");
    await exchange(candidate, await member());
    expect(await trustOf(candidate)).toMatchObject({ level: "neighbour", partners: 3 });
    expect((await vouch(admin, candidate)).json()).toEqual({ userId: candidate.user.id, vouched: true });
    expect((await vouch(admin, candidate)).statusCode).toBe(200);
    expect(await trustOf(candidate)).toMatchObject({ level: "trusted", vouches: 1 });
    // Their profile says Trusted Member.
    const profile = (await t.api({ url: `/api/users/${candidate.user.id}`, cookie: admin.cookie })).json();
    expect(profile.rating.trustedMember).toBe(true);

    // Now trusted, they vouch in turn: three a week.
    for (const _ of [1, 2, 3]) {
      const other = await member();
      await exchange(candidate, other);
      expect((await vouch(candidate, other)).statusCode).toBe(200);
      expect((await trustOf(other)).vouches).toBe(1);
    }
    const fourth = await member();
    await exchange(candidate, fourth);
    const refused = await vouch(candidate, fourth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("vouch_limit");
  });
});

describe("a draw for neighbours, and the badge a cook is shown", () => {
  it("keeps newcomers out of a draw for neighbours, and publishes who may enter", async () => {
    const cook = await member();
    const posted = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: cook.cookie,
      payload: mealPayload({
        allocation: "draw",
        drawEligibility: "neighbours",
        pickupWindowStart: hoursFromNow(3),
        pickupWindowEnd: hoursFromNow(5),
      }),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const mealId = posted.json().id;
    const published = (await t.api({ url: `/api/meals/${mealId}/draw` })).json();
    expect(published.published.eligibility).toBe("neighbours");
    const newcomer = await member();
    const refused = await t.api({
      method: "POST",
      url: `/api/meals/${mealId}/draw/entry`,
      cookie: newcomer.cookie,
      payload: { portions: 1 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("draw_for_neighbours");
    const neighbour = await member();
    await exchange(await member(), neighbour);
    expect(
      (
        await t.api({
          method: "POST",
          url: `/api/meals/${mealId}/draw/entry`,
          cookie: neighbour.cookie,
          payload: { portions: 1 },
        })
      ).statusCode,
    ).toBe(200);
    // Only a draw says who may enter.
    const wrong = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: cook.cookie,
      payload: mealPayload({ drawEligibility: "neighbours" }),
    });
    expect(wrong.statusCode).toBe(400);
  });

  it("shows the cook 'new neighbour' or the count of exchanges, and the eater nothing of their own", async () => {
    const cook = await member();
    const newcomer = await member();
    const asked = await askFor(t, newcomer.cookie, (await buildMeal(t.db, cook.user)).id);
    const incoming = (await t.api({ url: "/api/requests?type=incoming", cookie: cook.cookie })).json();
    expect(incoming.find((r: { id: string }) => r.id === asked.json().id).eaterTrust).toEqual({
      level: "newcomer",
      exchanges: 0,
    });
    expect(asked.json().eaterTrust).toBeNull();
    await exchange(await member(), newcomer);
    await exchange(await member(), newcomer);
    const thread = (await t.api({ url: `/api/requests/${asked.json().id}`, cookie: cook.cookie })).json();
    expect(thread.eaterTrust).toEqual({ level: "neighbour", exchanges: 2 });
  });
});
