/**
 * An identity that cannot be turned against its owner (docs/decisions/020 "Identity"), over real HTTP
 * with a real SMTP server and MealShare's own sign-in: codes others ask for cannot lock the owner out;
 * the email-change form cannot be aimed at another member's address; a change needs a fresh proof, tells
 * the old address and can be undone from it; and mail others can cause is capped per inbox and client.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeys, users } from "../../src/server/db/schema";
import { clientKeyOf } from "../../src/server/mail-caps";
import { emailTo, type MailCatcher, startMailCatcher } from "../mail-catcher";
import { Browser, codeOf, type Site } from "./browser";
import { createTestApp, jobsSettled, type TestApp } from "./harness";

let mail: MailCatcher;
let t: TestApp;
let base: string;
let sequence = 0;
const address = (name: string) => `${name}-${++sequence}@neighbours.test`;
const site: Site = { base: () => base, mail: () => mail };
const browser = () => new Browser(site);

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ listen: true, env: { SIGN_IN: "email" }, config: { email: emailTo(mail) } });
  base = t.config.publicUrl;
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

/** Every code asked for `email` so far is a few minutes old: the one-a-minute rule is not what answers. */
const aMinuteLater = (email: string) =>
  t.db.execute(
    sql`update sign_in_codes set created_at = created_at - interval '2 minutes' where email = ${email}`,
  );

describe("lock-out: codes others ask for", () => {
  it("cannot keep the owner out: her browser has an allowance of its own", async () => {
    const email = address("owner");
    const owner = await browser().signIn(email);
    await aMinuteLater(email);
    // Browsers that never held her session ask, a minute apart, until the address has had ten such
    // codes today (her first sign-in, from a browser new to her then, was one).
    for (let ask = 2; ask <= 10; ask++) {
      expect((await browser().post("/api/login/email", { email })).status).toBe(200);
      await aMinuteLater(email);
    }
    const eleventh = await browser().post("/api/login/email", { email });
    expect(eleventh.status).toBe(429);
    expect(eleventh.page).toContain("This address has had ten codes today.");

    // Every code so far has arrived (they go out after the answer), so the next one is her browser's.
    await mail.waitFor((m) => m.to === email, 10);
    // The browser that holds her last session still gets its code, and signs her in.
    const { code } = await owner.askCode(email);
    const signedIn = await owner.post("/api/login/code", { code });
    expect(signedIn.status).toBe(303);
    expect((await owner.json("GET", "/api/auth/user")).body.email).toBe(email);
  });

  it("cannot be aimed at another member's address through the email-change form", async () => {
    const victim = address("victim");
    await browser().signIn(victim);
    const attacker = await browser().signIn(address("attacker"));
    await attacker.json("POST", "/api/auth/email/proof");
    const [proof] = await mail.waitFor(
      (m) => m.subject.includes("confirms it is you") && m.to.startsWith("attacker"),
    );
    const before = mail.mails.filter((m) => m.to === victim).length;
    const aimed = await attacker.json("POST", "/api/auth/email", { email: victim, code: codeOf(proof) });
    // The same answer as for any address: nothing tells the attacker the address is someone's.
    expect(aimed.status).toBe(202);
    await jobsSettled(t.db);
    expect(mail.mails.filter((m) => m.to === victim)).toHaveLength(before);
    // The victim's own sign-in is untouched.
    await aMinuteLater(victim);
    expect((await browser().askCode(victim)).code).toMatch(/^\d{6}$/);
  });
});

describe("an email change", () => {
  it("needs a fresh proof, tells the old address, signs other devices out, and can be undone from the old address", async () => {
    const old = address("settled");
    const laptop = await browser().signIn(old);
    await aMinuteLater(old);
    const phone = await browser().signIn(old);
    const [member] = await t.db.select().from(users).where(eq(users.email, old));
    await t.db.insert(passkeys).values({
      id: `before-${member.id}`,
      userId: member.id,
      name: "Phone",
      publicKey: new Uint8Array([1]),
    });

    // No proof, or a wrong one: nothing is sent.
    const next = address("taken-over");
    const noProof = await laptop.json("POST", "/api/auth/email", { email: next });
    expect(noProof.status).toBe(400);
    expect(noProof.body.message).toBe("Type the code we emailed you, or use a passkey.");
    await aMinuteLater(old);
    expect((await laptop.json("POST", "/api/auth/email/proof")).status).toBe(202);
    const [proof] = await mail.waitFor((m) => m.to === old && m.subject.includes("confirms it is you"));
    const wrong = codeOf(proof) === "000000" ? "111111" : "000000";
    expect((await laptop.json("POST", "/api/auth/email", { email: next, code: wrong })).status).toBe(400);
    expect(mail.mails.filter((m) => m.to === next)).toHaveLength(0);

    // With the proof: a code to the new address, then the change.
    expect((await laptop.json("POST", "/api/auth/email", { email: next, code: codeOf(proof) })).status).toBe(
      202,
    );
    const [confirm] = await mail.waitFor((m) => m.to === next);
    const changed = await laptop.json("POST", "/api/auth/email/confirm", { code: codeOf(confirm) });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe(next);
    expect((await phone.json("GET", "/api/auth/user")).status).toBe(401);

    // The old address is told, with the link that undoes it.
    const [notice] = await mail.waitFor(
      (m) => m.to === old && m.subject === "Your MealShare email address was changed",
    );
    expect(notice.text).toContain(next);
    const link = new URL(/(http\S+\/api\/auth\/email\/undo\?token=\S+)/.exec(notice.text)![1]);
    // Meanwhile the new holder adds a passkey of their own.
    await t.db.insert(passkeys).values({
      id: `after-${member.id}`,
      userId: member.id,
      name: "Theirs",
      publicKey: new Uint8Array([2]),
    });

    // Opening the link shows what it does; only the button does it.
    const owner = browser();
    const page = await owner.get(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, member.id)))[0].email).toBe(next);
    const undone = await owner.post(link.pathname, { token: link.searchParams.get("token")! });
    expect(undone.page).toContain("Your old address is back, and every device was signed out.");
    const [after] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(after.email).toBe(old);
    expect((await laptop.json("GET", "/api/auth/user")).status).toBe(401);
    expect(
      (await t.db.select().from(passkeys).where(eq(passkeys.userId, member.id))).map((key) => key.name),
    ).toEqual(["Phone"]);
    // Once only.
    expect((await owner.post(link.pathname, { token: link.searchParams.get("token")! })).page).toContain(
      "This link has expired or was used already.",
    );

    // The old address signs her into the same account, not a new empty one.
    await aMinuteLater(old);
    const back = browser();
    const { code } = await back.askCode(old);
    expect((await back.post("/api/login/code", { code })).status).toBe(303);
    expect((await back.json("GET", "/api/auth/user")).body.id).toBe(member.id);
  });
});

describe("mail caps", () => {
  const subscribe = (email: string, ip: string) =>
    t.api({ method: "POST", url: "/api/newsletter", payload: { email }, remoteAddress: ip });
  const confirmations = (inbox: RegExp) =>
    mail.mails.filter(
      (m) => inbox.test(m.to) && m.subject === "Confirm your MealShare newsletter subscription",
    );

  it("sends an inbox ten confirmations a day, however its address is written", async () => {
    const variants = Array.from({ length: 11 }, (_, n) => `fan+${n}@inbox.test`);
    for (const [n, email] of variants.entries()) {
      const answer = await subscribe(email, `10.0.1.${n + 1}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ subscribed: true, confirmByEmail: true });
    }
    await jobsSettled(t.db);
    await mail.waitFor((m) => /^fan\+/.test(m.to), 10);
    await jobsSettled(t.db);
    expect(confirmations(/^fan\+/)).toHaveLength(10);
  });

  it("lets one client cause at most its day's mail, to any inboxes", async () => {
    const ip = "10.0.2.1";
    await t.db.execute(
      sql`insert into mail_quotas (key, day, count) values (${`client:${clientKeyOf(t.config.sessionSecret, ip)}`}, current_date, ${t.config.mailCaps.perClient - 1})`,
    );
    expect((await subscribe("last-one@client.test", ip)).statusCode).toBe(200);
    expect((await subscribe("one-too-many@client.test", ip)).statusCode).toBe(200);
    await jobsSettled(t.db);
    await mail.waitFor((m) => m.to === "last-one@client.test");
    await jobsSettled(t.db);
    expect(mail.mails.filter((m) => m.to === "one-too-many@client.test")).toHaveLength(0);
  });
});
