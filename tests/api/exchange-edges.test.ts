/**
 * The exchange's last edges (docs/features/exchange.md "Nothing lost, nothing changed behind anyone's
 * back"): the fair-use limit held by every way portions change hands, not only by asking (meals/may-ask.ts);
 * a draw that passes over a winner who may no longer ask, and whose list is frozen at its close; terms
 * agreed at acceptance kept, a worse change asked old → new (requests/terms.ts); a cancel after the other
 * side's handover is a dispute; one cook's concurrent posts never deadlock (migration 0036); reports
 * read by the moderators of the group they are about; and the mailing list's double opt-in.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { runScheduledDraw } from "../../src/server/features/draws/run";
import { offerFreedPortions } from "../../src/server/features/requests/waitlist";
import { buildMeal, buildNeighbour, buildRequest, buildSignedInUser, hoursFromNow } from "../factories";
import { type CaughtMail, emailTo, type MailCatcher, startMailCatcher } from "../mail-catcher";
import { ADMIN_EMAIL, createTestApp, jobsSettled, type TestApp } from "./harness";

type Member = Awaited<ReturnType<typeof buildSignedInUser>>;

/** A member whose account is two months old, with an exchange behind them (no newcomer limits). */
const neighbour = (app: TestApp, firstName = "Nell") =>
  buildNeighbour(app.db, { firstName, createdAt: new Date(Date.now() - 60 * 86_400_000) });

const ask = (app: TestApp, member: Member, mealId: string, portions = 1) =>
  app.api({ method: "POST", url: "/api/requests", cookie: member.cookie, payload: { mealId, portions } });
const move = (app: TestApp, member: Member, id: string, status: string, extra: object = {}) =>
  app.api({
    method: "PUT",
    url: `/api/requests/${id}/status`,
    cookie: member.cookie,
    payload: { status, ...extra },
  });
const fairUse = async (app: TestApp, member: Member) =>
  (await app.api({ url: "/api/user/fair-use", cookie: member.cookie })).json() as {
    limit: number | null;
    used: number;
    nextAt: string | null;
  };
/** A free meal given by a draw, posted by `cook` through the API; its id. */
async function postDrawMeal(app: TestApp, cook: Member, portionSize = 1): Promise<string> {
  const posted = await app.api({
    method: "POST",
    url: "/api/meals",
    cookie: cook.cookie,
    payload: {
      title: "Soup raffle",
      description: "d",
      kind: "free",
      portionSize,
      ingredients: "leeks",
      pickupLocation: "Hall",
      pickupWindowStart: hoursFromNow(3),
      pickupWindowEnd: hoursFromNow(5),
      allocation: "draw",
    },
  });
  expect(posted.statusCode, posted.body).toBe(201);
  return posted.json().id as string;
}
const FAIR_USE_TEXT =
  /^You have had 2 free meals in the last 28 days, the limit here\. Your next is possible on \d{4}-\d{2}-\d{2}\.$/;

describe("the fair-use limit holds however portions change hands (FREE_MEALS_PER_28_DAYS=2)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { freeMealsPer28Days: 2 } });
  });
  afterAll(() => t.close());

  it("six cooks accepting six requests sent before any was accepted give the member two", async () => {
    const member = await neighbour(t);
    const asked: { cook: Member; id: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const cook = await neighbour(t, `Cook${i}`);
      const meal = await buildMeal(t.db, cook.user, { kind: "free" });
      const request = await ask(t, member, meal.id);
      expect(request.statusCode, request.body).toBe(201);
      asked.push({ cook, id: request.json().id });
    }
    const accepts = await Promise.all(asked.map(({ cook, id }) => move(t, cook, id, "accepted")));
    expect(accepts.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    const refused = accepts.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(4);
    const use = await fairUse(t, member);
    expect(use).toMatchObject({ limit: 2, used: 2 });
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe("fair_use");
      // The cook reads whose limit it is and the date, in their own words.
      expect(answer.json().message).toBe(
        `Nell has had the free meals the limit here allows in the last 28 days. Their next is possible on ${use.nextAt!.slice(0, 10)}.`,
      );
    }
    // The refused requests wait; the member reads their own refusal when they ask again.
    const another = await buildMeal(t.db, (await neighbour(t)).user, { kind: "free" });
    const refusedAsk = await ask(t, member, another.id);
    expect(refusedAsk.json().code).toBe("fair_use");
    expect(refusedAsk.json().message).toMatch(FAIR_USE_TEXT);
  });

  it("twenty concurrent asks and their accepts leave the member at two received", async () => {
    const member = await neighbour(t);
    const cooks = await Promise.all(Array.from({ length: 20 }, (_, i) => neighbour(t, `C${i}`)));
    const meals = [];
    for (const cook of cooks) meals.push(await buildMeal(t.db, cook.user, { kind: "free" }));
    const asks = await Promise.all(meals.map((meal) => ask(t, member, meal.id)));
    const ids = asks
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json().id as string);
    const accepts = await Promise.all(ids.map((id, i) => move(t, cooks[i], id, "accepted")));
    expect(accepts.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    for (const answer of accepts.filter((answer) => answer.statusCode !== 200))
      expect(answer.json().code).toBe("fair_use");
    expect((await fairUse(t, member)).used).toBe(2);
  });

  it("four draws give the member two and pass them over in the others, published as such", async () => {
    const member = await neighbour(t);
    const meals: { id: string; cook: Member }[] = [];
    for (let i = 0; i < 4; i++) {
      const cook = await neighbour(t, `Drawer${i}`);
      const id = await postDrawMeal(t, cook);
      meals.push({ id, cook });
      const entered = await t.api({
        method: "POST",
        url: `/api/meals/${id}/draw/entry`,
        cookie: member.cookie,
        payload: { portions: 1 },
      });
      expect(entered.statusCode, entered.body).toBe(200);
    }
    await queryRows(
      t.db,
      sql`update meal_draws set closes_at = now() - interval '1 second'
          where meal_id in (${sql.join(
            meals.map((meal) => sql`${meal.id}::uuid`),
            sql`, `,
          )})`,
    );
    await Promise.all(meals.map((meal) => runScheduledDraw(t.db, { mealId: meal.id }, 2)));
    expect((await fairUse(t, member)).used).toBe(2);
    const views = await Promise.all(
      meals.map(async (meal) =>
        (await t.api({ url: `/api/meals/${meal.id}/draw`, cookie: member.cookie })).json(),
      ),
    );
    const passed = views.filter((view) => view.published.passedOver.length > 0);
    expect(passed).toHaveLength(2);
    for (const view of passed)
      expect(view.published.passedOver).toEqual([{ id: view.mine.id, reason: "fair_use" }]);
  });

  it("a waiting-list offer passes over a member who reached the limit while waiting", async () => {
    const cook = await neighbour(t, "Wendy");
    const meal = await buildMeal(t.db, cook.user, { kind: "free", portionSize: 1 });
    const holder = await neighbour(t, "Holder");
    const held = await buildRequest(t.db, meal, holder.user, { status: "accepted" });
    const [limited, next] = [await neighbour(t, "Lim"), await neighbour(t, "Next")];
    for (const member of [limited, next]) {
      const joined = await t.api({
        method: "POST",
        url: `/api/meals/${meal.id}/waitlist`,
        cookie: member.cookie,
        payload: { portions: 1 },
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    // Meanwhile the first in line received two free meals elsewhere.
    for (let i = 0; i < 2; i++) {
      const elsewhere = await buildMeal(t.db, (await neighbour(t)).user, { kind: "free" });
      await buildRequest(t.db, elsewhere, limited.user, { status: "accepted" });
    }
    await queryRows(t.db, sql`update requests set status = 'cancelled' where id = ${held.id}`);
    expect(await offerFreedPortions(t.db, { mealId: meal.id }, 2)).toBe(1);
    const [offer] = await queryRows<{ eater_id: string }>(
      t.db,
      sql`select eater_id from requests where meal_id = ${meal.id} and status = 'held'`,
    );
    expect(offer.eater_id).toBe(next.user.id);
  });
});

describe("a draw's winners and its list", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const drawMeal = (cook: Member, portionSize = 1) => postDrawMeal(t, cook, portionSize);
  const enter = (member: Member, mealId: string) =>
    t.api({ method: "POST", url: `/api/meals/${mealId}/draw/entry`, cookie: member.cookie, payload: {} });

  it("passes over a member suspended after entering: the next in order wins", async () => {
    const cook = await neighbour(t, "Cook");
    const mealId = await drawMeal(cook, 1);
    const [sus, other] = [await neighbour(t, "Sus"), await neighbour(t, "Other")];
    expect((await enter(sus, mealId)).statusCode).toBe(200);
    expect((await enter(other, mealId)).statusCode).toBe(200);
    const susEntry = (await t.api({ url: `/api/meals/${mealId}/draw`, cookie: sus.cookie })).json().mine.id;
    await queryRows(t.db, sql`update users set suspended_at = now() where id = ${sus.user.id}`);
    const drawn = await t.api({ method: "POST", url: `/api/meals/${mealId}/draw/run`, cookie: cook.cookie });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const view = (await t.api({ url: `/api/meals/${mealId}/draw`, cookie: other.cookie })).json();
    expect(view.published.passedOver).toEqual([{ id: susEntry, reason: "not_eligible" }]);
    const winners = await queryRows<{ eater_id: string }>(
      t.db,
      sql`select eater_id from requests where meal_id = ${mealId} and status = 'accepted'`,
    );
    expect(winners.map((row) => row.eater_id)).toEqual([other.user.id]);
  });

  it("refuses leaving or changing an entry once entries have closed, before the draw is made (409)", async () => {
    const cook = await neighbour(t, "Cook");
    const mealId = await drawMeal(cook, 2);
    const member = await neighbour(t, "Late");
    expect((await enter(member, mealId)).statusCode).toBe(200);
    await queryRows(
      t.db,
      sql`update meal_draws set closes_at = now() - interval '1 second' where meal_id = ${mealId}`,
    );
    const left = await t.api({
      method: "DELETE",
      url: `/api/meals/${mealId}/draw/entry`,
      cookie: member.cookie,
    });
    expect(left.statusCode).toBe(409);
    expect(left.json().code).toBe("draw_closed");
    const changed = await t.api({
      method: "POST",
      url: `/api/meals/${mealId}/draw/entry`,
      cookie: member.cookie,
      payload: { portions: 2 },
    });
    expect(changed.json().code).toBe("draw_closed");
    expect(
      (await t.api({ url: `/api/meals/${mealId}/draw`, cookie: member.cookie })).json().mine,
    ).toMatchObject({
      portions: 1,
    });
  });
});

describe("terms agreed are kept", () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logLines: lines });
  });
  afterAll(() => t.close());

  async function acceptedPaidMeal(priceCents = 300) {
    const cook = await buildSignedInUser(t.db, {
      firstName: "Cleo",
      lastName: "Cook",
      isRegisteredCook: true,
    });
    const meal = await buildMeal(t.db, cook.user, {
      title: "Paella",
      kind: "paid",
      priceCents,
      portionSize: 3,
      pickupWindowStart: new Date(Date.now() + 3 * 3_600_000),
      pickupWindowEnd: new Date(Date.now() + 5 * 3_600_000),
    });
    const eater = await buildSignedInUser(t.db, { firstName: "Eve", lastName: "Eater" });
    const id = (await ask(t, eater, meal.id)).json().id as string;
    expect((await move(t, cook, id, "accepted")).statusCode).toBe(200);
    return { cook, meal, eater, id };
  }
  const edit = (member: Member, id: string, payload: object) =>
    t.api({ method: "PUT", url: `/api/meals/${id}`, cookie: member.cookie, payload });
  const thread = async (member: Member, id: string) =>
    (await t.api({ url: `/api/requests/${id}`, cookie: member.cookie })).json();
  const answer = (member: Member, id: string, value: string) =>
    t.api({
      method: "POST",
      url: `/api/requests/${id}/terms`,
      cookie: member.cookie,
      payload: { answer: value },
    });
  const told = async (member: Member) =>
    (await t.api({ url: "/api/notifications", cookie: member.cookie }))
      .json()
      .map((notification: { text: string }) => notification.text);

  it("records the price agreed, asks the eater about a raise old → new, and only keeping it applies it", async () => {
    const { cook, meal, eater, id } = await acceptedPaidMeal(300);
    expect((await thread(eater, id)).agreedTerms).toMatchObject({
      priceCents: 300,
      pickupLocation: "12 Elm Street porch",
    });
    expect((await edit(cook, meal.id, { priceCents: 900 })).statusCode).toBe(200);
    const asked = await thread(eater, id);
    expect(asked.status).toBe("accepted");
    // Which side each reads it from, as the server says it.
    expect(asked.viewerSide).toBe("eater");
    expect((await thread(cook, id)).viewerSide).toBe("feeder");
    expect(asked.agreedTerms.priceCents).toBe(300);
    expect(asked.termsChange).toMatchObject({
      fields: ["price"],
      from: { priceCents: 300 },
      to: { priceCents: 900 },
      answer: null,
    });
    // Each reader's app writes the amounts in their language and the deployment's currency.
    const notices = (await t.api({ url: "/api/notifications", cookie: eater.cookie })).json();
    expect(notices[0]).toMatchObject({
      textKey:
        '{{name}} raised the price of "{{title}}" from {{from}} to {{to}}: keep your portion or give it up',
      textParams: { name: "Cleo C.", title: "Paella", fromCents: 300, toCents: 900 },
      link: `/request/${id}`,
      // An API client reads it whole, the money as the cards write it.
      text: 'Cleo C. raised the price of "Paella" from $3.00 to $9.00: keep your portion or give it up',
    });
    // Only the eater answers: the cook and a stranger get the thread's 404.
    expect((await answer(cook, id, "kept")).statusCode).toBe(404);
    expect((await answer(await neighbour(t), id, "kept")).statusCode).toBe(404);
    expect((await answer(eater, id, "maybe")).statusCode).toBe(400);
    const kept = await answer(eater, id, "kept");
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().agreedTerms.priceCents).toBe(900);
    expect(kept.json().termsChange.answer).toBe("kept");
    expect(await told(cook)).toContain('Eve E. keeps their portion of "Paella" with your changes');
    expect((await answer(eater, id, "kept")).json().code).toBe("nothing_asked");
  });

  it("giving up after a raise ends the request on nobody's record and frees the portion", async () => {
    const { cook, meal, eater, id } = await acceptedPaidMeal(300);
    await edit(cook, meal.id, { priceCents: 2500, pickupLocation: "Town hall, back door" });
    expect((await thread(eater, id)).termsChange.fields).toEqual(["price", "place"]);
    const gaveUp = await answer(eater, id, "gave_up");
    expect(gaveUp.statusCode, gaveUp.body).toBe(200);
    expect(gaveUp.json()).toMatchObject({ status: "cancelled", lateCancel: false });
    expect(await told(cook)).toContain('Eve E. gave up their portion of "Paella" after your changes');
    const profile = (await t.api({ url: `/api/users/${eater.user.id}`, cookie: cook.cookie })).json();
    expect(profile.reliability).toMatchObject({ pickupsDue: 0 });
    const [{ taken }] = await queryRows<{ taken: number }>(
      t.db,
      sql`select portions_taken as taken from meals where id = ${meal.id}`,
    );
    expect(taken).toBe(0);
  });

  it("a lower price or a wider window needs no answer: they become the eater's terms", async () => {
    const { cook, meal, eater, id } = await acceptedPaidMeal(900);
    const before = await thread(eater, id);
    expect(
      (
        await edit(cook, meal.id, {
          priceCents: 500,
          pickupWindowStart: new Date(
            Date.parse(before.agreedTerms.pickupWindowStart) - 3_600_000,
          ).toISOString(),
        })
      ).statusCode,
    ).toBe(200);
    const after = await thread(eater, id);
    expect(after.termsChange).toBeNull();
    expect(after.agreedTerms.priceCents).toBe(500);
  });
});

describe("a confirmed handover is not undone by one side", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("the eater's cancel after the cook said handed over is a dispute, counted for neither", async () => {
    const cook = await neighbour(t, "Hana");
    const meal = await buildMeal(t.db, cook.user);
    const eater = await neighbour(t, "Ivo");
    const id = (await ask(t, eater, meal.id)).json().id as string;
    expect((await move(t, cook, id, "accepted")).statusCode).toBe(200);
    expect((await move(t, cook, id, "completed")).json().pickup.feederConfirmed).toBe(true);
    const cancelled = await move(t, eater, id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe("disputed");
    expect(cancelled.json().pickup.feederConfirmed).toBe(true);
    const profile = (await t.api({ url: `/api/users/${eater.user.id}`, cookie: cook.cookie })).json();
    expect(profile.reliability).toMatchObject({ pickupsDue: 0 });
  });
});

describe("an accept asks again what is the eater's alone", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses accepting the request of a member suspended since, telling the cook in their words", async () => {
    const cook = await neighbour(t, "Cas");
    const meal = await buildMeal(t.db, cook.user);
    const eater = await neighbour(t, "Sus");
    const id = (await ask(t, eater, meal.id)).json().id as string;
    await queryRows(t.db, sql`update users set suspended_at = now() where id = ${eater.user.id}`);
    const accepted = await move(t, cook, id, "accepted");
    expect(accepted.statusCode).toBe(403);
    expect(accepted.json()).toMatchObject({
      code: "suspended",
      message: "This neighbour's account is suspended.",
    });
  });
});

describe("one cook's concurrent posts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([10, 50])("%i posts at once all answer 201", async (count) => {
    const cook = await neighbour(t, "Busy");
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        t.api({
          method: "POST",
          url: "/api/meals",
          cookie: cook.cookie,
          payload: {
            title: `Batch ${i}`,
            description: "d",
            kind: "free",
            portionSize: 1,
            ingredients: "beans",
            pickupLocation: "Porch",
            pickupWindowStart: hoursFromNow(1),
            pickupWindowEnd: hoursFromNow(3),
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(count).fill(201));
    const [{ shared }] = await queryRows<{ shared: number }>(
      t.db,
      sql`select meals_shared as shared from users where id = ${cook.user.id}`,
    );
    expect(shared).toBe(count);
  });
});

describe("reports reach those who moderate what they are about", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function groupOf(owner: Member, name: string, visibility = "listed") {
    const created = await t.api({
      method: "POST",
      url: "/api/groups",
      cookie: owner.cookie,
      payload: { name, rules: "Be kind.", visibility },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }
  const join = (member: Member, groupId: string) =>
    t.api({
      method: "POST",
      url: `/api/groups/${groupId}/join`,
      cookie: member.cookie,
      payload: { rulesVersion: 1 },
    });
  const report = (reporter: Member, payload: object) =>
    t.api({ method: "POST", url: "/api/reports", cookie: reporter.cookie, payload });
  const groupReports = async (moderator: Member, groupId: string) => {
    const answer = await t.api({ url: `/api/groups/${groupId}/reports`, cookie: moderator.cookie });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { reason: string }[];
  };

  it("a member reported in one group is read by that group's moderators only; one without a group by admins only", async () => {
    const [ownerA, ownerB, member, stranger] = [
      await neighbour(t, "OwnerA"),
      await neighbour(t, "OwnerB"),
      await neighbour(t, "Mel"),
      await neighbour(t, "Stranger"),
    ];
    const groupA = await groupOf(ownerA, "Courtyard A");
    const groupB = await groupOf(ownerB, "Tower B");
    for (const groupId of [groupA, groupB]) expect((await join(member, groupId)).statusCode).toBe(200);

    const inA = await report(ownerA, {
      targetType: "user",
      targetId: member.user.id,
      groupId: groupA,
      reason: "Said rude things in Courtyard A",
    });
    expect(inA.statusCode, inA.body).toBe(201);
    expect(
      await report(stranger, {
        targetType: "user",
        targetId: member.user.id,
        reason: "Nowhere in particular",
      }),
    ).toHaveProperty("statusCode", 201);
    // Someone else tries to steer a report to a group the two do not share: it reaches the admins only.
    const steered = await report(await neighbour(t, "Steerer"), {
      targetType: "user",
      targetId: member.user.id,
      groupId: groupB,
      reason: "Steered into Tower B",
    });
    expect(steered.statusCode, steered.body).toBe(201);

    expect((await groupReports(ownerA, groupA)).map((row) => row.reason)).toEqual([
      "Said rude things in Courtyard A",
    ]);
    expect(await groupReports(ownerB, groupB)).toEqual([]);
  });
});

describe("the mailing list is double opt-in", () => {
  let t: TestApp;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await createTestApp({
      config: { email: emailTo(mail) },
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });
  const subscribe = (email: string, cookie?: string) =>
    t.api({ method: "POST", url: "/api/newsletter", payload: { email }, cookie });
  const listed = async (email: string) => {
    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    return (await t.api({ url: "/api/admin/mailinglist.csv", cookie: admin.cookie })).body.includes(email);
  };

  it("lists a signed-out sign-up only once the emailed link is confirmed, and the owner's profile shows it", async () => {
    const owner = await buildSignedInUser(t.db, { email: "mira@example.test" });
    // Someone else types the member's address into the landing page's form.
    expect((await subscribe("Mira@Example.test")).json()).toEqual({ subscribed: true, confirmByEmail: true });
    expect(await listed("mira@example.test")).toBe(false);
    const [email] = await mail.waitFor((m: CaughtMail) => m.to === "mira@example.test");
    expect(email.subject).toBe("Confirm your MealShare newsletter subscription");
    const link = new URL(/https?:\/\/\S+/.exec(email.text)![0]);
    // A second sign-up within minutes answers the same and mails nothing more.
    expect((await subscribe("mira@example.test")).json()).toEqual({ subscribed: true, confirmByEmail: true });
    // Opening the link shows a button; a mail scanner's GET confirms nothing.
    const page = await t.api({ url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<button");
    expect(await listed("mira@example.test")).toBe(false);
    expect((await t.api({ method: "POST", url: `${link.pathname}?token=forged.token` })).statusCode).toBe(
      404,
    );
    const confirmed = await t.api({ method: "POST", url: `${link.pathname}${link.search}` });
    expect(confirmed.statusCode).toBe(200);
    expect(await listed("mira@example.test")).toBe(true);
    expect((await t.api({ url: "/api/auth/user", cookie: owner.cookie })).json().newsletterOptIn).toBe(true);
    // One switch on the profile ends it, however it was made.
    await t.api({
      method: "PUT",
      url: "/api/user/newsletter",
      cookie: owner.cookie,
      payload: { subscribed: false },
    });
    expect(await listed("mira@example.test")).toBe(false);
    await jobsSettled(t.db);
    expect(mail.mails.filter((m: CaughtMail) => m.to === "mira@example.test")).toHaveLength(1);
  });

  it("a member's own address from the form is listed at once", async () => {
    const member = await buildSignedInUser(t.db, { email: "own@example.test" });
    expect((await subscribe("own@example.test", member.cookie)).json()).toEqual({
      subscribed: true,
      confirmByEmail: false,
    });
    expect(await listed("own@example.test")).toBe(true);
    expect((await t.api({ url: "/api/auth/user", cookie: member.cookie })).json().newsletterOptIn).toBe(true);
  });
});

describe("abilities with every meal: the page's controls and the endpoints answer alike", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { freeMealsPer28Days: 2 } });
  });
  afterAll(() => t.close());

  type Ability = { allowed: boolean; refusal: { code: string; key: string; params: object } | null };
  const abilities = async (member: Member, mealId: string) => {
    const answer = await t.api({ url: `/api/meals/${mealId}`, cookie: member.cookie });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().abilities as Record<string, Ability>;
  };
  /** The endpoint's answer agrees with the ability: 2xx when allowed, else the same refusal code. */
  const agree = (ability: Ability, answer: { statusCode: number; json: () => { code?: string } }) => {
    if (ability.allowed) expect(answer.statusCode).toBeLessThan(300);
    else
      expect({ status: answer.statusCode >= 400, code: answer.json().code }).toEqual({
        status: true,
        code: ability.refusal!.code,
      });
  };

  it("own, blocked, fully reserved and at the fair-use limit: refused with the endpoint's code", async () => {
    const cook = await neighbour(t, "Ada");
    const viewer = await neighbour(t, "Vic");
    const own = await buildMeal(t.db, viewer.user, { kind: "free" });
    const mine = await abilities(viewer, own.id);
    expect(mine.request.refusal?.code).toBe("forbidden");
    expect(mine.edit.allowed).toBe(true);
    expect(mine.printLabel.allowed).toBe(true);
    agree(mine.request, await ask(t, viewer, own.id));

    const open = await buildMeal(t.db, cook.user, { kind: "free", portionSize: 1 });
    const theirs = await abilities(viewer, open.id);
    expect(theirs.request.allowed).toBe(true);
    expect(theirs.edit.allowed).toBe(false);
    expect(theirs.waitlist.refusal?.code).toBe("portions_free");

    const full = await buildMeal(t.db, cook.user, { kind: "free", portionSize: 1 });
    await buildRequest(t.db, full, (await neighbour(t)).user, { status: "accepted" });
    const fullAbilities = await abilities(viewer, full.id);
    expect(fullAbilities.request.refusal?.code).toBe("fully_reserved");
    expect(fullAbilities.waitlist.allowed).toBe(true);
    agree(fullAbilities.request, await ask(t, viewer, full.id));

    const blocker = await neighbour(t, "Blo");
    const blocked = await buildMeal(t.db, blocker.user, { kind: "free" });
    const blocking = await t.api({
      method: "PUT",
      url: `/api/user/blocks/${viewer.user.id}`,
      cookie: blocker.cookie,
    });
    expect(blocking.statusCode).toBe(200);
    const blockedAbilities = await abilities(viewer, blocked.id);
    expect(blockedAbilities.request.refusal?.code).toBe("blocked");
    agree(blockedAbilities.request, await ask(t, viewer, blocked.id));

    agree(theirs.request, await ask(t, viewer, open.id));
    for (let i = 0; i < 2; i++) {
      const elsewhere = await buildMeal(t.db, (await neighbour(t)).user, { kind: "free" });
      await buildRequest(t.db, elsewhere, viewer.user, { status: "accepted" });
    }
    const another = await buildMeal(t.db, cook.user, { kind: "free" });
    const limited = await abilities(viewer, another.id);
    expect(limited.request.refusal).toMatchObject({
      code: "fair_use",
      key: "You have had {{count}} free meals in the last {{days}} days, the limit here. Your next is possible on {{date}}.",
      params: { count: 2, days: 28 },
    });
    agree(limited.request, await ask(t, viewer, another.id));
    // A paid meal is not counted.
    const paid = await buildMeal(t.db, cook.user, { kind: "paid", priceCents: 500 });
    expect((await abilities(viewer, paid.id)).request.allowed).toBe(true);
  });

  it("a draw: enter while open, leave once in, neither once entries close", async () => {
    const cook = await neighbour(t, "Dee");
    const viewer = await neighbour(t, "Val");
    const mealId = await postDrawMeal(t, cook, 2);
    const before = await abilities(viewer, mealId);
    expect(before.request.refusal?.code).toBe("draw_open");
    expect(before.enterDraw.allowed).toBe(true);
    expect(before.leaveDraw.refusal?.code).toBe("not_entered");
    agree(before.request, await ask(t, viewer, mealId));
    const entry = (portions: number) =>
      t.api({
        method: "POST",
        url: `/api/meals/${mealId}/draw/entry`,
        cookie: viewer.cookie,
        payload: { portions },
      });
    agree(before.enterDraw, await entry(1));
    expect((await abilities(viewer, mealId)).leaveDraw.allowed).toBe(true);
    await queryRows(
      t.db,
      sql`update meal_draws set closes_at = now() - interval '1 second' where meal_id = ${mealId}`,
    );
    const closed = await abilities(viewer, mealId);
    expect(closed.leaveDraw.refusal?.code).toBe("draw_closed");
    expect(closed.enterDraw.refusal?.code).toBe("draw_closed");
    agree(
      closed.leaveDraw,
      await t.api({ method: "DELETE", url: `/api/meals/${mealId}/draw/entry`, cookie: viewer.cookie }),
    );
    agree(closed.enterDraw, await entry(2));
  });
});
