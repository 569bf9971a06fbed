/**
 * Card payments over the API against the local Stripe (docs/decisions/022; scripts/fake-stripe): every
 * path of the money — authorise then capture at pickup, voids on a cancel, the no-show rules, a
 * dispute held until an admin settles it, the six-day expiry, repeated and out-of-order webhooks,
 * declined and 3-D Secure cards — and the hostile cases first: a stranger, the other side, a forged
 * webhook, a cook without a connected account.
 */
import { eq, sql } from "drizzle-orm";
import { strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CARDS } from "../../scripts/fake-stripe/ledger";
import type { MealRequestDetail } from "../../src/contract/requests";
import { payments, stripeEvents, users } from "../../src/server/db/schema";
import { dataFiles } from "../../src/server/features/accounts/export-contents";
import { settleAgingHolds } from "../../src/server/features/payments";
import { eventually } from "../eventually";
import { buildMeal, buildNeighbour, buildSignedInUser, hoursFromNow } from "../factories";
import {
  authenticate,
  type FakeStripe,
  finishOnboarding,
  payWithCard,
  startStripe,
  stripeEnv,
} from "../payments";
import { ADMIN_EMAIL, createTestApp, jobsSettled, type TestApp } from "./harness";
import { setStatus } from "./steps";

/** A Marketplace meal paid by card, as the API takes it. */
const cardMeal = () => ({
  title: "Dal",
  description: "Red lentils.",
  ingredients: "lentils",
  allergenCodes: [],
  noMajorAllergens: true,
  kind: "paid",
  priceCents: 300,
  paymentWays: "card",
  portionSize: 2,
  pickupWindowStart: hoursFromNow(1),
  pickupWindowEnd: hoursFromNow(3),
  pickupLocation: "Elm Street 4",
});

/** A request as its thread reads it, the parts these tests look at. */
type SeenRequest = MealRequestDetail & { payment: NonNullable<MealRequestDetail["payment"]> };

describe("card payments through the local Stripe", () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let cook: { user: { id: string }; cookie: string };
  let admin: { cookie: string };

  beforeAll(async () => {
    stripe = await startStripe();
    t = await createTestApp({ listen: true, env: stripeEnv(stripe) });
    stripe.setWebhookUrl(`http://127.0.0.1:${t.config.port}/webhooks/stripe`);
    cook = await buildSignedInUser(t.db, { firstName: "Tom", isRegisteredCook: true });
    admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    const connect = await t.api({ method: "POST", url: "/api/payments/account", cookie: cook.cookie });
    expect(connect.statusCode).toBe(200);
    expect(await finishOnboarding(connect.json().url)).toBe(303);
    await eventually(
      async () => (await t.api({ url: "/api/payments/account", cookie: cook.cookie })).json(),
      {
        until: (account) => account.chargesEnabled === true,
        failure: (account) => `the account.updated event did not arrive: ${JSON.stringify(account)}`,
      },
    );
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const requestOf = async (id: string, cookie: string) =>
    (await t.api({ url: `/api/requests/${id}`, cookie })).json();
  const waitFor = (id: string, cookie: string, until: (request: SeenRequest) => boolean, what: string) =>
    eventually(() => requestOf(id, cookie), {
      until,
      failure: (last) => `${what}: ${JSON.stringify(last.payment)} ${last.status}`,
    });
  const intentOf = async (requestId: string) => {
    const [row] = await t.db.select().from(payments).where(eq(payments.requestId, requestId));
    return row?.intentId ? stripe.ledger.intents.get(row.intentId) : undefined;
  };

  /** A card meal of Tom's and a neighbour's card request for it. */
  async function cardRequest(meal: Parameters<typeof buildMeal>[2] = {}) {
    const eater = await buildNeighbour(t.db);
    const built = await buildMeal(t.db, cook.user, {
      kind: "paid",
      priceCents: 300,
      paymentWays: "card",
      pickupWindowStart: new Date(hoursFromNow(1)),
      pickupWindowEnd: new Date(hoursFromNow(3)),
      ...meal,
    });
    const asked = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: eater.cookie,
      payload: { mealId: built.id, payBy: "card", portions: 2 },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().payment).toMatchObject({ status: "requested", amountCents: 600 });
    return { eater, meal: built, id: asked.json().id as string };
  }

  /** The cook accepts; the eater opens the form and pays with `card`. */
  async function acceptAndPay(id: string, eater: { cookie: string }, card: string = TEST_CARDS.visa) {
    const accepted = await setStatus(t, cook.cookie, id, "accepted");
    expect(accepted.statusCode).toBe(200);
    // The portions are the eater's only once the money is held.
    expect(accepted.json()).toMatchObject({ status: "pending", payment: { status: "requires_payment" } });
    expect(accepted.json().abilities.accept.refusal).toMatchObject({ code: "awaiting_payment" });
    expect(accepted.json().abilities.pay.allowed).toBe(false);
    const form = await t.api({ method: "POST", url: `/api/requests/${id}/payment`, cookie: eater.cookie });
    expect(form.statusCode).toBe(200);
    const { clientSecret } = form.json();
    return { clientSecret: clientSecret as string, paid: await payWithCard(stripe, clientSecret, card) };
  }

  async function heldRequest(meal: Parameters<typeof buildMeal>[2] = {}) {
    const made = await cardRequest(meal);
    const { paid, clientSecret } = await acceptAndPay(made.id, made.eater);
    expect(paid.body.status).toBe("requires_capture");
    const held = await waitFor(
      made.id,
      made.eater.cookie,
      (r) => r.status === "accepted",
      "not accepted on the hold",
    );
    expect(held.payment).toMatchObject({ status: "held", amountCents: 600 });
    return { ...made, clientSecret };
  }

  it("refuses strangers, the wrong side and a forged webhook", async () => {
    const { id, eater } = await cardRequest();
    await setStatus(t, cook.cookie, id, "accepted");
    const stranger = await buildSignedInUser(t.db);
    for (const cookie of [stranger.cookie, cook.cookie]) {
      const form = await t.api({ method: "POST", url: `/api/requests/${id}/payment`, cookie });
      expect(form.statusCode).toBe(404);
    }
    expect(
      (await t.api({ method: "POST", url: `/api/requests/${id}/refund`, cookie: stranger.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.api({ method: "POST", url: `/api/requests/${id}/refund`, cookie: eater.cookie })).statusCode,
    ).toBe(403);
    expect(
      (await t.api({ method: "POST", url: `/api/admin/payments/${id}/refund`, cookie: cook.cookie }))
        .statusCode,
    ).toBe(403);
    const forged = await t.app.inject({
      method: "POST",
      url: "/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      payload: JSON.stringify({ id: "evt_forged", type: "payment_intent.succeeded", data: { object: {} } }),
    });
    expect(forged.statusCode).toBe(400);
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, "evt_forged"))).toHaveLength(0);
  });

  it("answers malformed input to every payment route with a clear error, never a 500", async () => {
    const member = await buildSignedInUser(t.db);
    const cases: [string, string, unknown?][] = [
      ["POST", "/api/requests/not-a-uuid/payment"],
      ["POST", "/api/requests/00000000-0000-4000-8000-000000000000/payment"],
      ["POST", "/api/requests/not-a-uuid/refund", { amount: -1 }],
      ["GET", "/api/payments/sales?before=yesterday"],
      ["GET", "/api/payments/sales?before=2026-13-45T99:00:00Z"],
      ["POST", "/api/payments/account", "not json"],
      ["POST", "/api/admin/payments/not-a-uuid/refund"],
    ];
    for (const [method, url, payload] of cases) {
      const answer = await t.api({
        method: method as "GET" | "POST",
        url,
        cookie: member.cookie,
        payload: payload as string,
      });
      expect(answer.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(answer.json(), `${method} ${url}`).toHaveProperty("message");
    }
    for (const body of ["", "{", JSON.stringify({ id: 1, type: null, data: null })]) {
      const answer = await t.app.inject({
        method: "POST",
        url: "/webhooks/stripe",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
        payload: body,
      });
      expect(answer.statusCode).toBe(400);
    }
  });

  it("lets only a cook with a connected account offer card payment", async () => {
    const other = await buildSignedInUser(t.db, { isRegisteredCook: true });
    const meal = cardMeal();
    const refused = await t.api({ method: "POST", url: "/api/meals", cookie: other.cookie, payload: meal });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("no_card_account");
    const connected = await t.api({ method: "POST", url: "/api/meals", cookie: cook.cookie, payload: meal });
    expect(connected.statusCode).toBe(201);
    expect(connected.json().paymentWays).toBe("card");
    // A member who is not a registered cook cannot connect at all.
    const eater = await buildSignedInUser(t.db);
    expect(
      (await t.api({ method: "POST", url: "/api/payments/account", cookie: eater.cookie })).statusCode,
    ).toBe(403);
    // A cash meal cannot be asked for by card.
    const cash = await buildMeal(t.db, cook.user, { kind: "paid", priceCents: 300 });
    const byCard = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: eater.cookie,
      payload: { mealId: cash.id, payBy: "card" },
    });
    expect(byCard.statusCode).toBe(409);
    expect(byCard.json().code).toBe("pay_by");
  });

  it("holds the money on accept and captures it when the cook enters the code", async () => {
    const { id, eater } = await heldRequest();
    const { pickup } = await requestOf(id, eater.cookie);
    const entered = await t.api({
      method: "POST",
      url: `/api/requests/${id}/pickup-code`,
      cookie: cook.cookie,
      payload: { code: pickup.code },
    });
    expect(entered.statusCode).toBe(200);
    const done = await waitFor(id, cook.cookie, (r) => r.payment?.status === "paid", "not captured");
    expect(done.status).toBe("completed");
    const intent = await intentOf(id);
    expect(intent).toMatchObject({ status: "succeeded", amount_received: 600 });
    expect(
      stripe.ledger.moves.filter((move) => move.intent === intent?.id && move.kind === "capture"),
    ).toHaveLength(1);
    // The cook's Settings reads it as sold.
    const sales = (await t.api({ url: "/api/payments/sales", cookie: cook.cookie })).json();
    expect(sales.totals.soldCents).toBeGreaterThanOrEqual(600);
    const csv = await t.api({ url: "/api/payments/sales.csv", cookie: cook.cookie });
    expect(csv.body.split("\r\n")[0]).toBe("date,meal,portions,amount,fee,refunded,status,currency");
    expect(csv.body).toContain(",2,6.00,0.00,0.00,paid,USD");
    // The eater's data export carries the payment, and no secret of it.
    const [eaterRow] = await t.db.select().from(users).where(eq(users.id, done.eater.id));
    const files = await dataFiles(t.db, eaterRow);
    const exported = JSON.parse(strFromU8(files["card-payments.json"] as Uint8Array));
    expect(exported.payments).toEqual([
      expect.objectContaining({ side: "paid", amountCents: 600, status: "paid", currency: "USD" }),
    ]);
    expect(JSON.stringify(exported)).not.toContain("secret");
  });

  it("voids the hold when the cook cancels, and when the eater cancels in time", async () => {
    for (const side of ["cook", "eater"] as const) {
      const { id, eater } = await heldRequest({
        pickupWindowStart: new Date(hoursFromNow(5)),
        pickupWindowEnd: new Date(hoursFromNow(6)),
      });
      const cancelled = await setStatus(t, side === "cook" ? cook.cookie : eater.cookie, id, "cancelled");
      expect(cancelled.statusCode).toBe(200);
      const after = await waitFor(
        id,
        eater.cookie,
        (r) => r.payment?.status === "voided",
        `${side}: not voided`,
      );
      expect(after.status).toBe("cancelled");
      const intent = await intentOf(id);
      expect(intent?.status).toBe("canceled");
      expect(stripe.ledger.moves.some((move) => move.intent === intent?.id && move.kind === "capture")).toBe(
        false,
      );
    }
  });

  it("releases the hold when an admin takes the meal down, and captures nothing after", async () => {
    const { id, eater, meal } = await heldRequest();
    const down = await t.api({
      method: "PUT",
      url: `/api/meals/${meal.id}`,
      cookie: admin.cookie,
      payload: { isActive: false },
    });
    expect(down.statusCode).toBe(200);
    await waitFor(
      id,
      eater.cookie,
      (r) => r.payment?.status === "voided",
      "the takedown did not void the hold",
    );
    const { pickup } = await requestOf(id, eater.cookie);
    await t.api({
      method: "POST",
      url: `/api/requests/${id}/pickup-code`,
      cookie: cook.cookie,
      payload: { code: pickup.code },
    });
    await jobsSettled(t.db);
    const intent = await intentOf(id);
    expect(stripe.ledger.moves.some((move) => move.intent === intent?.id && move.kind === "capture")).toBe(
      false,
    );
  });

  it("declines a request whose money came after its meal closed, and charges nothing", async () => {
    const { id, eater, meal } = await cardRequest();
    expect((await setStatus(t, cook.cookie, id, "accepted")).statusCode).toBe(200);
    const form = await t.api({ method: "POST", url: `/api/requests/${id}/payment`, cookie: eater.cookie });
    await t.db.execute(
      sql`update meals set pickup_window_start = now() - interval '3 hours', pickup_window_end = now() - interval '1 hour' where id = ${meal.id}`,
    );
    expect((await payWithCard(stripe, form.json().clientSecret, TEST_CARDS.visa)).body.status).toBe(
      "requires_capture",
    );
    const after = await waitFor(
      id,
      eater.cookie,
      (r) => r.payment?.status === "voided",
      "the late hold was not voided",
    );
    expect(after.status).toBe("declined");
    expect((await intentOf(id))?.status).toBe("canceled");
  });

  it("charges a no-show only where the meal said so before the request", async () => {
    for (const [chargeNoShow, party, expected] of [
      [false, "eater", "voided"],
      [true, "eater", "paid"],
      [true, "feeder", "voided"],
    ] as const) {
      const { id, eater, meal } = await heldRequest({ chargeNoShow });
      await t.db.execute(
        sql`update meals set pickup_window_start = now() - interval '3 hours', pickup_window_end = now() - interval '1 hour' where id = ${meal.id}`,
      );
      const reporter = party === "eater" ? cook.cookie : eater.cookie;
      expect((await setStatus(t, reporter, id, "no_show")).statusCode).toBe(200);
      const after = await waitFor(
        id,
        eater.cookie,
        (r) => r.payment?.status === expected,
        `${chargeNoShow} ${party}`,
      );
      expect(after.status).toBe("no_show");
    }
  });

  it("keeps a disputed pickup's hold until an admin refunds it", async () => {
    const { id, eater } = await heldRequest();
    expect((await setStatus(t, eater.cookie, id, "completed")).statusCode).toBe(200);
    await t.db.execute(
      sql`update meals set pickup_window_start = now() - interval '2 hours', pickup_window_end = now() - interval '1 minute' where id = (select meal_id from requests where id = ${id})`,
    );
    const reported = await setStatus(t, cook.cookie, id, "no_show");
    expect(reported.json().status).toBe("disputed");
    await jobsSettled(t.db);
    expect((await requestOf(id, eater.cookie)).payment.status).toBe("held");
    const refunded = await t.api({
      method: "POST",
      url: `/api/admin/payments/${id}/refund`,
      cookie: admin.cookie,
    });
    expect(refunded.statusCode).toBe(204);
    await waitFor(
      id,
      eater.cookie,
      (r) => r.payment?.status === "voided",
      "the admin's refund did not release the hold",
    );
    const holds = (await t.api({ url: "/api/admin/payments", cookie: admin.cookie })).json();
    expect(holds.openHolds.some((hold: { requestId: string }) => hold.requestId === id)).toBe(false);
  });

  it("settles six-day-old holds before they lapse: a disputed one captured, then refunded when settled against the cook", async () => {
    const open = await heldRequest();
    const disputed = await heldRequest();
    expect((await setStatus(t, disputed.eater.cookie, disputed.id, "completed")).statusCode).toBe(200);
    await t.db.execute(
      sql`update meals set pickup_window_start = now() - interval '2 hours', pickup_window_end = now() - interval '1 minute' where id = ${disputed.meal.id}`,
    );
    expect((await setStatus(t, cook.cookie, disputed.id, "no_show")).json().status).toBe("disputed");
    await t.db.execute(
      sql`update payments set held_at = now() - interval '6 days 1 hour' where request_id in (${open.id}, ${disputed.id})`,
    );
    expect(await settleAgingHolds(t.db)).toBe(2);
    await waitFor(
      open.id,
      open.eater.cookie,
      (r) => r.payment?.status === "voided",
      "the open hold was not voided",
    );
    await waitFor(
      disputed.id,
      cook.cookie,
      (r) => r.payment?.status === "paid",
      "the disputed hold was not captured",
    );
    // Run again: nothing left to settle.
    expect(await settleAgingHolds(t.db)).toBe(0);
    const settled = await t.api({
      method: "PUT",
      url: `/api/admin/disputes/${disputed.id}`,
      cookie: admin.cookie,
      payload: { outcome: "feeder_no_show" },
    });
    expect(settled.statusCode).toBeLessThan(300);
    const after = await waitFor(
      disputed.id,
      cook.cookie,
      (r) => r.payment?.status === "refunded",
      "not refunded",
    );
    expect(after.payment.refundedCents).toBe(600);
  });

  it("applies a repeated webhook once and a late one out of order not at all", async () => {
    const { id, eater } = await heldRequest();
    const intent = await intentOf(id);
    const heldEvent = stripe.events.find(
      (event) =>
        event.type === "payment_intent.amount_capturable_updated" &&
        (event.data.object as { id: string }).id === intent?.id,
    );
    expect(heldEvent).toBeDefined();
    const { pickup } = await requestOf(id, eater.cookie);
    stripe.hold();
    await t.api({
      method: "POST",
      url: `/api/requests/${id}/pickup-code`,
      cookie: cook.cookie,
      payload: { code: pickup.code },
    });
    await eventually(() => stripe.ledger.intents.get(intent!.id)?.status, {
      until: (status) => status === "succeeded",
      failure: (status) => `not captured at Stripe: ${status}`,
    });
    // The capture's event comes after a stale "held" (a new id: Stripe's retry of an older event).
    await stripe.release((held) => [
      { ...heldEvent!, id: `${heldEvent!.id}_late` },
      ...held,
      { ...heldEvent!, id: `${heldEvent!.id}_later` },
    ]);
    await waitFor(id, eater.cookie, (r) => r.payment?.status === "paid", "not paid");
    const [before] = await t.db.select().from(payments).where(eq(payments.requestId, id));
    const succeeded = stripe.events.findLast((event) => event.type === "payment_intent.succeeded")!;
    expect(await stripe.redeliver(succeeded)).toBe(200);
    expect(await stripe.redeliver(heldEvent!)).toBe(200);
    const [after] = await t.db.select().from(payments).where(eq(payments.requestId, id));
    expect(after).toEqual(before);
    expect(
      stripe.ledger.moves.filter((move) => move.intent === intent!.id && move.kind === "capture"),
    ).toHaveLength(1);
  });

  it("keeps the request waiting on a declined card, and accepts it once a 3-D Secure card is authenticated", async () => {
    const { id, eater } = await cardRequest();
    const { paid, clientSecret } = await acceptAndPay(id, eater, TEST_CARDS.declined);
    expect(paid.status).toBe(402);
    expect(paid.body.error?.decline_code).toBe("generic_decline");
    await jobsSettled(t.db);
    expect(await requestOf(id, eater.cookie)).toMatchObject({
      status: "pending",
      payment: { status: "requires_payment" },
      abilities: { pay: { allowed: true } },
    });
    const challenged = await payWithCard(stripe, clientSecret, TEST_CARDS.threeDSecure);
    expect(challenged.body.status).toBe("requires_action");
    expect(await authenticate(stripe, clientSecret, true)).toBe(200);
    const held = await waitFor(
      id,
      eater.cookie,
      (r) => r.status === "accepted",
      "not accepted after 3-D Secure",
    );
    expect(held.payment.status).toBe("held");
    expect(held.pickup.code).toMatch(/^\d{4}$/);
  });
});

describe("without payment settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("says nothing about cards anywhere: the deployment, the routes, meals and requests", async () => {
    const deployment = (await t.api({ url: "/api/deployment" })).json();
    expect(deployment).not.toHaveProperty("cardPayments");
    const cook = await buildSignedInUser(t.db, { isRegisteredCook: true });
    for (const [method, url] of [
      ["GET", "/api/payments/account"],
      ["POST", "/api/payments/account"],
      ["GET", "/api/payments/sales"],
      ["GET", "/api/payments/sales.csv"],
    ] as const) {
      expect((await t.api({ method, url, cookie: cook.cookie })).statusCode, url).toBe(404);
    }
    const webhook = await t.app.inject({
      method: "POST",
      url: "/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      payload: "{}",
    });
    expect(webhook.statusCode).toBe(404);
    const byCard = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: cook.cookie,
      payload: cardMeal(),
    });
    expect(byCard.statusCode).toBe(400);
    const meal = await buildMeal(t.db, cook.user, { kind: "paid", priceCents: 300 });
    const shown = (await t.api({ url: `/api/meals/${meal.id}`, cookie: cook.cookie })).json();
    expect(shown).not.toHaveProperty("paymentWays");
    const eater = await buildNeighbour(t.db);
    const asked = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: eater.cookie,
      payload: { mealId: meal.id },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).not.toHaveProperty("payment");
    const card = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: (await buildNeighbour(t.db)).cookie,
      payload: { mealId: meal.id, payBy: "card" },
    });
    expect(card.statusCode).toBe(409);
  });
});
