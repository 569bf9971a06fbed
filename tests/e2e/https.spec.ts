/**
 * MealShare served over HTTPS by the app itself (README "HTTPS", `TLS_CERT_FILE` and `TLS_KEY_FILE`),
 * in a real browser: the page and every script of its first screen come over HTTP/2 (one
 * connection, docs/decisions/015 "Phones"), the first screen shows its meals, and a thread's live
 * stream delivers the other member's message. Its own app runs in this process on a fresh in-memory
 * database with a self-signed certificate; the built client comes from the main web server's build.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { buildApp } from "../../src/server/app";
import { SESSION_COOKIE } from "../../src/server/auth/sessions";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { freePort } from "../api/harness";
import { localhostCertificate } from "../certificate";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";

let close: () => Promise<void>;
let baseURL = "";
let app: Awaited<ReturnType<typeof buildApp>>;
let db: Awaited<ReturnType<typeof openDatabase>>["db"];

test.beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mealshare-e2e-tls-"));
  const certificate = await localhostCertificate(dir);
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    DATA_DIR: dir,
    LOG_LEVEL: "silent",
    TLS_CERT_FILE: certificate.certFile,
    TLS_KEY_FILE: certificate.keyFile,
  });
  const database = await openDatabase({ dataDir: "memory://" });
  db = database.db;
  app = await buildApp({ config, database });
  await app.listen({ port, host: "127.0.0.1" });
  baseURL = config.publicUrl;
  close = async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  };
});
test.afterAll(() => close?.());

test("over HTTPS the first screen's files come over HTTP/2, and a thread's live stream delivers", async ({
  browser,
}) => {
  expect(baseURL).toMatch(/^https:\/\/localhost:\d+$/);
  const cook = await buildSignedInUser(db, { firstName: "Tomas", lastName: "Tls" });
  const eater = await buildSignedInUser(db, { firstName: "Hedda", lastName: "Http" });
  const meal = await buildMeal(db, cook.user, { title: "Barley soup over HTTP/2" });
  const request = await buildRequest(db, meal, eater.user);

  // The certificate is self-signed: this browser is told to accept it, as a phone accepts a real one.
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  await context.addCookies([
    { name: SESSION_COOKIE, value: eater.cookie.split("=")[1], url: baseURL, httpOnly: true, secure: true },
  ]);
  const page = await context.newPage();
  await page.goto("/community?area=all");
  await expect(page.getByRole("heading", { name: "Barley soup over HTTP/2" })).toBeVisible();
  const protocols = await page.evaluate(() => [
    (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).nextHopProtocol,
    ...(performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === "script" || entry.name.endsWith(".js"))
      .map((entry) => entry.nextHopProtocol),
  ]);
  expect(protocols.length).toBeGreaterThan(5);
  expect(new Set(protocols)).toEqual(new Set(["h2"]));

  // The stream's answer (its headers) arrives once it is open; the cook then writes.
  const streamOpen = page.waitForResponse((response) => response.url().endsWith("/api/stream"));
  await page.goto(`/request/${request.id}`);
  await expect(page.getByText("Could I have one?")).toBeVisible();
  expect((await streamOpen).status()).toBe(200);
  const sent = await app.inject({
    method: "POST",
    url: `/api/requests/${request.id}/messages`,
    headers: { cookie: cook.cookie, origin: baseURL, "content-type": "application/json" },
    payload: { body: "It is on the doorstep shelf, still warm." },
  });
  expect(sent.statusCode).toBe(201);
  await expect(page.getByText("It is on the doorstep shelf, still warm.")).toBeVisible();
  await context.close();
});
