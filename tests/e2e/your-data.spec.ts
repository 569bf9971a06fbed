/**
 * Your data and leaving, in a real browser (docs/decisions/017): a member downloads their data from
 * Settings and finds their meal's photo in the ZIP; then deletes their account, confirmed with the
 * emailed code, is signed out, and the other side of their thread sees "Former member" and "Message
 * removed". Its own app runs in this process (`SIGN_IN=email`, `ACCOUNT_DELETION_DAYS=0`) with a real
 * SMTP server; the built client comes from the main web server's build.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { buildApp } from "../../src/server/app";
import { SESSION_COOKIE } from "../../src/server/auth/sessions";
import { EMAIL_ISSUER } from "../../src/server/auth/users";
import { loadConfig } from "../../src/server/config";
import { type Database, openDatabase } from "../../src/server/db/client";
import { freePort } from "../api/harness";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { emailTo, type MailCatcher, startMailCatcher } from "../mail-catcher";

let close: () => Promise<void>;
let baseURL = "";
let mail: MailCatcher;
let database: Database;

test.beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mealshare-e2e-leaving-"));
  mail = await startMailCatcher();
  const port = await freePort();
  const config = loadConfig(
    {
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: "silent",
      SIGN_IN: "email",
      ACCOUNT_DELETION_DAYS: "0",
    },
    { email: emailTo(mail), jobPollingSeconds: 0.5 },
  );
  database = await openDatabase({ dataDir: "memory://" });
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

test("a member downloads their data, then leaves; the other side reads Former member and Message removed", async ({
  browser,
}) => {
  const { db } = database;
  const email = `leaving.${Date.now()}@neighbours.test`;
  const leaving = await buildSignedInUser(db, {
    oidcIssuer: EMAIL_ISSUER,
    oidcSubject: email,
    email,
    firstName: "Lotte",
    lastName: "Leaving",
  });
  const eater = await buildSignedInUser(db, { firstName: "Egon", lastName: "Eater" });
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  await context.addCookies([{ name: SESSION_COOKIE, value: leaving.cookie.split("=")[1], url: baseURL }]);
  const page = await context.newPage();

  // A meal with a photo, and a thread with Egon.
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c84" } })
    .jpeg()
    .toBuffer();
  const origin = { origin: baseURL };
  const { uploadURL } = await (
    await page.request.post("/api/objects/upload", { data: { contentLength: bytes.length }, headers: origin })
  ).json();
  await page.request.put(new URL(uploadURL).pathname, {
    data: bytes,
    headers: { ...origin, "content-type": "image/jpeg" },
  });
  const { objectPath } = await (
    await page.request.put("/api/meal-photos", { data: { photoURL: uploadURL }, headers: origin })
  ).json();
  const meal = await buildMeal(db, leaving.user, { title: "Lotte's plum cake", photoPath: objectPath });
  const request = await buildRequest(db, meal, eater.user, { status: "accepted", portions: 1 });
  const said = await page.request.post(`/api/requests/${request.id}/messages`, {
    data: { body: "The cake is on the windowsill" },
    headers: origin,
  });
  expect(said.status()).toBe(201);

  // Settings → Your data → Download my data; the ZIP holds the meal's photo.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Download my data" }).click();
  const link = page.getByRole("link", { name: /^Download \(/ });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const photoFile = objectPath.replace("/objects/", "");
  expect(Object.keys(files)).toContain(photoFile);
  expect(await sharp(Buffer.from(files[photoFile])).metadata()).toMatchObject({ format: "webp", width: 640 });
  expect(JSON.parse(new TextDecoder().decode(files["meals.json"]))[0].title).toBe("Lotte's plum cake");

  // Delete my account, confirmed with the emailed code: signed out, back on the front page.
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("button", { name: "Email me a code to confirm" }).click();
  const [message] = await mail.waitFor((m) => m.to === email && m.subject.includes("deleting"));
  await page.getByLabel(`Code sent to ${email}`).fill(message.subject.slice(0, 6));
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await page.waitForURL(`${baseURL}/`);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  await context.close();

  // Egon's thread reads on.
  const other = await browser.newContext({ baseURL });
  await other.addCookies([{ name: SESSION_COOKIE, value: eater.cookie.split("=")[1], url: baseURL }]);
  const eaterPage = await other.newPage();
  await eaterPage.goto(`/request/${request.id}`);
  await expect(eaterPage.getByText("Message removed")).toBeVisible();
  await expect(eaterPage.getByText("Former member").first()).toBeVisible();
  await expect(eaterPage.getByText("The cake is on the windowsill")).toHaveCount(0);

  // The footer's Terms & Privacy says what this deployment keeps, from its own settings.
  await eaterPage.goto("/privacy");
  await expect(eaterPage.getByRole("heading", { name: "Privacy", level: 1 })).toBeVisible();
  await expect(eaterPage.getByText("Read notifications and old alert matches: 365 days.")).toBeVisible();
  await expect(eaterPage.getByText(/A deleted account: erased at once/)).toBeVisible();
  await other.close();
});
