/**
 * Households and real pickups (docs/features/households.md): several portions per request, accepting
 * fewer, concurrent accepts that never overbook; the waiting list, its offers, their lapse and the next
 * in line; the pickup code (five wrong tries lock it), confirmations from both sides, the winding-up
 * job's completions and no-shows, late cancellations; reliability on profiles and incoming requests;
 * weekly meals made once a week by the job, across two instances and a restart on PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedMoves } from "../../src/contract/requests";
import { type Database, queryRows } from "../../src/server/db/client";
import { blocks, meals, requests, users } from "../../src/server/db/schema";
import { makeOccurrence, occurrenceStart } from "../../src/server/features/meals/series";
import { postOccurrence } from "../../src/server/features/posting/service";
import { settlePickup } from "../../src/server/features/requests/pickup";
import { lapseHeldOffer, offerFreedPortions } from "../../src/server/features/requests/waitlist";
import { buildMeal, buildRequest, buildSignedInUser, buildUser, hoursFromNow } from "../factories";
import {
  ADMIN_EMAIL,
  createTestApp,
  jobsSettled,
  openSecondDatabase,
  type TestApp,
  testDatabaseKind,
} from "./harness";
import { setStatus } from "./steps";

const HOUR = 60 * 60 * 1000;

describe("households and pickups", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const request = (cookie: string, mealId: string, portions?: number) =>
    t.api({ method: "POST", url: "/api/requests", cookie, payload: { mealId, message: null, portions } });
  const enterCode = (cookie: string, id: string, code: string) =>
    t.api({ method: "POST", url: `/api/requests/${id}/pickup-code`, cookie, payload: { code } });
  const thread = async (cookie: string, id: string) =>
    (await t.api({ url: `/api/requests/${id}`, cookie })).json();
  const portionsLeft = async (cookie: string, mealId: string) =>
    (await t.api({ url: `/api/meals/${mealId}`, cookie })).json().portionsLeft;

  describe("portions per request", () => {
    it("asks for several portions, up to those left, and the cook may accept fewer", async () => {
      const cook = await buildSignedInUser(t.db, { firstName: "Cora", lastName: "Cook" });
      const family = await buildSignedInUser(t.db, { firstName: "Fay", lastName: "Family" });
      const meal = await buildMeal(t.db, cook.user, { title: "Lasagne", portionSize: 4 });
      expect((await request(family.cookie, meal.id, 5)).json()).toMatchObject({
        code: "not_enough_portions",
      });
      const sent = await request(family.cookie, meal.id, 3);
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({ portions: 3, portionsRequested: 3, status: "pending" });
      expect(await portionsLeft(cook.cookie, meal.id)).toBe(4);

      const tooMany = await setStatus(t, cook.cookie, sent.json().id, { status: "accepted", portions: 4 });
      expect(tooMany.statusCode).toBe(400);
      const accepted = await setStatus(t, cook.cookie, sent.json().id, { status: "accepted", portions: 2 });
      expect(accepted.json()).toMatchObject({ status: "accepted", portions: 2, portionsRequested: 3 });
      expect(await portionsLeft(cook.cookie, meal.id)).toBe(2);
      // The status notice, whichever comes first: the pickup reminder's job may add its own right after.
      const told = (await t.api({ url: "/api/notifications", cookie: family.cookie }))
        .json()
        .find((notification: { type: string }) => notification.type === "request_status");
      expect(told.text).toBe('Cora C. accepted 2 of the 3 portions you asked for of "Lasagne"');
      // The eater may still cancel, and the portions come back.
      expect((await setStatus(t, family.cookie, sent.json().id, { status: "cancelled" })).statusCode).toBe(
        200,
      );
      expect(await portionsLeft(cook.cookie, meal.id)).toBe(4);
    });

    it("lets concurrent accepts over several portions take no more than there are", async () => {
      const cook = await buildSignedInUser(t.db);
      const meal = await buildMeal(t.db, cook.user, { portionSize: 5 });
      const pending = await Promise.all(
        Array.from({ length: 6 }, async () =>
          buildRequest(t.db, meal, await buildUser(t.db), { portions: 2, portionsRequested: 2 }),
        ),
      );
      const results = await Promise.all(
        pending.map((r) => setStatus(t, cook.cookie, r.id, { status: "accepted" })),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
      expect(await portionsLeft(cook.cookie, meal.id)).toBe(1);
      const [{ taken }] = await queryRows<{ taken: number }>(
        t.db,
        sql`select coalesce(sum(portions), 0)::int as taken from requests where meal_id = ${meal.id} and status = 'accepted'`,
      );
      expect(Number(taken)).toBe(4);
    });
  });

  describe("the waiting list", () => {
    async function fullMeal(portionSize = 2) {
      const cook = await buildSignedInUser(t.db, { firstName: "Wes", lastName: "Waits" });
      const meal = await buildMeal(t.db, cook.user, { title: "Ramen", portionSize });
      const first = await buildSignedInUser(t.db);
      const taken = await buildRequest(t.db, meal, first.user, {
        status: "accepted",
        portions: portionSize,
        portionsRequested: portionSize,
        pickupCode: "1234",
      });
      return { cook, meal, first, taken };
    }
    const join = (cookie: string, mealId: string, portions: number) =>
      t.api({ method: "POST", url: `/api/meals/${mealId}/waitlist`, cookie, payload: { portions } });

    it("should require authentication, and refuses one's own meal, a blocked cook, free portions or an open request", async () => {
      const { cook, meal, first } = await fullMeal();
      expect(
        (await t.api({ method: "POST", url: `/api/meals/${meal.id}/waitlist`, payload: { portions: 1 } }))
          .statusCode,
      ).toBe(401);
      expect((await join(cook.cookie, meal.id, 1)).statusCode).toBe(403);
      expect((await join(first.cookie, meal.id, 1)).json().code).toBe("request_exists");
      const blocked = await buildSignedInUser(t.db);
      await t.db.insert(blocks).values({ blockerId: cook.user.id, blockedId: blocked.user.id });
      expect((await join(blocked.cookie, meal.id, 1)).statusCode).toBe(403);
      const roomy = await buildMeal(t.db, cook.user, { portionSize: 3 });
      expect((await join((await buildSignedInUser(t.db)).cookie, roomy.id, 2)).json().code).toBe(
        "portions_free",
      );
      expect((await join((await buildSignedInUser(t.db)).cookie, meal.id, 0)).statusCode).toBe(400);
    });

    it("offers freed portions to the first whose number fits; a lapse passes them to the next", async () => {
      const { cook, meal, first, taken } = await fullMeal(2);
      const ben = await buildSignedInUser(t.db, { firstName: "Ben", lastName: "Bowl" });
      const cat = await buildSignedInUser(t.db, { firstName: "Cat", lastName: "Cup" });
      const dan = await buildSignedInUser(t.db);
      expect((await join(ben.cookie, meal.id, 2)).json()).toEqual({ portions: 2, position: 1 });
      expect((await join(cat.cookie, meal.id, 1)).json()).toEqual({ portions: 1, position: 2 });
      // A wish beyond what the meal has at all is refused: it could only hold the line.
      expect((await join(dan.cookie, meal.id, 3)).statusCode).toBe(400);
      expect((await join(dan.cookie, meal.id, 2)).json()).toEqual({ portions: 2, position: 3 });
      const seen = (await t.api({ url: `/api/meals/${meal.id}`, cookie: cat.cookie })).json();
      expect(seen.waitlist).toEqual({ waiting: 3, mine: { portions: 1, position: 2 } });

      // The first eater cancels: Ben is offered both portions, held for him.
      expect((await setStatus(t, first.cookie, taken.id, { status: "cancelled" })).statusCode).toBe(200);
      await jobsSettled(t.db);
      const [offer] = await t.db.select().from(requests).where(eq(requests.eaterId, ben.user.id));
      expect(offer).toMatchObject({ status: "held", portions: 2 });
      expect(offer.holdUntil!.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
      expect(await portionsLeft(cook.cookie, meal.id)).toBe(0);
      const notice = (await t.api({ url: "/api/notifications", cookie: ben.cookie })).json()[0];
      expect(notice).toMatchObject({ type: "waitlist_offer", link: `/request/${offer.id}` });
      // Nobody else can take it up.
      expect((await setStatus(t, cat.cookie, offer.id, { status: "accepted" })).statusCode).toBe(404);
      expect((await setStatus(t, cook.cookie, offer.id, { status: "accepted" })).statusCode).toBe(403);

      // Ben lets it lapse: Cat is offered one portion; Dan's two do not fit the one left.
      await t.db
        .update(requests)
        .set({ holdUntil: new Date(Date.now() - 1000) })
        .where(eq(requests.id, offer.id));
      await lapseHeldOffer(t.db, { requestId: offer.id });
      await jobsSettled(t.db);
      expect((await thread(ben.cookie, offer.id)).status).toBe("lapsed");
      const [catOffer] = await t.db.select().from(requests).where(eq(requests.eaterId, cat.user.id));
      expect(catOffer).toMatchObject({ status: "held", portions: 1 });
      const dans = await t.db.select().from(requests).where(eq(requests.eaterId, dan.user.id));
      expect(dans).toEqual([]);
      expect(await portionsLeft(cook.cookie, meal.id)).toBe(1);

      // Cat takes it up: accepted, with a pickup code of her own.
      const took = await setStatus(t, cat.cookie, catOffer.id, { status: "accepted" });
      expect(took.json()).toMatchObject({ status: "accepted", portions: 1, holdUntil: null });
      expect(took.json().pickup.code).toMatch(/^\d{4}$/);
      // The lapse job running again (a retry) changes nothing.
      await lapseHeldOffer(t.db, { requestId: offer.id });
      expect(await portionsLeft(cook.cookie, meal.id)).toBe(1);
    });

    it("offers freed portions to the first whose number fits however far down the line: 55 large wishes keep no small one waiting", async () => {
      const { meal, first, taken } = await fullMeal(60);
      const large = await Promise.all(Array.from({ length: 55 }, () => buildSignedInUser(t.db)));
      for (const member of large) expect((await join(member.cookie, meal.id, 60)).statusCode).toBe(200);
      const small = await buildSignedInUser(t.db);
      expect((await join(small.cookie, meal.id, 1)).json()).toEqual({ portions: 1, position: 56 });
      // The cook gives one portion back: 59 accepted, one free.
      await t.db.update(requests).set({ portions: 59 }).where(eq(requests.id, taken.id));
      await offerFreedPortions(t.db, { mealId: meal.id }, null);
      const offers = await t.db.select().from(requests).where(eq(requests.status, "held"));
      expect(offers.filter((offer) => offer.mealId === meal.id).map((offer) => offer.eaterId)).toEqual([
        small.user.id,
      ]);
      void first;
    });

    it("passes over suspended members when offering freed portions", async () => {
      const { meal, first, taken } = await fullMeal(1);
      const suspended = await buildSignedInUser(t.db);
      const next = await buildSignedInUser(t.db);
      await join(suspended.cookie, meal.id, 1);
      await join(next.cookie, meal.id, 1);
      await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
      await setStatus(t, first.cookie, taken.id, { status: "cancelled" });
      await jobsSettled(t.db);
      const held = await t.db.select().from(requests).where(eq(requests.mealId, meal.id));
      expect(held.filter((request) => request.status === "held").map((request) => request.eaterId)).toEqual([
        next.user.id,
      ]);
    });

    it("refuses taking up a held offer once the meal is taken down, as a new request is refused (409)", async () => {
      const { cook, meal, first, taken } = await fullMeal(1);
      const ben = await buildSignedInUser(t.db);
      await join(ben.cookie, meal.id, 1);
      await setStatus(t, first.cookie, taken.id, { status: "cancelled" });
      await jobsSettled(t.db);
      const [offer] = await t.db.select().from(requests).where(eq(requests.eaterId, ben.user.id));
      expect(offer.status).toBe("held");
      const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
      await t.api({
        method: "PUT",
        url: `/api/meals/${meal.id}`,
        cookie: admin.cookie,
        payload: { isActive: false },
      });
      const tookUp = await setStatus(t, ben.cookie, offer.id, { status: "accepted" });
      expect(tookUp.statusCode).toBe(409);
      expect(tookUp.json().code).toBe("meal_inactive");
      const fresh = await request((await buildSignedInUser(t.db)).cookie, meal.id, 1);
      expect(fresh.json().code).toBe("meal_inactive");
      expect((await thread(ben.cookie, offer.id)).status).toBe("held");
      void cook;
    });

    it("offers the portions a cook adds, and forgets who left the list", async () => {
      const { cook, meal } = await fullMeal(1);
      const eve = await buildSignedInUser(t.db);
      const fin = await buildSignedInUser(t.db);
      await join(eve.cookie, meal.id, 1);
      await join(fin.cookie, meal.id, 1);
      expect(
        (await t.api({ method: "DELETE", url: `/api/meals/${meal.id}/waitlist`, cookie: eve.cookie }))
          .statusCode,
      ).toBe(204);
      expect(
        (
          await t.api({
            method: "PUT",
            url: `/api/meals/${meal.id}`,
            cookie: cook.cookie,
            payload: { portionSize: 2 },
          })
        ).statusCode,
      ).toBe(200);
      await jobsSettled(t.db);
      expect(await t.db.select().from(requests).where(eq(requests.eaterId, eve.user.id))).toEqual([]);
      const [finOffer] = await t.db.select().from(requests).where(eq(requests.eaterId, fin.user.id));
      expect(finOffer.status).toBe("held");
    });

    it("keeps the count a meal's page shows true through every way into and out of the line, a whole line in one statement too", async () => {
      const { cook, meal } = await fullMeal(2);
      const other = (await fullMeal(1)).meal;
      const [ben, cat, dan, eve] = await Promise.all(
        Array.from({ length: 4 }, () => buildSignedInUser(t.db)),
      );
      const counted = async (mealId: string) => {
        const shown = (await t.api({ url: `/api/meals/${mealId}`, cookie: cook.cookie })).json().waitlist
          .waiting;
        const [{ waiting }] = await queryRows<{ waiting: number }>(
          t.db,
          sql`select count(*)::int as waiting from waitlist_entries where meal_id = ${mealId} and status = 'waiting'`,
        );
        expect(shown).toBe(Number(waiting));
        return shown as number;
      };
      for (const member of [ben, cat, dan, eve]) await join(member.cookie, meal.id, 1);
      for (const member of [dan, eve]) await join(member.cookie, other.id, 1);
      expect(await counted(meal.id)).toBe(4);
      expect(await counted(other.id)).toBe(2);
      // Waiting for more portions changes the entry, not the count; leaving does.
      await join(ben.cookie, meal.id, 2);
      expect(await counted(meal.id)).toBe(4);
      await t.api({ method: "DELETE", url: `/api/meals/${meal.id}/waitlist`, cookie: cat.cookie });
      expect(await counted(meal.id)).toBe(3);
      // A portion more: the first whose wish fits (Dan's one, not Ben's two) is offered it.
      await t.api({
        method: "PUT",
        url: `/api/meals/${meal.id}`,
        cookie: cook.cookie,
        payload: { portionSize: 3 },
      });
      await jobsSettled(t.db);
      expect(await counted(meal.id)).toBe(2);
      // Eve's account deleted (an operator's statement): both lines she was in, in one statement.
      await t.db.delete(users).where(eq(users.id, eve.user.id));
      expect(await counted(meal.id)).toBe(1);
      expect(await counted(other.id)).toBe(1);
      // A draw's whole line comes in one statement.
      const crowd = await Promise.all(Array.from({ length: 40 }, () => buildUser(t.db)));
      await t.db.execute(sql`insert into waitlist_entries (meal_id, user_id, portions)
        select ${other.id}::uuid, id, 1 from users where id in (${sql.join(
          crowd.map((member) => sql`${member.id}`),
          sql`, `,
        )})`);
      expect(await counted(other.id)).toBe(41);
      // A meal deleted takes its count with it.
      await t.db.delete(meals).where(eq(meals.id, other.id));
      const left = await queryRows(t.db, sql`select 1 from waitlist_counts where meal_id = ${other.id}`);
      expect(left).toEqual([]);
      expect(await counted(meal.id)).toBe(1);
    });
  });

  describe("pickups", () => {
    async function agreed(windowStartsInHours = -1) {
      const cook = await buildSignedInUser(t.db, { firstName: "Cal", lastName: "Cook" });
      const eater = await buildSignedInUser(t.db, { firstName: "Ed", lastName: "Eats" });
      const meal = await buildMeal(t.db, cook.user, {
        title: "Stew",
        pickupWindowStart: new Date(Date.now() + windowStartsInHours * HOUR),
        pickupWindowEnd: new Date(Date.now() + (windowStartsInHours + 2) * HOUR),
      });
      const sent = await request(eater.cookie, meal.id, 1);
      const accepted = await setStatus(t, cook.cookie, sent.json().id, { status: "accepted" });
      expect(accepted.statusCode).toBe(200);
      return { cook, eater, meal, id: sent.json().id as string };
    }

    it("shows the code to the eater only, and completes when the cook types it", async () => {
      const { cook, eater, id } = await agreed();
      const code = (await thread(eater.cookie, id)).pickup.code as string;
      expect(code).toMatch(/^\d{4}$/);
      expect((await thread(cook.cookie, id)).pickup.code).toBeNull();
      expect((await enterCode(eater.cookie, id, code)).statusCode).toBe(403);
      expect((await enterCode((await buildSignedInUser(t.db)).cookie, id, code)).statusCode).toBe(404);
      expect((await enterCode(cook.cookie, id, "12a4")).statusCode).toBe(400);
      const done = await enterCode(cook.cookie, id, code);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({
        status: "completed",
        pickup: { eaterConfirmed: true, feederConfirmed: true },
      });
    });

    it("asks about a right code hours before the pickup window (409) and completes once the cook says it is now", async () => {
      const { cook, eater, id } = await agreed(8);
      const code = (await thread(eater.cookie, id)).pickup.code as string;
      const asked = await enterCode(cook.cookie, id, code);
      expect(asked.statusCode).toBe(409);
      expect(asked.json()).toMatchObject({ code: "early_pickup" });
      expect((await thread(cook.cookie, id)).status).toBe("accepted");
      // A wrong code is still wrong, early or not: "early" skips no check.
      const wrong = code === "0000" ? "1111" : "0000";
      const refused = await t.api({
        method: "POST",
        url: `/api/requests/${id}/pickup-code`,
        cookie: cook.cookie,
        payload: { code: wrong, early: true },
      });
      expect(refused.json()).toMatchObject({ code: "wrong_code" });
      const sure = await t.api({
        method: "POST",
        url: `/api/requests/${id}/pickup-code`,
        cookie: cook.cookie,
        payload: { code, early: true },
      });
      expect(sure.json()).toMatchObject({ status: "completed" });
    });

    it("takes a right code without asking within two hours of the window", async () => {
      const { cook, eater, id } = await agreed(1.5);
      const code = (await thread(eater.cookie, id)).pickup.code as string;
      expect((await enterCode(cook.cookie, id, code)).json()).toMatchObject({ status: "completed" });
    });

    it("refuses a wrong code (400) and locks it for 10 minutes after five", async () => {
      const { cook, eater, id } = await agreed();
      const code = (await thread(eater.cookie, id)).pickup.code as string;
      const wrong = code === "0000" ? "1111" : "0000";
      for (let tries = 4; tries >= 1; tries--) {
        const response = await enterCode(cook.cookie, id, wrong);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: "wrong_code",
          message: `That code is not right: ${tries} ${tries === 1 ? "try" : "tries"} left.`,
        });
      }
      const locked = await enterCode(cook.cookie, id, wrong);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe("code_locked");
      expect(Number(locked.headers["retry-after"])).toBe(600);
      // Even the right code waits out the lock.
      expect((await enterCode(cook.cookie, id, code)).statusCode).toBe(429);
      expect((await thread(cook.cookie, id)).pickup.codeLockedUntil).toEqual(expect.any(String));
      await t.db
        .update(requests)
        .set({ codeLockedUntil: new Date(Date.now() - 1000) })
        .where(eq(requests.id, id));
      expect((await enterCode(cook.cookie, id, code)).json().status).toBe("completed");
    });

    it("completes when both sides say so, and winds up what one side left a day after the window", async () => {
      const both = await agreed();
      await setStatus(t, both.eater.cookie, both.id, { status: "completed" });
      expect((await setStatus(t, both.eater.cookie, both.id, { status: "completed" })).json().code).toBe(
        "already_confirmed",
      );
      expect((await setStatus(t, both.cook.cookie, both.id, { status: "completed" })).json().status).toBe(
        "completed",
      );

      // One side's word and no objection: completed once the window is a day over.
      const one = await agreed();
      await setStatus(t, one.cook.cookie, one.id, { status: "completed" });
      await settlePickup(t.db, { requestId: one.id });
      expect((await thread(one.eater.cookie, one.id)).status).toBe("accepted");
      await t.db
        .update(meals)
        .set({
          pickupWindowStart: new Date(Date.now() - 30 * HOUR),
          pickupWindowEnd: new Date(Date.now() - 26 * HOUR),
        })
        .where(eq(meals.id, one.meal.id));
      await settlePickup(t.db, { requestId: one.id });
      expect((await thread(one.eater.cookie, one.id)).status).toBe("completed");

      // Nobody's word: a no-show on both sides.
      const none = await agreed();
      await t.db
        .update(meals)
        .set({
          pickupWindowStart: new Date(Date.now() - 30 * HOUR),
          pickupWindowEnd: new Date(Date.now() - 26 * HOUR),
        })
        .where(eq(meals.id, none.meal.id));
      await settlePickup(t.db, { requestId: none.id });
      await settlePickup(t.db, { requestId: none.id });
      expect(await thread(none.cook.cookie, none.id)).toMatchObject({
        status: "no_show",
        noShowParty: "both",
      });
      const notices = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from notifications where request_id = ${none.id} and dedupe_key like 'settle:%'`,
      );
      expect(Number(notices[0].n)).toBe(2);
    });

    /** Moves a meal's pickup window so that it ended an hour ago. */
    const endWindow = (mealId: string) =>
      t.db
        .update(meals)
        .set({
          pickupWindowStart: new Date(Date.now() - 3 * HOUR),
          pickupWindowEnd: new Date(Date.now() - HOUR),
        })
        .where(eq(meals.id, mealId));

    it("takes a no-show report only after the window has ended, with a reason; counts a late cancellation", async () => {
      const begun = await agreed(-1);
      const tooEarly = await setStatus(t, begun.cook.cookie, begun.id, {
        status: "no_show",
        reason: "Not here",
      });
      expect(tooEarly.json().code).toBe("too_early");
      expect((await setStatus(t, begun.cook.cookie, begun.id, { status: "no_show" })).statusCode).toBe(400);

      await endWindow(begun.meal.id);
      const reported = await setStatus(t, begun.cook.cookie, begun.id, {
        status: "no_show",
        reason: "Waited an hour.",
      });
      expect(reported.json()).toMatchObject({
        status: "no_show",
        noShowParty: "eater",
        noShowReason: "Waited an hour.",
      });

      const soon = await agreed(1);
      const late = await setStatus(t, soon.eater.cookie, soon.id, { status: "cancelled" });
      expect(late.json()).toMatchObject({ status: "cancelled", lateCancel: true });
      const inTime = await agreed(5);
      expect(
        (await setStatus(t, inTime.eater.cookie, inTime.id, { status: "cancelled" })).json().lateCancel,
      ).toBe(false);
    });
  });

  describe("no-shows and disputes", () => {
    /** Moves a meal's pickup window so that it ended an hour ago. */
    const endWindow = (mealId: string) =>
      t.db
        .update(meals)
        .set({
          pickupWindowStart: new Date(Date.now() - 3 * HOUR),
          pickupWindowEnd: new Date(Date.now() - HOUR),
        })
        .where(eq(meals.id, mealId));
    const record = async (cookie: string, userId: string) =>
      (await t.api({ url: `/api/users/${userId}`, cookie })).json().reliability;

    it("never counts a side that said the pickup happened as a no-show on the other's word: it is a dispute an admin settles", async () => {
      const cook = await buildSignedInUser(t.db);
      const eater = await buildSignedInUser(t.db);
      const meal = await buildMeal(t.db, cook.user, { title: "Dal" });
      const sent = await request(eater.cookie, meal.id, 1);
      const id = sent.json().id as string;
      expect((await setStatus(t, cook.cookie, id, { status: "accepted" })).statusCode).toBe(200);
      // The eater says they picked it up; once the window is over the cook reports a no-show.
      expect((await setStatus(t, eater.cookie, id, { status: "completed" })).statusCode).toBe(200);
      await endWindow(meal.id);
      const reported = await setStatus(t, cook.cookie, id, { status: "no_show", reason: "Never came." });
      expect(reported.json()).toMatchObject({ status: "disputed", noShowParty: "eater" });
      expect(await record(cook.cookie, eater.user.id)).toMatchObject({ pickupsDue: 0, pickedUp: 0 });

      // Only an admin settles it; here, the pickup happened.
      expect((await setStatus(t, eater.cookie, id, { status: "completed" })).statusCode).toBe(403);
      const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
      const disputes = (await t.api({ url: "/api/admin/disputes", cookie: admin.cookie })).json();
      expect(disputes.map((dispute: { id: string }) => dispute.id)).toContain(id);
      expect((await t.api({ url: "/api/admin/disputes", cookie: cook.cookie })).statusCode).toBe(403);
      const settled = await t.api({
        method: "PUT",
        url: `/api/admin/disputes/${id}`,
        cookie: admin.cookie,
        payload: { outcome: "completed" },
      });
      expect(settled.statusCode).toBe(204);
      expect((await thread(eater.cookie, id)).status).toBe("completed");
      expect(await record(cook.cookie, eater.user.id)).toMatchObject({ pickupsDue: 1, pickedUp: 1 });
      const again = await t.api({
        method: "PUT",
        url: `/api/admin/disputes/${id}`,
        cookie: admin.cookie,
        payload: { outcome: "eater_no_show" },
      });
      expect(again.statusCode).toBe(409);
    });

    it("lets the side a no-show names dispute it, which takes it off their record until settled", async () => {
      const cook = await buildSignedInUser(t.db);
      const eater = await buildSignedInUser(t.db);
      const meal = await buildMeal(t.db, cook.user, { title: "Pho" });
      const id = (await request(eater.cookie, meal.id, 1)).json().id as string;
      await setStatus(t, cook.cookie, id, { status: "accepted" });
      await endWindow(meal.id);
      await setStatus(t, cook.cookie, id, { status: "no_show", reason: "Nobody came." });
      expect(await record(cook.cookie, eater.user.id)).toMatchObject({ pickupsDue: 1, pickedUp: 0 });
      expect(allowedMoves((await thread(eater.cookie, id)).abilities)).toEqual(["disputed"]);
      expect(allowedMoves((await thread(cook.cookie, id)).abilities)).toEqual([]);
      expect((await setStatus(t, cook.cookie, id, { status: "disputed", reason: "No" })).statusCode).toBe(
        403,
      );
      const disputed = await setStatus(t, eater.cookie, id, {
        status: "disputed",
        reason: "I rang twice at 7.",
      });
      expect(disputed.json()).toMatchObject({ status: "disputed", disputeReason: "I rang twice at 7." });
      expect(await record(cook.cookie, eater.user.id)).toMatchObject({ pickupsDue: 0, pickedUp: 0 });
      const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
      await t.api({
        method: "PUT",
        url: `/api/admin/disputes/${id}`,
        cookie: admin.cookie,
        payload: { outcome: "feeder_no_show" },
      });
      expect(await record(cook.cookie, eater.user.id)).toMatchObject({ pickupsDue: 0 });
      expect(await record(eater.cookie, cook.user.id)).toMatchObject({ handoversDue: 1, handedOver: 0 });
    });
  });

  describe("reliability", () => {
    it("counts pickups kept, no-shows and late cancellations on the profile and on incoming requests", async () => {
      const cook = await buildSignedInUser(t.db);
      const eater = await buildSignedInUser(t.db);
      const viewer = await buildSignedInUser(t.db);
      const kept = async (status: string, extra: Record<string, unknown> = {}) => {
        const meal = await buildMeal(t.db, cook.user);
        const row = await buildRequest(t.db, meal, eater.user, { status: "accepted", pickupCode: "0000" });
        await t.db
          .update(requests)
          .set({ status: status as "completed", ...extra })
          .where(eq(requests.id, row.id));
      };
      await kept("completed");
      await kept("completed");
      await kept("no_show", { noShowParty: "eater", noShowReason: "Forgot" });
      await kept("cancelled", { cancelledBy: "eater", lateCancel: true });
      await kept("cancelled", { cancelledBy: "eater", lateCancel: false });
      await kept("no_show", { noShowParty: "feeder" });

      const profile = (await t.api({ url: `/api/users/${eater.user.id}`, cookie: viewer.cookie })).json();
      expect(profile.reliability).toEqual({ pickupsDue: 4, pickedUp: 2, handoversDue: 0, handedOver: 0 });
      expect(JSON.stringify(profile)).not.toContain("Forgot");
      const cooks = (await t.api({ url: `/api/users/${cook.user.id}`, cookie: viewer.cookie })).json();
      expect(cooks.reliability).toEqual({ pickupsDue: 0, pickedUp: 0, handoversDue: 3, handedOver: 2 });

      // The cook sees the requester's record on an incoming request; the eater never sees it.
      const next = await buildMeal(t.db, cook.user);
      const sent = await request(eater.cookie, next.id, 1);
      expect(sent.json().eaterReliability).toBeNull();
      const incoming = (await t.api({ url: "/api/requests?type=incoming", cookie: cook.cookie })).json();
      const mine = incoming.find((r: { id: string }) => r.id === sent.json().id);
      expect(mine.eaterReliability).toEqual({ pickupsDue: 4, pickedUp: 2, handoversDue: 0, handedOver: 0 });
    });
  });

  describe("weekly meals", () => {
    const weeklyMeal = (startsInHours: number, weeks = 3) => ({
      title: "Sunday roast",
      description: "Every Sunday.",
      kind: "free",
      priceCents: null,
      portionSize: 4,
      ingredients: "beef, potatoes",
      allergenCodes: ["celery"],
      pickupLocation: "Back door",
      pickupWindowStart: hoursFromNow(startsInHours),
      pickupWindowEnd: hoursFromNow(startsInHours + 2),
      deliveryAvailable: false,
      weekly: { weeks, timeZone: "Europe/Berlin" },
    });

    it("are a registered cook's; neighbours see the next week's date too, only the cook may change the series", async () => {
      const neighbour = await buildSignedInUser(t.db);
      const refused = await t.api({
        method: "POST",
        url: "/api/meals",
        cookie: neighbour.cookie,
        payload: weeklyMeal(2),
      });
      expect(refused.statusCode).toBe(403);
      const cook = await buildSignedInUser(t.db, { isRegisteredCook: true });
      const posted = await t.api({
        method: "POST",
        url: "/api/meals",
        cookie: cook.cookie,
        payload: weeklyMeal(2),
      });
      expect(posted.statusCode).toBe(201);
      const detail = (await t.api({ url: `/api/meals/${posted.json().id}`, cookie: cook.cookie })).json();
      const nextStart = new Date(detail.series.nextStart).getTime();
      expect(detail.series).toMatchObject({ status: "active", weeks: 3, made: 1 });
      // A week later in Berlin's time: 7 days, give or take a summer-time hour.
      expect(
        Math.abs(nextStart - new Date(posted.json().pickupWindowStart).getTime() - 7 * 24 * HOUR),
      ).toBeLessThanOrEqual(HOUR);
      const other = (await t.api({ url: `/api/meals/${posted.json().id}`, cookie: neighbour.cookie })).json();
      // Neighbours see when it comes next; only its cook may change it, as each one's abilities say.
      const { abilities: theirs, ...seen } = other.series;
      const { abilities: cooks, ...shown } = detail.series;
      expect(seen).toEqual(shown);
      expect(cooks.pause.allowed).toBe(true);
      expect(theirs.pause.refusal.code).toBe("not_found");
      const stranger = await t.api({
        method: "PUT",
        url: `/api/meal-series/${detail.series.id}`,
        cookie: neighbour.cookie,
        payload: { status: "paused" },
      });
      expect(stranger.statusCode).toBe(404);
    });

    it("makes each week's meal once, however often its job runs; pausing skips weeks; one week's edit leaves the rest", async () => {
      const cook = await buildSignedInUser(t.db, { isRegisteredCook: true });
      const posted = (
        await t.api({ method: "POST", url: "/api/meals", cookie: cook.cookie, payload: weeklyMeal(2, 4) })
      ).json();
      const seriesId = (await t.api({ url: `/api/meals/${posted.id}`, cookie: cook.cookie })).json().series
        .id;
      const post = postOccurrence;
      const made = await Promise.all(
        [1, 2, 3].map(() => makeOccurrence(t.db, { seriesId, occurrence: 2 }, post)),
      );
      expect(made.filter(Boolean)).toHaveLength(1);
      const weeks = await t.db.select().from(meals).where(eq(meals.seriesId, seriesId));
      expect(weeks.map((meal) => meal.occurrence).sort()).toEqual([1, 2]);
      const second = weeks.find((meal) => meal.occurrence === 2)!;
      const [series] = await queryRows<{ first_start: Date; time_zone: string }>(
        t.db,
        sql`select first_start, time_zone from meal_series where id = ${seriesId}`,
      );
      expect(second.pickupWindowStart.getTime()).toBe(
        occurrenceStart(
          { firstStart: new Date(series.first_start), timeZone: series.time_zone },
          2,
        ).getTime(),
      );

      // Week 2 changed alone.
      expect(
        (
          await t.api({
            method: "PUT",
            url: `/api/meals/${second.id}`,
            cookie: cook.cookie,
            payload: { title: "Roast, with Yorkshire pudding" },
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.api({ url: `/api/meals/${posted.id}`, cookie: cook.cookie })).json().title).toBe(
        "Sunday roast",
      );

      // Paused: week 3 is skipped; resumed: week 4 comes; stopped: nothing more.
      await t.api({
        method: "PUT",
        url: `/api/meal-series/${seriesId}`,
        cookie: cook.cookie,
        payload: { status: "paused" },
      });
      expect(await makeOccurrence(t.db, { seriesId, occurrence: 3 }, post)).toBe(false);
      await t.api({
        method: "PUT",
        url: `/api/meal-series/${seriesId}`,
        cookie: cook.cookie,
        payload: { status: "active" },
      });
      expect(await makeOccurrence(t.db, { seriesId, occurrence: 4 }, post)).toBe(true);
      const all = await t.db.select().from(meals).where(eq(meals.seriesId, seriesId));
      expect(all.map((meal) => meal.occurrence).sort()).toEqual([1, 2, 4]);
      const stopped = await t.api({
        method: "PUT",
        url: `/api/meal-series/${seriesId}`,
        cookie: cook.cookie,
        payload: { status: "stopped" },
      });
      expect(stopped.json()).toMatchObject({ status: "stopped", nextStart: null });
      // A stopped series stays stopped: its abilities say so, and so does the endpoint when tried.
      expect(stopped.json().abilities.resume.refusal.code).toBe("series_stopped");
      const again = await t.api({
        method: "PUT",
        url: `/api/meal-series/${seriesId}`,
        cookie: cook.cookie,
        payload: { status: "active" },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe("series_stopped");
    });

    it("keeps a meal an admin took down down, and holds its weekly series: no week is posted, and only an admin lifts it", async () => {
      const cook = await buildSignedInUser(t.db, { isRegisteredCook: true });
      const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
      const posted = (
        await t.api({ method: "POST", url: "/api/meals", cookie: cook.cookie, payload: weeklyMeal(2, 4) })
      ).json();
      const seriesId = (await t.api({ url: `/api/meals/${posted.id}`, cookie: cook.cookie })).json().series
        .id;
      const takeDown = (isActive: boolean) =>
        t.api({ method: "PUT", url: `/api/meals/${posted.id}`, cookie: admin.cookie, payload: { isActive } });
      expect((await takeDown(false)).statusCode).toBe(200);
      // The cook cannot switch it back on: the takedown sticks.
      const backOn = await t.api({
        method: "PUT",
        url: `/api/meals/${posted.id}`,
        cookie: cook.cookie,
        payload: { isActive: true },
      });
      expect(backOn.statusCode).toBe(403);
      const post = postOccurrence;
      expect(await makeOccurrence(t.db, { seriesId, occurrence: 2 }, post)).toBe(false);
      const resume = await t.api({
        method: "PUT",
        url: `/api/meal-series/${seriesId}`,
        cookie: cook.cookie,
        payload: { status: "active" },
      });
      expect(resume.statusCode).toBe(409);
      expect(resume.json().code).toBe("held_by_admin");
      // The meal's page said so before the cook tried: Resume is refused with the same code, Pause is not.
      const held = (await t.api({ url: `/api/meals/${posted.id}`, cookie: cook.cookie })).json().series;
      expect(held.abilities.resume.refusal.code).toBe("held_by_admin");
      expect(held.abilities.pause.allowed).toBe(true);
      const stranger = await buildSignedInUser(t.db);
      const seen = (await t.api({ url: `/api/meals/${posted.id}`, cookie: admin.cookie })).json().series;
      expect(seen.abilities.stop.refusal.code).toBe("not_found");
      expect(
        (
          await t.api({
            method: "PUT",
            url: `/api/meal-series/${seriesId}`,
            cookie: stranger.cookie,
            payload: { status: "stopped" },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.api({ url: `/api/meals/${posted.id}`, cookie: cook.cookie })).json().series,
      ).toMatchObject({
        status: "paused",
        nextStart: null,
      });
      // The admin puts the meal back: the next weeks are posted again.
      expect((await takeDown(true)).statusCode).toBe(200);
      expect(await makeOccurrence(t.db, { seriesId, occurrence: 3 }, post)).toBe(true);
    });
  });
});

describe.runIf(testDatabaseKind() === "postgres")("a weekly meal on two instances and a restart", () => {
  let a: TestApp;
  let b: TestApp;
  let second: Database;
  beforeAll(async () => {
    a = await createTestApp();
    second = await openSecondDatabase(a.database.url!);
    b = await createTestApp({ database: second });
  });
  afterAll(async () => {
    await b.close();
    await second.close();
    await a.close();
  });

  /** Makes the series' waiting job due now, as a week passing would. */
  const weekPasses = (seriesId: string) =>
    queryRows(
      a.db,
      sql`update pgboss.job set start_after = now() where name = 'meal-series' and data->>'seriesId' = ${seriesId} and state = 'created'`,
    );

  it("makes exactly one meal a week", async () => {
    const cook = await buildSignedInUser(a.db, { isRegisteredCook: true });
    const posted = await a.api({
      method: "POST",
      url: "/api/meals",
      cookie: cook.cookie,
      payload: {
        title: "Friday fish pie",
        description: "Every Friday.",
        kind: "free",
        priceCents: null,
        portionSize: 3,
        ingredients: "fish, potato, milk",
        allergenCodes: ["fish", "milk"],
        pickupLocation: "Porch",
        pickupWindowStart: hoursFromNow(3),
        pickupWindowEnd: hoursFromNow(5),
        deliveryAvailable: false,
        weekly: { weeks: 3, timeZone: "UTC" },
      },
    });
    expect(posted.statusCode).toBe(201);
    const [{ series_id: seriesId }] = await queryRows<{ series_id: string }>(
      a.db,
      sql`select series_id from meals where id = ${posted.json().id}`,
    );

    await weekPasses(seriesId);
    await jobsSettled(a.db);
    // One instance stops and starts again; the other keeps working meanwhile.
    await b.close();
    b = await createTestApp({ database: second });
    await weekPasses(seriesId);
    await jobsSettled(a.db);

    const weeks = await queryRows<{ occurrence: number; start: Date }>(
      a.db,
      sql`select occurrence, pickup_window_start as start from meals where series_id = ${seriesId} order by occurrence`,
    );
    expect(weeks.map((week) => week.occurrence)).toEqual([1, 2, 3]);
    expect(new Date(weeks[2].start).getTime() - new Date(weeks[0].start).getTime()).toBe(14 * 24 * HOUR);
    const [{ waiting }] = await queryRows<{ waiting: number }>(
      a.db,
      sql`select count(*)::int as waiting from pgboss.job where name = 'meal-series' and data->>'seriesId' = ${seriesId} and state = 'created'`,
    );
    expect(Number(waiting)).toBe(0);
  });
});
