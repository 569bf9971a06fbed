/**
 * docs/features/everyday-journey.md over the API: names as members choose to show them,
 * a paid meal's accept that says how to pay, notifications an API client reads whole in its language,
 * a list card that knows its reader's place in line, a leaver's profile that says so, and mail that
 * stops for an address refused for good, carries the bounce address, and is signed by DKIM when set.
 */
import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, waitlistEntries } from "../../src/server/db/schema";
import { buildMeal, buildSignedInUser, hoursFromNow } from "../factories";
import { type CaughtMail, emailTo, type MailCatcher, startMailCatcher } from "../mail-catcher";
import { createTestApp, jobsSettled, type TestApp } from "./harness";
import { askFor, setStatus } from "./steps";

describe("names, payment notices, notifications and mail over the API", () => {
  let t: TestApp;
  let mail: MailCatcher;
  const refused = "gone@example.test";
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
  beforeAll(async () => {
    mail = await startMailCatcher({ refuse: (address) => address === refused });
    t = await createTestApp({
      config: {
        email: {
          ...emailTo(mail),
          bounceAddress: "bounces@mealshare.test",
          dkim: {
            domainName: "mealshare.test",
            keySelector: "mail2026",
            privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
          },
          stopAfter: 2,
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const cookAndEater = async () => {
    const cook = await buildSignedInUser(t.db, {
      firstName: "Tom",
      lastName: "Becker",
      isRegisteredCook: true,
    });
    const eater = await buildSignedInUser(t.db, { firstName: "Aisha", lastName: "Khan" });
    return { cook, eater };
  };

  it("shows a member as first name and initial, whole to the other side of an accepted request, whole when they choose", async () => {
    const { cook, eater } = await cookAndEater();
    const meal = await buildMeal(t.db, cook.user, { title: "Courgette fritters" });
    const card = (await t.api({ url: `/api/meals/${meal.id}`, cookie: eater.cookie })).json();
    expect(card.owner).toMatchObject({ firstName: "Tom", lastName: "B." });
    const profile = (await t.api({ url: `/api/users/${cook.user.id}`, cookie: eater.cookie })).json();
    expect(profile.lastName).toBe("B.");
    // Their own profile reads whole.
    expect((await t.api({ url: `/api/users/${cook.user.id}`, cookie: cook.cookie })).json().lastName).toBe(
      "Becker",
    );

    const asked = await askFor(t, eater.cookie, meal.id, "Could I have some?");
    const pending = (await t.api({ url: `/api/requests/${asked.json().id}`, cookie: cook.cookie })).json();
    expect(pending.eater.lastName).toBe("K.");
    await setStatus(t, cook.cookie, asked.json().id, "accepted");
    for (const [cookie, side, whole] of [
      [cook.cookie, "eater", "Khan"],
      [eater.cookie, "owner", "Becker"],
    ] as const) {
      const thread = (await t.api({ url: `/api/requests/${asked.json().id}`, cookie })).json();
      expect(thread[side].lastName).toBe(whole);
    }

    // Chosen "full": everyone reads it whole; a bad choice is refused.
    const bad = await t.api({
      method: "PUT",
      url: "/api/user/profile",
      cookie: cook.cookie,
      payload: { nameShown: "all" },
    });
    expect(bad.statusCode).toBe(400);
    const full = await t.api({
      method: "PUT",
      url: "/api/user/profile",
      cookie: cook.cookie,
      payload: { nameShown: "full" },
    });
    expect(full.json().nameShown).toBe("full");
    const stranger = await buildSignedInUser(t.db);
    const seen = (await t.api({ url: `/api/meals/${meal.id}`, cookie: stranger.cookie })).json();
    expect(seen.owner.lastName).toBe("Becker");
  });

  it("tells the eater of a paid meal how to pay when it is accepted, in the app and by email", async () => {
    const { cook, eater } = await cookAndEater();
    const meal = await buildMeal(t.db, cook.user, {
      title: "Thali",
      kind: "paid",
      priceCents: 450,
      portionSize: 3,
      pickupWindowStart: new Date(hoursFromNow(5)),
      pickupWindowEnd: new Date(hoursFromNow(7)),
    });
    const asked = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: eater.cookie,
      payload: { mealId: meal.id, message: null, portions: 2 },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    await setStatus(t, cook.cookie, asked.json().id, "accepted");
    const said =
      'Tom B. accepted your request for "Thali". Pay Tom B. $9.00 at pickup, in cash or as you agree.';
    const [notice] = (await t.api({ url: "/api/notifications", cookie: eater.cookie })).json();
    expect(notice.text).toBe(said);
    const [email] = await mail.waitFor(
      (m) => m.to === eater.user.email && m.subject.startsWith("Tom B. accepted"),
    );
    expect(email.text).toContain(said);
  });

  it("answers GET /api/notifications whole, in the reader's language, money in the deployment's currency", async () => {
    const { cook, eater } = await cookAndEater();
    const meal = await buildMeal(t.db, cook.user, { title: "Paella", kind: "paid", priceCents: 300 });
    const asked = await askFor(t, eater.cookie, meal.id, "Hola");
    await setStatus(t, cook.cookie, asked.json().id, "accepted");
    const [notice] = (
      await t.api({ url: "/api/notifications", cookie: eater.cookie, headers: { "accept-language": "es" } })
    ).json();
    expect(notice.text).not.toMatch(/\{\{|\}\}/);
    expect(notice.text).toContain("Tom B.");
    expect(notice.text).toMatch(/3,00\s?US\$|3,00\s?\$/);
  });

  it("gives a full meal's card its reader's place in line, and nobody else's", async () => {
    const { cook, eater } = await cookAndEater();
    const other = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user, {
      title: "Waiting-list stew",
      portionSize: 1,
      portionsTaken: 1,
    });
    await t.db.insert(waitlistEntries).values([
      { mealId: meal.id, userId: other.user.id, portions: 1, createdAt: new Date(Date.now() - 60_000) },
      { mealId: meal.id, userId: eater.user.id, portions: 1 },
    ]);
    const listed = async (cookie: string) =>
      (await t.api({ url: "/api/meals?limit=50", cookie }))
        .json()
        .find((m: { id: string }) => m.id === meal.id);
    expect((await listed(eater.cookie)).waitlistPosition).toBe(2);
    expect((await listed(other.cookie)).waitlistPosition).toBe(1);
    const stranger = await buildSignedInUser(t.db);
    expect((await listed(stranger.cookie)).waitlistPosition).toBeNull();
    // Whose meal it is comes from the server too: the cook's card is theirs, nobody else's is.
    expect((await listed(cook.cookie)).yours).toBe(true);
    expect((await listed(stranger.cookie)).yours).toBe(false);
  });

  it("answers a leaver's profile with 'has left', not 'not found'", async () => {
    const leaver = await buildSignedInUser(t.db, { deletionRequestedAt: new Date() });
    const { cookie } = await buildSignedInUser(t.db);
    const answer = await t.api({ url: `/api/users/${leaver.user.id}`, cookie });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: "member_left", message: "This member has left MealShare." });
  });

  it("stops mailing an address refused for good, says so to its member, and starts again when asked", async () => {
    const cook = await buildSignedInUser(t.db, { email: refused, emailVerified: true, firstName: "Gone" });
    const eaters = [
      await buildSignedInUser(t.db),
      await buildSignedInUser(t.db),
      await buildSignedInUser(t.db),
    ];
    for (const [i, eater] of eaters.entries()) {
      const meal = await buildMeal(t.db, cook.user, { title: `Refused soup ${i}` });
      await askFor(t, eater.cookie, meal.id, "Hi");
      await jobsSettled(t.db);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, cook.user.id));
    expect(row.mailFailures).toBe(2);
    expect(row.mailStoppedAt).not.toBeNull();
    const me = (await t.api({ url: "/api/auth/user", cookie: cook.cookie })).json();
    expect(me.mailStoppedAt).toBe(row.mailStoppedAt!.toISOString());
    // Only the member starts it again.
    expect((await t.api({ method: "POST", url: "/api/user/email-delivery" })).statusCode).toBe(401);
    const again = await t.api({ method: "POST", url: "/api/user/email-delivery", cookie: cook.cookie });
    expect(again.json().mailStoppedAt).toBeNull();
  });

  it("sends from the bounce address and signs with DKIM when configured", async () => {
    const { cook, eater } = await cookAndEater();
    const meal = await buildMeal(t.db, cook.user, { title: "Signed soup" });
    await askFor(t, eater.cookie, meal.id, "Hi");
    const [sent] = await mail.waitFor((m: CaughtMail) => m.to === cook.user.email);
    expect(sent.envelopeFrom).toBe("bounces@mealshare.test");
    expect(sent.headers.from).toContain("no-reply@mealshare.test");
    expect(sent.headers["dkim-signature"]).toMatch(/d=mealshare\.test;/);
    expect(sent.headers["dkim-signature"]).toMatch(/s=mail2026;/);
  });
});
