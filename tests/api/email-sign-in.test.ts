/**
 * MealShare's own sign-in (docs/decisions/016), over real HTTP with a real SMTP server: an emailed code
 * and link, bound to the browser that asked, single use, five wrong tries, the same answer for every
 * address, a send limit every instance shares; then the devices signed in and a changed email.
 * The attacker's cases come first.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_ISSUER } from "../../src/server/auth/users";
import { passkeys, signInCodes, users } from "../../src/server/db/schema";
import { buildUser } from "../factories";
import { emailTo, type MailCatcher, startMailCatcher } from "../mail-catcher";
import { openStream } from "../sse-client";
import { Browser, codeOf, type Site } from "./browser";
import { ADMIN_EMAIL, createTestApp, openSecondDatabase, type TestApp, testDatabaseKind } from "./harness";

let mail: MailCatcher;
let t: TestApp;
let base: string;
let sequence = 0;
const address = (name: string) => `${name}-${++sequence}@neighbours.test`;

const site: Site = { base: () => base, mail: () => mail };
/** A browser of this file's app. */
const browserOf = (userAgent?: string) => new Browser(site, userAgent);

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ listen: true, env: { SIGN_IN: "email" }, config: { email: emailTo(mail) } });
  base = t.config.publicUrl;
});

afterAll(async () => {
  await t?.close();
  await mail?.close();
});

describe("emailed sign-in: the attacker's cases", () => {
  it("answers a known and an unknown address alike: same status, same page, byte for byte", async () => {
    const known = address("known");
    await buildUser(t.db, { oidcIssuer: EMAIL_ISSUER, oidcSubject: known, email: known });
    const unknown = address("unknown");
    const a = await browserOf().post("/api/login/email", { email: known, returnTo: "/" });
    const b = await browserOf().post("/api/login/email", { email: unknown, returnTo: "/" });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    // The page repeats the address typed, so the person can spot a typo; nothing else differs.
    expect(b.page.replaceAll(unknown, "ADDRESS")).toBe(a.page.replaceAll(known, "ADDRESS"));

    // One address, before it has an account and after: the very same bytes.
    const later = address("later");
    const first = await browserOf().post("/api/login/email", { email: later, returnTo: "/" });
    await buildUser(t.db, { oidcIssuer: EMAIL_ISSUER, oidcSubject: later, email: later });
    await t.db.delete(signInCodes).where(eq(signInCodes.email, later)); // past the minute's limit
    const second = await browserOf().post("/api/login/email", { email: later, returnTo: "/" });
    expect(second.status).toBe(first.status);
    expect(second.page).toBe(first.page);
    // Both got the same email, apart from the code.
    const mails = await mail.waitFor((m) => m.to === later, 2);
    expect(mails[1].text.replace(/\d{6}|token=\S+/g, "X")).toBe(
      mails[0].text.replace(/\d{6}|token=\S+/g, "X"),
    );
  });

  it("refuses the sixth try after five wrong codes, even when it is right", async () => {
    const browser = browserOf();
    const { code } = await browser.askCode(address("guessed"));
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await browser.post("/api/login/code", { code: wrong });
      expect(answer.status).toBe(400);
      expect(answer.page).toContain("That code is not right.");
    }
    const right = await browser.post("/api/login/code", { code });
    expect(right.status).toBe(429);
    expect(right.page).toContain("Too many wrong codes: this one no longer works.");
    expect(browser.jar.get("sid")).toBeUndefined();
  });

  it("refuses a code typed in another browser, and a link opened in another browser", async () => {
    const email = address("elsewhere");
    const asker = browserOf();
    const { code, link } = await asker.askCode(email);
    // A stranger's browser has no code of its own: the code is not theirs to type.
    const stranger = browserOf();
    const typed = await stranger.post("/api/login/code", { code });
    expect(typed.status).toBe(400);
    expect(typed.page).toContain("Ask for a code first.");
    // The link opened elsewhere (a phone's mail app) signs nobody in there, and shows the code to type
    // where it was asked for, with a way to sign in here instead.
    const opened = await stranger.get(new URL(link).pathname + new URL(link).search);
    expect(opened.status).toBe(400);
    expect(opened.page).toContain("This link signs in only the browser where the code was asked for.");
    expect(opened.page).toContain(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(opened.page).toContain("Sign in on this device instead");
    expect(stranger.jar.get("sid")).toBeUndefined();
    // A made-up link shows no code.
    const madeUp = new URL(link);
    madeUp.searchParams.set("token", `${madeUp.searchParams.get("token")!.split(".")[0]}.${"x".repeat(32)}`);
    const forged = await stranger.get(madeUp.pathname + madeUp.search);
    expect(forged.page).not.toContain(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(forged.page).toContain("it can no longer be used");

    // A second browser that asked for its own code cannot use the first browser's.
    await t.db.delete(signInCodes).where(eq(signInCodes.email, email));
    const first = await asker.askCode(email);
    await t.db.execute(
      sql`update sign_in_codes set created_at = created_at - interval '2 minutes' where email = ${email}`,
    );
    const other = browserOf();
    await other.askCode(email);
    const crossed = await other.post("/api/login/code", { code: first.code });
    expect(crossed.page).toContain("That code was asked for in another browser.");
    // The asker still can.
    const own = await asker.post("/api/login/code", { code: first.code });
    expect(own.status).toBe(200);
    expect(own.page).toContain("What should your neighbours call you?");
  });

  it("refuses a used code and an expired one with a clear message", async () => {
    const email = address("used");
    await buildUser(t.db, { oidcIssuer: EMAIL_ISSUER, oidcSubject: email, email });
    const browser = browserOf();
    const { code } = await browser.askCode(email);
    const pending = browser.jar.get("signin")!;
    expect((await browser.post("/api/login/code", { code })).status).toBe(303);
    // Someone with a copy of that browser's cookie tries the same code again.
    const replay = browserOf();
    replay.jar.store(new Response(null, { headers: { "set-cookie": `signin=${pending}; Path=/api/login` } }));
    const again = await replay.post("/api/login/code", { code });
    expect(again.status).toBe(400);
    expect(again.page).toContain("That code has been used already.");

    const late = address("late");
    const slow = browserOf();
    const expired = await slow.askCode(late);
    await t.db.execute(
      sql`update sign_in_codes set expires_at = now() - interval '1 second' where email = ${late}`,
    );
    const answer = await slow.post("/api/login/code", { code: expired.code });
    expect(answer.status).toBe(400);
    expect(answer.page).toContain("That code has expired.");
  });

  it("stores no code and no link token, only their HMACs", async () => {
    const email = address("stored");
    const { code, link } = await browserOf().askCode(email);
    const token = new URL(link).searchParams.get("token")!.split(".")[1];
    const [row] = await t.db.select().from(signInCodes).where(eq(signInCodes.email, email));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(token);
    expect(row.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("sends one code a minute to an address, whichever instance is asked, and says so", async () => {
    const secondDatabase =
      testDatabaseKind() === "postgres" ? await openSecondDatabase(t.database.url!) : t.database;
    const second = await createTestApp({
      listen: true,
      database: secondDatabase,
      env: { SIGN_IN: "email" },
      config: { email: emailTo(mail) },
    });
    try {
      const email = address("flooded");
      const ask = (url: string) =>
        fetch(`${url}/api/login/email`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ email }).toString(),
        });
      const answers = await Promise.all([
        ask(base),
        ask(second.config.publicUrl),
        ask(base),
        ask(second.config.publicUrl),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429]);
      const refused = await answers.find((a) => a.status === 429)!.text();
      expect(refused).toContain("A code went to this address less than a minute ago.");
      await mail.waitFor((m) => m.to === email, 1);
      expect(await t.db.$count(signInCodes, eq(signInCodes.email, email))).toBe(1);

      // Ten a day from browsers that are not the owner's: the eleventh is refused however long one
      // waits between them (each wait is a minute moved back).
      for (let sent = 1; sent < 10; sent++) {
        await t.db.execute(
          sql`update sign_in_codes set created_at = created_at - interval '2 minutes' where email = ${email}`,
        );
        expect((await ask(sent % 2 ? base : second.config.publicUrl)).status).toBe(200);
      }
      await t.db.execute(
        sql`update sign_in_codes set created_at = created_at - interval '2 minutes' where email = ${email}`,
      );
      const eleventh = await ask(base);
      expect(eleventh.status).toBe(429);
      expect(await eleventh.text()).toContain("This address has had ten codes today.");
    } finally {
      await second.close();
      if (secondDatabase !== t.database) await secondDatabase.close();
    }
  });

  it("refuses what is not an email, and a forged cookie, with a page and no session", async () => {
    const browser = browserOf();
    const bad = await browser.post("/api/login/email", { email: "not an email" });
    expect(bad.status).toBe(400);
    expect(bad.page).toContain("Enter a valid email address.");
    const forged = browserOf();
    forged.jar.store(
      new Response(null, {
        headers: { "set-cookie": `signin=${encodeURIComponent('{"id":"x"}')}; Path=/api/login` },
      }),
    );
    expect((await forged.post("/api/login/code", { code: "123456" })).status).toBe(400);
    expect((await forged.post("/api/login/profile", { firstName: "A", lastName: "B" })).status).toBe(400);
    expect((await forged.get("/api/login/link?token=nonsense")).status).toBe(400);
    expect(forged.jar.get("sid")).toBeUndefined();
  });
});

describe("emailed sign-in: a neighbour's way in", () => {
  it("signs a new member up by code: their name, then the page they came from", async () => {
    const email = address("newcomer");
    const browser = browserOf();
    const start = await browser.get("/api/login?returnTo=/meal/123");
    expect(start.page).toContain('autocomplete="username webauthn"');
    const { message, code } = await browser.askCode(email, "/meal/123");
    expect(message.subject).toBe(`${code} is your MealShare sign-in code`);
    const named = await browser.post("/api/login/code", { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(named.status).toBe(200);
    expect(named.page).toContain('autocomplete="given-name"');
    const joined = await browser.post("/api/login/profile", { firstName: "Nell", lastName: "Gwyn" });
    expect(joined.status).toBe(303);
    expect(joined.location).toBe("/meal/123");
    const me = await browser.json("GET", "/api/auth/user");
    expect(me.body).toMatchObject({ email, firstName: "Nell", lastName: "Gwyn", signIn: "email" });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ oidcIssuer: EMAIL_ISSUER, emailVerified: true });
  });

  it("signs a new member up by the link, in the browser that asked", async () => {
    const email = address("linked");
    const browser = browserOf();
    const { link } = await browser.askCode(email);
    const opened = await browser.get(new URL(link).pathname + new URL(link).search);
    expect(opened.status).toBe(200);
    expect(opened.page).toContain(`${email} is confirmed.`);
    const joined = await browser.post("/api/login/profile", { firstName: "Ada", lastName: "Byron" });
    expect(joined.status).toBe(303);
    expect((await browser.json("GET", "/api/auth/user")).body.firstName).toBe("Ada");
    // The link works once.
    expect((await browser.get(new URL(link).pathname + new URL(link).search)).status).toBe(400);
  });

  it("takes a known member straight in, and makes an admin only of a proved ADMIN_EMAIL", async () => {
    await t.db.delete(signInCodes).where(eq(signInCodes.email, ADMIN_EMAIL));
    // The account a provider made before the deployment switched to emailed sign-in.
    await buildUser(t.db, { email: ADMIN_EMAIL, firstName: "Ida" });
    const browser = browserOf();
    const { code } = await browser.askCode(ADMIN_EMAIL, "/admin");
    const answer = await browser.post("/api/login/code", { code });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/admin");
    const me = await browser.json("GET", "/api/auth/user");
    expect(me.body).toMatchObject({ email: ADMIN_EMAIL, firstName: "Ida", isAdmin: true });
  });

  it("writes the email in the member's language", async () => {
    const email = address("sprache");
    await buildUser(t.db, { oidcIssuer: EMAIL_ISSUER, oidcSubject: email, email, locale: "de" });
    const { message, code } = await browserOf().askCode(email);
    expect(message.subject).toBe(`${code} ist dein MealShare-Anmeldecode`);
  });
});

describe("devices and a new email", () => {
  const signedIn = (email: string, userAgent: string) => browserOf(userAgent).signIn(email);

  it("lists the devices, signs one out, and ends every other session's calls and live stream at once", async () => {
    const email = address("devices");
    const laptop = await signedIn(
      email,
      "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    );
    await t.db.execute(
      sql`update sign_in_codes set created_at = now() - interval '2 minutes' where email = ${email}`,
    );
    const phone = await signedIn(
      email,
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    );
    const list = await laptop.json("GET", "/api/auth/sessions");
    expect(list.status).toBe(200);
    expect(list.body.map((s: { device: string; current: boolean }) => [s.device, s.current]).sort()).toEqual([
      ["Chrome · Android", false],
      ["Firefox · Linux", true],
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/127\.0\.0\.1/);

    // Someone else cannot see or end these sessions.
    const stranger = await signedIn(address("stranger"), "curl/8");
    const phoneId = list.body.find((s: { current: boolean }) => !s.current).id;
    expect((await stranger.json("DELETE", `/api/auth/sessions/${phoneId}`)).status).toBe(404);
    expect((await phone.json("GET", "/api/auth/user")).status).toBe(200);

    const stream = await openStream(base, phone.jar.header());
    try {
      await stream.waitFor((event) => event.event === "ready");
      const ended = await laptop.json("POST", "/api/auth/sessions/end-others");
      expect(ended.body).toEqual({ ended: 1 });
      await stream.waitForEnd();
      expect((await phone.json("GET", "/api/auth/user")).status).toBe(401);
      expect((await laptop.json("GET", "/api/auth/user")).status).toBe(200);
    } finally {
      stream.close();
    }
  });

  it("changes the email only with the code sent to the new address", async () => {
    const email = address("moving");
    const member = await signedIn(email, "Firefox");
    const next = address("moved");
    // A fresh proof first: the code sent to the current address.
    expect((await member.json("POST", "/api/auth/email", { email: next })).status).toBe(400);
    expect((await member.json("POST", "/api/auth/email/proof")).status).toBe(202);
    const [proof] = await mail.waitFor((m) => m.to === email && m.subject.includes("confirms it is you"));
    const asked = await member.json("POST", "/api/auth/email", { email: next, code: codeOf(proof) });
    expect(asked.status).toBe(202);
    const [message] = await mail.waitFor((m) => m.to === next);
    const code = codeOf(message);
    expect(
      (
        await member.json("POST", "/api/auth/email/confirm", {
          code: code === "000000" ? "111111" : "000000",
        })
      ).status,
    ).toBe(400);
    // Another member cannot use it.
    const other = await signedIn(address("other"), "Firefox");
    expect((await other.json("POST", "/api/auth/email/confirm", { code })).status).toBe(400);
    const confirmed = await member.json("POST", "/api/auth/email/confirm", { code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email).toBe(next);
    const [row] = await t.db.select().from(users).where(eq(users.email, next));
    expect(row.oidcSubject).toBe(next);
    // The old address now makes a new, unconnected account.
    await t.db.delete(signInCodes).where(eq(signInCodes.email, email));
    const again = browserOf();
    const { code: fresh } = await again.askCode(email);
    expect((await again.post("/api/login/code", { code: fresh })).page).toContain(
      "What should your neighbours call you?",
    );
  });
});

describe("passkeys: what the browser test cannot reach", () => {
  it("keeps each member's passkeys their own, and signs nobody in with a made-up answer", async () => {
    const owner = await buildUser(t.db, { oidcIssuer: EMAIL_ISSUER, oidcSubject: address("keyholder") });
    await t.db.insert(passkeys).values({
      id: "owners-credential",
      userId: owner.id,
      name: "Phone",
      publicKey: new Uint8Array([1, 2, 3]),
    });
    const stranger = browserOf();
    const { code } = await stranger.askCode(address("keythief"));
    await stranger.post("/api/login/code", { code });
    await stranger.post("/api/login/profile", { firstName: "Kim", lastName: "Thief" });
    expect((await stranger.json("GET", "/api/auth/passkeys")).body).toEqual([]);
    expect((await stranger.json("DELETE", "/api/auth/passkeys/owners-credential")).status).toBe(404);
    expect(await t.db.$count(passkeys, eq(passkeys.userId, owner.id))).toBe(1);

    // Signed out: no options to add one; a sign-in answer that no authenticator signed is refused.
    const nobody = browserOf();
    expect((await nobody.json("POST", "/api/auth/passkeys/options")).status).toBe(401);
    const { body: options } = await nobody.json("POST", "/api/login/passkey/options");
    expect(options.options.rpId).toBe("localhost");
    const forged = {
      challengeId: options.challengeId,
      response: {
        id: "owners-credential",
        rawId: "owners-credential",
        type: "public-key",
        response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
        clientExtensionResults: {},
      },
    };
    const refused = await nobody.json("POST", "/api/login/passkey", forged);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("That passkey did not sign you in. Try again, or use your email.");
    // The challenge was used up by that try.
    expect((await nobody.json("POST", "/api/login/passkey", forged)).status).toBe(400);
    expect(nobody.jar.get("sid")).toBeUndefined();
  });
});
