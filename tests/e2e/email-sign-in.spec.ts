/**
 * MealShare's own sign-in in a real browser (docs/decisions/016): a newcomer at 375 px joins with the
 * emailed code using the keyboard alone; a member adds a passkey in Settings with Chromium's virtual
 * authenticator (CDP `WebAuthn.addVirtualAuthenticator`), signs in with it, removes it, and is then
 * refused. Its own app runs in this process with `SIGN_IN=email` and a real SMTP server; the built
 * client comes from the main web server's build.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { freePort } from "../api/harness";
import { emailTo, type MailCatcher, startMailCatcher } from "../mail-catcher";

let close: () => Promise<void>;
let baseURL = "";
let mail: MailCatcher;

test.beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mealshare-e2e-email-"));
  mail = await startMailCatcher();
  const port = await freePort();
  const config = loadConfig(
    { NODE_ENV: "test", PORT: String(port), DATA_DIR: dir, LOG_LEVEL: "silent", SIGN_IN: "email" },
    { email: emailTo(mail) },
  );
  const database = await openDatabase({ dataDir: "memory://" });
  const app = await buildApp({ config, database });
  await app.listen({ port, host: "127.0.0.1" });
  baseURL = config.publicUrl;
  close = async () => {
    await app.close();
    await database.close();
    await mail.close();
    rmSync(dir, { recursive: true, force: true });
  };
});
test.afterAll(() => close?.());

let counter = 0;
const newAddress = (name: string) => `${name}.${Date.now()}.${++counter}@neighbours.test`;

/** Types `email` on the sign-in page and the code it is sent; a newcomer also gives a name. */
async function signInByCode(page: Page, email: string, name?: { first: string; last: string }) {
  await page.goto(`${baseURL}/api/login?returnTo=/profile`);
  await page.getByLabel("Email").fill(email);
  const sent = mail.mails.filter((m) => m.to === email).length;
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const [message] = (await mail.waitFor((m) => m.to === email, sent + 1)).slice(sent);
  await page.getByLabel("Code").fill(message.subject.slice(0, 6));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  if (name) {
    await page.getByLabel("First name").fill(name.first);
    await page.getByLabel("Last name").fill(name.last);
    await page.getByRole("button", { name: "Join MealShare" }).click();
  }
  await page.waitForURL(`${baseURL}/profile`);
}

test("a newcomer at 375 px joins with the emailed code, by keyboard alone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const email = newAddress("newcomer");
  await page.goto(`${baseURL}/api/login?returnTo=/profile`);
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
  const code = page.getByLabel("Code");
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  const [message] = await mail.waitFor((m) => m.to === email);
  await page.keyboard.type(message.subject.slice(0, 6));
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("First name")).toBeFocused();
  await page.keyboard.type("Noor");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Haddad");
  await page.keyboard.press("Enter");
  await page.waitForURL(`${baseURL}/profile`);
  await expect(page.getByRole("heading", { name: "Noor Haddad" })).toBeVisible();
  // Nothing of the sign-in pages overflows a phone.
  await page.goto(`${baseURL}/api/login`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});

test("a passkey added in Settings signs its member in; removed, it is refused", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await signInByCode(page, newAddress("keyholder"), { first: "Kai", last: "Keyes" });
  await page.goto(`${baseURL}/settings`);
  await page.getByLabel("Passkey name").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const keys = page.getByRole("list", { name: "Your passkeys" });
  await expect(keys.getByText("Work laptop")).toBeVisible();
  await expect(keys.getByText(/not used yet/)).toBeVisible();

  // Signed out, the passkey alone signs Kai in again, back where the sign-in began: offered in the
  // email field's autofill (conditional UI), which this authenticator answers at once, as a person
  // picking it there would.
  const signOut = async () => {
    await page.goto(`${baseURL}/api/logout`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${baseURL}/`);
  };
  await signOut();
  await page.goto(`${baseURL}/api/login?returnTo=/profile`);
  await page.waitForURL(`${baseURL}/profile`);
  await expect(page.getByRole("heading", { name: "Kai Keyes" })).toBeVisible();
  await page.goto(`${baseURL}/settings`);
  await expect(keys.getByText(/Last used/)).toBeVisible();

  // And by its button, as in a browser without passkey autofill.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await signOut();
  await page.goto(`${baseURL}/api/login?returnTo=/profile`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL(`${baseURL}/profile`);
  await expect(page.getByRole("heading", { name: "Kai Keyes" })).toBeVisible();
  await page.goto(`${baseURL}/settings`);

  // Removed, the same authenticator's passkey signs nobody in.
  await page.getByRole("button", { name: "Remove passkey Work laptop" }).click();
  await expect(keys).toHaveCount(0);
  await signOut();
  await page.goto(`${baseURL}/api/login?returnTo=/profile`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(
    page.getByText("That passkey did not sign you in. Try again, or use your email."),
  ).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name === "sid")).toBe(false);
  await context.close();
});
