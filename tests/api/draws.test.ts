/**
 * docs/features/fair-shares.md: a free meal given by an open, verifiable draw. The commitment is
 * published when the meal is posted and never changes; entries while open only, one per member, the
 * cook and blocked members refused, requests and the waiting list closed while the draw is open; Draw
 * now by the cook only, once; the scheduled draw once however many run it; winners accepted, the rest on
 * the waiting list in draw order; the revealed secret hashes to the commitment and the order checks out.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyDraw } from "../../src/contract/draw";
import { queryRows } from "../../src/server/db/client";
import { blocks } from "../../src/server/db/schema";
import { runScheduledDraw } from "../../src/server/features/draws/run";
import { buildMeal, buildRequest, buildSignedInUser, hoursFromNow } from "../factories";
import { createTestApp, jobsSettled, openSecondDatabase, type TestApp, testDatabaseKind } from "./harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof buildSignedInUser>>;

/** A neighbour whose account is a month old (two tickets, unless they had a free meal lately). */
const neighbour = (firstName: string) =>
  buildSignedInUser(t.db, { firstName, createdAt: new Date(Date.now() - 30 * 86_400_000) });

async function postDrawMeal(cook: Member, overrides: object = {}) {
  const posted = await t.api({
    method: "POST",
    url: "/api/meals",
    cookie: cook.cookie,
    payload: {
      title: "Sunday roast",
      description: "A big tray.",
      kind: "free",
      portionSize: 2,
      ingredients: "potatoes, carrots",
      pickupLocation: "Hall",
      pickupWindowStart: hoursFromNow(3),
      pickupWindowEnd: hoursFromNow(5),
      allocation: "draw",
      ...overrides,
    },
  });
  expect(posted.statusCode, posted.body).toBe(201);
  return posted.json() as { id: string; allocation: string };
}

const draw = (member: Member, mealId: string) =>
  t.api({ url: `/api/meals/${mealId}/draw`, cookie: member.cookie });
const enter = (member: Member, mealId: string, portions = 1) =>
  t.api({
    method: "POST",
    url: `/api/meals/${mealId}/draw/entry`,
    cookie: member.cookie,
    payload: { portions },
  });
const drawNow = (member: Member, mealId: string) =>
  t.api({ method: "POST", url: `/api/meals/${mealId}/draw/run`, cookie: member.cookie });

describe("a meal given by a draw", () => {
  it("publishes its commitment at once, takes entries while open, and refuses requests meanwhile", async () => {
    const cook = await neighbour("Cora");
    const meal = await postDrawMeal(cook);
    expect(meal.allocation).toBe("draw");
    const before = (await draw(cook, meal.id)).json();
    expect(before.published).toMatchObject({
      algorithm: "mealshare-draw-v1",
      secret: null,
      order: null,
      drawnAt: null,
    });
    expect(before.published.commitment).toMatch(/^[0-9a-f]{64}$/);
    // Entries close an hour after posting by default.
    expect(Math.abs(Date.parse(before.published.closesAt) - (Date.now() + 3_600_000))).toBeLessThan(60_000);

    const ana = await neighbour("Ana");
    const entered = await enter(ana, meal.id, 2);
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json()).toMatchObject({ entries: 1, mine: { portions: 2, tickets: 2 } });
    // Once per member: entering again changes the portions.
    expect((await enter(ana, meal.id, 1)).json()).toMatchObject({ entries: 1, mine: { portions: 1 } });
    expect((await enter(cook, meal.id)).statusCode).toBe(403);
    const blocked = await neighbour("Bo");
    await t.db.insert(blocks).values({ blockerId: cook.user.id, blockedId: blocked.user.id });
    expect((await enter(blocked, meal.id)).statusCode).toBe(403);
    expect((await enter(ana, meal.id, 3)).statusCode).toBe(400);
    // A suspended account is signed out everywhere: its entry is refused.
    const suspended = await neighbour("Sus");
    await queryRows(t.db, sql`update users set suspended_at = now() where id = ${suspended.user.id}`);
    expect((await enter(suspended, meal.id)).statusCode).toBe(401);

    const asking = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: ana.cookie,
      payload: { mealId: meal.id, message: "Please" },
    });
    expect(asking.statusCode).toBe(409);
    expect(asking.json().code).toBe("draw_open");
    const waiting = await t.api({
      method: "POST",
      url: `/api/meals/${meal.id}/waitlist`,
      cookie: ana.cookie,
      payload: { portions: 1 },
    });
    expect([409]).toContain(waiting.statusCode);

    const left = await t.api({
      method: "DELETE",
      url: `/api/meals/${meal.id}/draw/entry`,
      cookie: ana.cookie,
    });
    expect(left.json()).toMatchObject({ entries: 0, mine: null });
  });

  it("is refused for a paid meal, and closes by the pickup start", async () => {
    const cook = await buildSignedInUser(t.db, { isRegisteredCook: true });
    const base = {
      title: "Paid pie",
      description: "d",
      kind: "paid",
      priceCents: 500,
      portionSize: 2,
      ingredients: "i",
      pickupLocation: "Hall",
      pickupWindowStart: hoursFromNow(2),
      pickupWindowEnd: hoursFromNow(4),
      allocation: "draw",
    };
    const paid = await t.api({ method: "POST", url: "/api/meals", cookie: cook.cookie, payload: base });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().errors.allocation).toBe("Only free meals can be given by a draw or by your choice");
    const late = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: cook.cookie,
      payload: { ...base, kind: "free", priceCents: null, drawClosesAt: hoursFromNow(3) },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.drawClosesAt).toBe("Entries must close by the start of the pickup");
  });

  it("Draw now: the cook only, once; winners accepted and told, the rest on the waiting list in draw order, and it checks out", async () => {
    const cook = await neighbour("Dora");
    const meal = await postDrawMeal(cook, { portionSize: 2 });
    const first = (await draw(cook, meal.id)).json();
    const commitment = first.published.commitment;
    // What the draw's abilities say is what Draw now answers: nobody has entered yet.
    expect(first.abilities.drawNow.refusal.code).toBe("no_entries");
    expect((await drawNow(cook, meal.id)).json().code).toBe("no_entries");
    const people = await Promise.all(["Eli", "Fay", "Gus", "Hal"].map(neighbour));
    for (const person of people) expect((await enter(person, meal.id)).statusCode).toBe(200);
    // Someone who had a free meal lately has one ticket.
    const recent = await neighbour("Ivy");
    const other = await buildMeal(t.db, (await neighbour("Jo")).user, { kind: "free" });
    await buildRequest(t.db, other, recent.user, { status: "completed" });
    expect((await enter(recent, meal.id)).json().mine.tickets).toBe(1);

    expect((await draw(people[0], meal.id)).json().abilities.drawNow.refusal.code).toBe("forbidden");
    expect((await drawNow(people[0], meal.id)).statusCode).toBe(403);
    expect((await draw(cook, meal.id)).json().abilities.drawNow.allowed).toBe(true);
    const made = await drawNow(cook, meal.id);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({ drawn: true, winners: 2, waiting: 3 });
    expect((await drawNow(cook, meal.id)).json().code).toBe("already_drawn");
    expect((await draw(cook, meal.id)).json().abilities.drawNow.refusal.code).toBe("already_drawn");
    expect((await enter(await neighbour("Kim"), meal.id)).json().code).toBe("draw_closed");

    const published = (await draw(people[1], meal.id)).json().published;
    expect(published.commitment).toBe(commitment);
    expect(createHash("sha256").update(Buffer.from(published.secret, "hex")).digest("hex")).toBe(commitment);
    expect(verifyDraw(published).ok).toBe(true);
    expect(published.entrants).toHaveLength(5);

    // The order, by member: the entries' ids are their pseudonyms.
    const entries = await queryRows<{ id: string; user_id: string }>(
      t.db,
      sql`select id, user_id from draw_entries where meal_id = ${meal.id}`,
    );
    const memberOf = new Map(entries.map((entry) => [entry.id, entry.user_id]));
    const order: string[] = published.order.map((id: string) => memberOf.get(id));
    const accepted = await queryRows<{ eater_id: string }>(
      t.db,
      sql`select eater_id from requests where meal_id = ${meal.id} and status = 'accepted' order by eater_id`,
    );
    expect(accepted.map((row) => row.eater_id)).toEqual([...order.slice(0, 2)].sort());
    const line = await queryRows<{ user_id: string }>(
      t.db,
      sql`select user_id from waitlist_entries where meal_id = ${meal.id} and status = 'waiting' order by created_at, id`,
    );
    expect(line.map((row) => row.user_id)).toEqual(order.slice(2));
    // Each entrant's result, in draw order, for the page's plain words: the first two got their portion,
    // the others are 1st, 2nd, 3rd on the waiting list.
    expect(published.results).toEqual([
      { id: published.order[0], outcome: "portions", portions: 1 },
      { id: published.order[1], outcome: "portions", portions: 1 },
      { id: published.order[2], outcome: "waiting", place: 1 },
      { id: published.order[3], outcome: "waiting", place: 2 },
      { id: published.order[4], outcome: "waiting", place: 3 },
    ]);
    // Anyone with the link reads it signed out: the same results and check, no entry or tickets of theirs.
    const open = await t.api({ url: `/api/meals/${meal.id}/draw` });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({
      mine: null,
      ticketsIfEntered: null,
      published: { results: published.results },
    });
    expect(JSON.stringify(open.json())).not.toMatch(/Dora|Eli|Fay|Gus|Hal|Ivy/);
    // Places in line are told by the job the draw leaves.
    await jobsSettled(t.db);
    const told = await queryRows<{ user_id: string; text: string }>(
      t.db,
      sql`select user_id, text from notifications where type in ('request_status', 'draw')
          and (link like ${`%${meal.id}%`} or link like '/request/%') and user_id = any(${sql.raw(`array[${order.map((id) => `'${id}'::uuid`).join(",")}]`)})`,
    );
    expect(told.find((row) => row.user_id === order[0])?.text).toBe(
      'You were drawn for "Sunday roast": the portions you asked for are yours',
    );
    expect(told.find((row) => row.user_id === order[3])?.text).toBe(
      'The draw for "Sunday roast" is made: you are number 2 on the waiting list',
    );
    // After the draw, what is left is requested as usual: none is left here.
    const late = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: (await neighbour("Lou")).cookie,
      payload: { mealId: meal.id, message: "Any left?" },
    });
    expect(late.json().code).toBe("fully_reserved");
  });

  it("signed out, a members-only or hidden meal's draw is not found, like the meal", async () => {
    const cook = await neighbour("Mae");
    const group = await t.api({
      method: "POST",
      url: "/api/groups",
      cookie: cook.cookie,
      payload: { name: "Mae's landing", description: "d", rules: "Be kind.", joinRule: "open" },
    });
    for (const hidden of [{ membersOnly: true, groupId: group.json().id }, { hiddenByAdmin: true }]) {
      const meal = await buildMeal(t.db, cook.user, { kind: "free", ...hidden });
      const answer = await t.api({ url: `/api/meals/${meal.id}/draw` });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe("Meal not found");
    }
  });

  it("the scheduled draw runs once however many run it, and not before entries close", async () => {
    const cook = await neighbour("Mo");
    const meal = await postDrawMeal(cook, { portionSize: 1 });
    for (const name of ["Nia", "Oli", "Pat"]) await enter(await neighbour(name), meal.id);
    expect((await runScheduledDraw(t.db, { mealId: meal.id }, null)).drawn).toBe(false);
    await queryRows(
      t.db,
      sql`update meal_draws set closes_at = now() - interval '1 second' where meal_id = ${meal.id}`,
    );
    const runs = await Promise.all([1, 2, 3].map(() => runScheduledDraw(t.db, { mealId: meal.id }, null)));
    expect(runs.filter((run) => run.drawn)).toHaveLength(1);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from requests where meal_id = ${meal.id}`,
    );
    expect(n).toBe(1);
    // The job was queued for the closing time when the meal was posted.
    const [job] = await queryRows<{ start_after: Date }>(
      t.db,
      sql`select start_after from pgboss.job where name = 'meal-draw' and data->>'mealId' = ${meal.id}`,
    );
    expect(job).toBeDefined();
  });
});

describe("the fair-use limit (FREE_MEALS_PER_28_DAYS)", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ config: { freeMealsPer28Days: 2 } });
  });
  afterAll(() => limited.close());

  it("refuses a request, a waiting-list place and a draw entry beyond it, saying when the next is possible", async () => {
    const member = await buildSignedInUser(limited.db, { createdAt: new Date(Date.now() - 60 * 86_400_000) });
    const cook = await buildSignedInUser(limited.db);
    // Two free meals received in the window, one long before it, one only asked for.
    const now = Math.floor(Date.now() / 1000) * 1000;
    const days = (n: number) => new Date(now - n * 86_400_000);
    for (const [status, createdAt] of [
      ["completed", days(20)],
      ["accepted", days(2)],
      ["completed", days(40)],
      ["declined", days(1)],
    ] as const) {
      const meal = await buildMeal(limited.db, cook.user, { kind: "free" });
      await buildRequest(limited.db, meal, member.user, { status, createdAt });
    }
    const use = await limited.api({ url: "/api/user/fair-use", cookie: member.cookie });
    expect(use.json()).toEqual({
      limit: 2,
      used: 2,
      nextAt: new Date(days(20).getTime() + 28 * 86_400_000).toISOString(),
    });

    const soup = await buildMeal(limited.db, cook.user, { kind: "free", portionSize: 1 });
    const asked = await limited.api({
      method: "POST",
      url: "/api/requests",
      cookie: member.cookie,
      payload: { mealId: soup.id, message: "One more?" },
    });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().code).toBe("fair_use");
    expect(asked.json().message).toBe(
      `You have had 2 free meals in the last 28 days, the limit here. Your next is possible on ${use.json().nextAt.slice(0, 10)}.`,
    );
    // Full meal: the waiting list is refused the same way.
    await buildRequest(limited.db, soup, (await buildSignedInUser(limited.db)).user, { status: "accepted" });
    const waiting = await limited.api({
      method: "POST",
      url: `/api/meals/${soup.id}/waitlist`,
      cookie: member.cookie,
      payload: { portions: 1 },
    });
    expect(waiting.json().code).toBe("fair_use");
    const drawCook = await buildSignedInUser(limited.db);
    const posted = await limited.api({
      method: "POST",
      url: "/api/meals",
      cookie: drawCook.cookie,
      payload: {
        title: "Raffle risotto",
        description: "d",
        kind: "free",
        portionSize: 2,
        ingredients: "rice",
        pickupLocation: "Hall",
        pickupWindowStart: hoursFromNow(3),
        pickupWindowEnd: hoursFromNow(5),
        allocation: "draw",
      },
    });
    const entry = await limited.api({
      method: "POST",
      url: `/api/meals/${posted.json().id}/draw/entry`,
      cookie: member.cookie,
      payload: { portions: 1 },
    });
    expect(entry.json().code).toBe("fair_use");

    // Below the limit, nothing changes; without a limit, there is none.
    const other = await buildSignedInUser(limited.db);
    expect((await limited.api({ url: "/api/user/fair-use", cookie: other.cookie })).json()).toEqual({
      limit: 2,
      used: 0,
      nextAt: null,
    });
    expect(
      (await t.api({ url: "/api/user/fair-use", cookie: (await buildSignedInUser(t.db)).cookie })).json(),
    ).toMatchObject({
      limit: null,
    });
  });
});

describe("I choose (docs/features/fair-shares.md point 5)", () => {
  it("shows the cook each requester's free meals lately, and declines the rest together once the chosen have every portion", async () => {
    const cook = await neighbour("Uma");
    const posted = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: cook.cookie,
      payload: {
        title: "Chosen chili",
        description: "d",
        kind: "free",
        portionSize: 2,
        ingredients: "beans",
        pickupLocation: "Hall",
        pickupWindowStart: hoursFromNow(3),
        pickupWindowEnd: hoursFromNow(5),
        allocation: "choose",
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const meal = posted.json();
    expect(meal.allocation).toBe("choose");
    const [vic, wes, xan] = await Promise.all(["Vic", "Wes", "Xan"].map(neighbour));
    // Wes had a free meal lately.
    await buildRequest(
      t.db,
      await buildMeal(t.db, (await neighbour("Yul")).user, { kind: "free" }),
      wes.user,
      {
        status: "completed",
      },
    );
    const ids: Record<string, string> = {};
    for (const [name, member] of [
      ["vic", vic],
      ["wes", wes],
      ["xan", xan],
    ] as const) {
      const asked = await t.api({
        method: "POST",
        url: "/api/requests",
        cookie: member.cookie,
        payload: { mealId: meal.id, message: "Please" },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      ids[name] = asked.json().id;
    }
    const incoming = (await t.api({ url: "/api/requests?type=incoming", cookie: cook.cookie })).json() as {
      id: string;
      eaterRecentFreeMeals: number | null;
    }[];
    const lately = Object.fromEntries(incoming.map((request) => [request.id, request.eaterRecentFreeMeals]));
    expect([lately[ids.vic], lately[ids.wes], lately[ids.xan]]).toEqual([0, 1, 0]);
    // The eater is never shown it.
    expect(
      (await t.api({ url: `/api/requests/${ids.vic}`, cookie: vic.cookie })).json().eaterRecentFreeMeals,
    ).toBeNull();

    const accept = (id: string) =>
      t.api({
        method: "PUT",
        url: `/api/requests/${id}/status`,
        cookie: cook.cookie,
        payload: { status: "accepted" },
      });
    expect((await accept(ids.xan)).statusCode).toBe(200);
    const statusOf = async (id: string, member: Member) =>
      (await t.api({ url: `/api/requests/${id}`, cookie: member.cookie })).json().status;
    expect(await statusOf(ids.vic, vic)).toBe("pending");
    expect((await accept(ids.vic)).statusCode).toBe(200);
    expect(await statusOf(ids.wes, wes)).toBe("declined");
    const [told] = await queryRows<{ text: string }>(
      t.db,
      sql`select text from notifications where user_id = ${wes.user.id} and request_id = ${ids.wes}`,
    );
    expect(told.text).toBe(
      'All portions of "Chosen chili" have gone to other neighbours: your request was declined',
    );
  });
});

describe("one draw across instances and a restart", () => {
  it("Draw now sent to two instances at once draws once; a restarted instance's late job changes nothing", async () => {
    const second = testDatabaseKind() === "postgres" ? await openSecondDatabase(t.database.url!) : undefined;
    const other = second ? await createTestApp({ database: second }) : t;
    try {
      const cook = await neighbour("Zed");
      const meal = await postDrawMeal(cook, { portionSize: 1 });
      for (const name of ["Ada", "Ben", "Cat"]) await enter(await neighbour(name), meal.id);
      const runs = await Promise.all(
        [t, other].map((app) =>
          app.api({ method: "POST", url: `/api/meals/${meal.id}/draw/run`, cookie: cook.cookie }),
        ),
      );
      expect(runs.map((run) => run.statusCode).sort()).toEqual([200, 409]);
      const order = (await draw(cook, meal.id)).json().published.order;
      // A "restart": the closing time passes and the job, run again on the other instance, finds it made.
      await queryRows(
        t.db,
        sql`update meal_draws set closes_at = now() - interval '1 second' where meal_id = ${meal.id}`,
      );
      expect((await runScheduledDraw(other.db, { mealId: meal.id }, null)).drawn).toBe(false);
      expect((await draw(cook, meal.id)).json().published.order).toEqual(order);
      const [{ n }] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from requests where meal_id = ${meal.id} and status = 'accepted'`,
      );
      expect(n).toBe(1);
    } finally {
      if (other !== t) await other.close();
      await second?.close();
    }
  });
});
