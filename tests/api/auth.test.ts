import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presentCurrentUser, upsertOidcUser } from "../../src/server/auth/users";
import { users } from "../../src/server/db/schema";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "./harness";
import { signInThroughProvider } from "./oidc-flow";

describe("sign-in through the bundled OIDC provider", () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    baseUrl = t.config.publicUrl;
  });
  afterAll(() => t.close());

  const currentUser = (cookie: string) =>
    fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));

  it("answers 401 Unauthorized when signed out", async () => {
    const { status, body } = await currentUser("");
    expect(status).toBe(401);
    expect(body.message).toBe("Unauthorized");
  });

  it("shows a sign-in page with Email, First name, an optional Last name and a Sign in button", async () => {
    const { signInPage } = await signInThroughProvider(baseUrl, {
      email: "page@example.test",
      firstName: "Page",
      lastName: "Viewer",
    });
    expect(signInPage).toContain("<title>Sign in</title>");
    for (const label of ["Email", "First name", "Last name \\(optional\\)"])
      expect(signInPage).toMatch(new RegExp(`<label[^>]*>${label}</label>`));
    expect(signInPage).toMatch(/<button type="submit">Sign in<\/button>/);
  });

  it("signs in a neighbour who gives a first name alone", async () => {
    const { jar } = await signInThroughProvider(baseUrl, {
      email: "cher@example.test",
      firstName: "Cher",
      lastName: "",
    });
    const { status, body } = await currentUser(jar.header());
    expect(status).toBe(200);
    expect(body).toMatchObject({ firstName: "Cher", lastName: "", nameShown: "short" });
  });

  it("creates the user on first sign-in, returns to /, and the session cookie identifies them", async () => {
    const { jar, finalLocation } = await signInThroughProvider(baseUrl, {
      email: "Ada.Cook@Example.test",
      firstName: "Ada",
      lastName: "Cook",
    });
    expect(finalLocation).toBe("/");
    const sid = jar.get("sid");
    expect(sid).toBeTruthy();
    const { status, body } = await currentUser(`sid=${sid}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      email: "ada.cook@example.test",
      firstName: "Ada",
      lastName: "Cook",
      isAdmin: false,
    });
    expect(body.role).toBe("eater");
  });

  it("signs the same email in as the same user, keeping the names they have", async () => {
    const first = await signInThroughProvider(baseUrl, {
      email: "same@example.test",
      firstName: "Sam",
      lastName: "E",
    });
    const second = await signInThroughProvider(baseUrl, {
      email: "SAME@example.test",
      firstName: "Other",
      lastName: "Name",
    });
    const a = await currentUser(`sid=${first.jar.get("sid")}`);
    const b = await currentUser(`sid=${second.jar.get("sid")}`);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.firstName).toBe("Sam");
    const rows = await t.db.select().from(users).where(eq(users.email, "same@example.test"));
    expect(rows).toHaveLength(1);
  });

  it("returns to the page the user came from", async () => {
    const { finalLocation } = await signInThroughProvider(
      baseUrl,
      { email: "back@example.test", firstName: "Back", lastName: "Again" },
      "/api/login?returnTo=/marketplace",
    );
    expect(finalLocation).toBe("/marketplace");
  });

  it("never redirects to another site after sign-in", async () => {
    const { finalLocation } = await signInThroughProvider(
      baseUrl,
      { email: "open@example.test", firstName: "Open", lastName: "Redirect" },
      "/api/login?returnTo=//evil.example/x",
    );
    expect(finalLocation).toBe("/");
  });

  it.each([
    ["a tab after the slash", "/\t/evil.example/"],
    ["a newline after the slash", "/\n/evil.example/"],
    ["a carriage return and a header", "/x\r\nSet-Cookie: sid=stolen"],
    ["a NUL character", "/meal/\u0000"],
    ["a backslash", "/\\evil.example/"],
    ["an absolute URL", "https://evil.example/"],
    ["a scheme-relative URL", "//evil.example/"],
  ])("falls back to / for a returnTo with %s", async (_, returnTo) => {
    const { finalLocation } = await signInThroughProvider(
      baseUrl,
      { email: "hostile-return@example.test", firstName: "Ret", lastName: "Urn" },
      `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
    );
    expect(finalLocation).toBe("/");
  });

  it("keeps a path of the app with its query and fragment", async () => {
    const { finalLocation } = await signInThroughProvider(
      baseUrl,
      { email: "deep-link@example.test", firstName: "Deep", lastName: "Link" },
      `/api/login?returnTo=${encodeURIComponent("/community?q=lasagne#top")}`,
    );
    expect(finalLocation).toBe("/community?q=lasagne#top");
  });

  it("marks the configured admin email as admin, case-insensitively", async () => {
    const { jar } = await signInThroughProvider(baseUrl, {
      email: ADMIN_EMAIL.toUpperCase(),
      firstName: "Ad",
      lastName: "Min",
    });
    const { body } = await currentUser(`sid=${jar.get("sid")}`);
    expect(body.isAdmin).toBe(true);
  });

  it("ends the session on a sign-out POST from our pages and returns to /", async () => {
    const { jar } = await signInThroughProvider(baseUrl, {
      email: "bye@example.test",
      firstName: "By",
      lastName: "E",
    });
    const cookie = `sid=${jar.get("sid")}`;
    const logout = await fetch(`${baseUrl}/api/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(logout.status).toBe(303);
    expect(logout.headers.get("location")).toBe("/");
    expect((await currentUser(cookie)).status).toBe(401);
  });

  it("does not sign out on a GET, which any site can trigger; it offers a Sign out button", async () => {
    const { jar } = await signInThroughProvider(baseUrl, {
      email: "stay@example.test",
      firstName: "Stay",
      lastName: "In",
    });
    const cookie = `sid=${jar.get("sid")}`;
    const page = await fetch(`${baseUrl}/api/logout`, { redirect: "manual", headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(
      /<form method="post" action="\/api\/logout"><button type="submit">Sign out<\/button><\/form>/,
    );
    expect((await currentUser(cookie)).status).toBe(200);

    const forged = await fetch(`${baseUrl}/api/logout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie,
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(forged.status).toBe(403);
    expect((await currentUser(cookie)).status).toBe(200);
  });

  it("refuses a callback without the sign-in transaction (restarts sign-in)", async () => {
    const response = await fetch(`${baseUrl}/api/callback?code=forged&state=forged`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/api/login");
  });

  it("refuses a bad sign-in form with 400 and signs nobody in", async () => {
    const trace = await signInThroughProvider(baseUrl, {
      email: "not-an-email",
      firstName: "",
      lastName: "",
    });
    expect(trace.jar.get("sid")).toBeUndefined();
  });
});

describe("admin needs an email the provider verified", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const external = () => ({
    ...t.config,
    oidc: { issuerUrl: "https://idp.example", clientId: "mealshare", clientSecret: undefined },
  });

  it.each([
    ["missing", {}],
    ["false", { email_verified: false }],
    ['the string "true"', { email_verified: "true" }],
  ])("an external provider's admin email with email_verified %s is not admin", async (_, claims) => {
    const user = await upsertOidcUser(t.db, "https://idp.example", {
      sub: `self-service-${Math.random()}`,
      email: ADMIN_EMAIL,
      ...claims,
    });
    expect(user?.emailVerified).toBe(false);
    expect(presentCurrentUser(user!, external()).isAdmin).toBe(false);
  });

  it("a verified admin email is admin, and a later unverified sign-in takes it away", async () => {
    const sub = `verified-${Math.random()}`;
    const verified = await upsertOidcUser(t.db, "https://idp.example", {
      sub,
      email: ADMIN_EMAIL,
      email_verified: true,
    });
    expect(presentCurrentUser(verified!, external()).isAdmin).toBe(true);
    const later = await upsertOidcUser(t.db, "https://idp.example", { sub, email: ADMIN_EMAIL });
    expect(later?.id).toBe(verified?.id);
    expect(presentCurrentUser(later!, external()).isAdmin).toBe(false);
  });

  it("the bundled provider on a non-loopback address makes nobody admin without DEV_ADMIN", async () => {
    const exposed = await createTestApp({ listen: true, config: { devAdmin: false } });
    try {
      const { jar } = await signInThroughProvider(exposed.config.publicUrl, {
        email: ADMIN_EMAIL,
        firstName: "Not",
        lastName: "Admin",
      });
      const cookie = `sid=${jar.get("sid")}`;
      const me = await fetch(`${exposed.config.publicUrl}/api/auth/user`, { headers: { cookie } });
      expect((await me.json()).isAdmin).toBe(false);
      const reports = await fetch(`${exposed.config.publicUrl}/api/admin/reports`, { headers: { cookie } });
      expect(reports.status).toBe(403);
    } finally {
      await exposed.close();
    }
  });
});
