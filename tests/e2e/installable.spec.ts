/**
 * docs/features/notifications.md point 1, the installable app: a valid manifest with icons made at build
 * time, a service worker that registers and keeps the app shell, so that with the network cut a reload
 * still shows the app and says it is offline; no API answer in its caches (a pickup pass is kept only once
 * shown: handover.spec.ts); and Lighthouse's PWA checks
 * (installable, splash screen, themed address bar, maskable icon, viewport) pass on the landing page.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse-pwa";
import sharp from "sharp";
import { chromiumLaunchOptions } from "../../playwright.config";
import { person, signIn } from "./fixtures";

test.use({ serviceWorkers: "allow" });

test("the manifest is valid, its icons are real, the service worker registers and Chromium finds the app installable", async ({
  baseURL,
}) => {
  // A profile on disk: Chromium never offers to install from an incognito-like context.
  const profile = mkdtempSync(path.join(os.tmpdir(), "mealshare-pwa-"));
  const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({
      name: "MealShare",
      short_name: "MealShare",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#15803d",
      background_color: "#ffffff",
    });
    // Each icon is a PNG of the size it claims; 192 and 512 px and a maskable one are there.
    for (const icon of manifest.icons as Array<{ src: string; sizes: string; type: string }>) {
      const response = await page.request.get(`/${icon.src}`);
      expect(response.headers()["content-type"]).toBe("image/png");
      const { width, height, format } = await sharp(await response.body()).metadata();
      expect({ size: `${width}x${height}`, format }).toEqual({ size: icon.sizes, format: "png" });
    }
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === "maskable")).toBe(true);

    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(script).toBe(`${baseURL}/sw.js`);
    const cdp = await context.newCDPSession(page);
    const { errors } = await cdp.send("Page.getAppManifest");
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("with the network cut after the first load, a reload shows the app's shell and the offline banner", async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: "allow" });
  const page = await context.newPage();
  await signIn(page, person("Olive", "Offline"));
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  // What the service worker keeps: the app, never an API answer (those belong to one user).
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain("/index.html");
  expect(cached.filter((url) => url.startsWith("/api/"))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toBeVisible();
  await expect(page.getByRole("link", { name: "MealShare" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();

  // Back online, Retry brings the member's home back.
  await context.setOffline(false);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toBeHidden();
  await context.close();
});

test("Lighthouse's PWA checks pass on the landing page", async ({ baseURL }) => {
  test.setTimeout(120_000);
  // Lighthouse 11: the last release with the PWA category (12 dropped it for Chrome's own checks).
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ["--headless=new", ...chromiumLaunchOptions.args],
  });
  try {
    const result = await lighthouse(`${baseURL}/`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["pwa"],
    });
    const { categories, audits } = result!.lhr;
    const automated = categories.pwa.auditRefs
      .map((ref) => audits[ref.id])
      .filter((audit) => audit.scoreDisplayMode !== "manual");
    expect(automated.map((audit) => [audit.id, audit.score])).toEqual(
      automated.map((audit) => [audit.id, 1]),
    );
    expect(automated.map((audit) => audit.id)).toEqual(
      expect.arrayContaining(["installable-manifest", "splash-screen", "themed-omnibox", "maskable-icon"]),
    );
    expect(categories.pwa.score).toBe(1);
  } finally {
    chrome.kill();
  }
});
