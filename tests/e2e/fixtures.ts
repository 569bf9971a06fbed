/**
 * Playwright helpers: people sign in through the real bundled identity provider, each in a
 * browser context of their own.
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { E2E_ADMIN_EMAILS } from "../../playwright.config";
import { LANGUAGES } from "../../src/contract/languages";
import { SERVER_RENDERED_ATTRIBUTE } from "../../src/contract/pages";

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

let counter = 0;
/** A person with an email no other test uses. */
export function person(firstName: string, lastName: string): Person {
  counter += 1;
  return { email: `${firstName.toLowerCase()}.${Date.now()}.${counter}@example.test`, firstName, lastName };
}

/**
 * Waits until the app has taken over a page the server drew (docs/decisions/019): until then its
 * buttons do nothing, its links load whole pages and the root says `aria-disabled`. A member can only
 * move inside the app after this; a test acts the same way.
 */
export async function appTookOver(page: Page) {
  await expect(page.locator("#root")).not.toHaveAttribute("aria-disabled");
}

/**
 * Holds the page's requests matching `url` (a Playwright route pattern) until the returned function
 * is called: a slow answer or slow code made certain instead of hoped for.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The main navigation's name in every language that has one, and English's. */
const MAIN_NAV_NAMES = new Set([
  "Main",
  ...LANGUAGES.map((language) => {
    const catalogue: Record<string, string> = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, `../../src/locales/${language}/common.json`), "utf8"),
    );
    return catalogue.Main ?? "Main";
  }),
]);

/** The signed-in app's main navigation, in any of its languages. */
export const mainNav = (page: Page) =>
  page.getByRole("navigation", { name: new RegExp(`^(${[...MAIN_NAV_NAMES].join("|")})$`) });

/**
 * Signs `who` in through the dev provider's sign-in page, typed and sent in the browser, and waits
 * for the signed-in home. main-journey.spec.ts walks it; other specs use `signIn`.
 */
export async function signInThroughForm(page: Page, who: Person) {
  await page.goto("/api/login");
  await expect(page).toHaveTitle("Sign in");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("First name").fill(who.firstName);
  await page.getByLabel("Last name").fill(who.lastName);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(mainNav(page)).toBeVisible();
}

/**
 * Signs `who` in through the same provider flow over the page's own HTTP client (its context's
 * cookies: /api/login, the provider's form, the callback setting the session cookie), then opens
 * the signed-in home. The same session as the form gives, without rendering the provider's page.
 */
export async function signIn(page: Page, who: Person) {
  const form = await page.request.get("/api/login");
  const action = /<form method="post" action="([^"]+)"/.exec(await form.text())?.[1];
  expect(action, "the provider's sign-in form").toBeTruthy();
  const signedIn = await page.request.post(new URL(action!.replaceAll("&amp;", "&"), form.url()).href, {
    form: { email: who.email, firstName: who.firstName, lastName: who.lastName },
  });
  expect(signedIn.ok(), `sign-in: ${signedIn.status()}`).toBe(true);
  await page.goto("/");
  await expect(mainNav(page)).toBeVisible();
}

/**
 * A fresh browser context (another device: `options` may name its server or language) with `who` signed
 * in.
 */
export async function signedInPage(browser: Browser, who: Person, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

/** The visible toast with this title (Radix also announces it in a live region, hence exact). */
export const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

/** A same-origin API write from the page's context (its cookies; the origin check passes). */
export async function apiPost(page: Page, url: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(url, { data, headers: { origin } });
  expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

/** A same-origin API update (PUT) from the page's context, e.g. a request's status. */
export async function apiPut(page: Page, url: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.put(url, { data, headers: { origin } });
  expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

const HOUR = 60 * 60 * 1000;

/** Posts a free meal as the page's user, with a pickup window starting in an hour. */
export function postMeal(page: Page, overrides: Record<string, unknown> = {}) {
  return apiPost(page, "/api/meals", {
    title: "Vegetable curry",
    description: "Mild coconut curry with rice.",
    kind: "free",
    priceCents: null,
    portionSize: 3,
    ingredients: "rice, coconut milk, carrots, peas, spices",
    allergens: "mustard",
    pickupLocation: "22 Maple Street, blue door",
    pickupWindowStart: new Date(Date.now() + HOUR).toISOString(),
    pickupWindowEnd: new Date(Date.now() + 3 * HOUR).toISOString(),
    deliveryAvailable: false,
    ...overrides,
  });
}

/**
 * A completed exchange between two signed-in members, through the API: `eater` asks for a meal of
 * `cook`'s, the cook hands it over and the eater says they have it. After it the eater is a neighbour,
 * whom the newcomer limits no longer hold (docs/decisions/020).
 */
export async function completeExchange(cook: Page, eater: Page) {
  const meal = await postMeal(cook, { title: "Thank-you biscuits" });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: null });
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "completed" });
  await apiPut(eater, `/api/requests/${request.id}/status`, { status: "completed" });
}

/** Cape Town: where members of tests not about places keep their home area, away from those that are. */
export const ELSEWHERE = { latitude: -33.925, longitude: 18.424 };

/**
 * Sets the page's member's home area through the API (docs/features/neighbourhood.md point 1), so the
 * meal form starts with a pickup point; neighbourhood.spec.ts sets one through the page.
 */
export async function setHomeArea(page: Page, at = ELSEWHERE, radiusKm = 5) {
  const response = await page.request.put("/api/user/home-area", {
    data: { ...at, radiusKm },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The admin of the e2e server (ADMIN_EMAIL in playwright.config.ts), speaking English. */
export const admin = (): Person => ({ email: E2E_ADMIN_EMAILS[0], firstName: "Ada", lastName: "Admin" });
/**
 * A second admin, for the spec that saves German on its account (languages.spec.ts): a member's saved
 * language wins over the browser's on every device, and specs run side by side, so with one admin
 * another spec's admin page could open in German.
 */
export const germanAdmin = (): Person => ({
  email: E2E_ADMIN_EMAILS[1],
  firstName: "Adele",
  lastName: "Admin",
});

/**
 * Fills the meal form's food-safety part (docs/features/food-safety.md): ticks the named allergens, or
 * "Contains none of the 14" when there are none; prepared an hour ago; kept chilled.
 */
export async function fillFoodSafety(page: Page, allergens: string[] = []) {
  if (allergens.length === 0) await page.getByLabel("Contains none of the 14").check();
  for (const name of allergens) await page.getByRole("checkbox", { name, exact: true }).check();
  const anHourAgo = new Date(Date.now() - HOUR);
  const local = new Date(anHourAgo.getTime() - anHourAgo.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await page.getByLabel("Prepared at").fill(local);
  await page.getByLabel("Storage").selectOption("chilled");
}

/** A small real PDF, as a cook's certificate. */
export const CERTIFICATE_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/**
 * Makes the page's user a registered cook the way the app does (docs/features/food-safety.md): the
 * document uploaded, the application filed, an admin's approval, all through the API.
 */
export async function becomeRegisteredCook(page: Page, browser: Browser) {
  const origin = new URL(page.url()).origin;
  const params = await apiPost(page, "/api/objects/upload", { purpose: "document" });
  const put = await page.request.put(params.uploadURL, { data: CERTIFICATE_PDF, headers: { origin } });
  expect(put.ok()).toBe(true);
  const application = await apiPost(page, "/api/cook-applications", {
    kitchenName: "Test Kitchen",
    registrationNumber: "FBR-1",
    registrationAuthority: "Council",
    certificateLevel: "Level 2",
    certificateIssuer: "Trainer",
    certificateExpiresOn: "2099-12-31",
    documentURL: params.uploadURL,
    declaration: true,
  });
  const approver = await signedInPage(browser, admin(), { baseURL: origin });
  const approved = await approver.request.put(`/api/admin/cook-applications/${application.id}/approve`, {
    headers: { origin },
  });
  expect(approved.ok()).toBe(true);
  await approver.close();
}

/** A small phone's viewport. */
export const PHONE = { width: 375, height: 740 };

/** Opens `path` (unless `stay` keeps the current page, e.g. after switching a tab) and checks it. */
export async function checkRoute(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void>,
  stay = false,
) {
  if (!stay) await page.goto(path);
  await ready(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // Every rule still runs; only violations are read, so axe details no passes (its own advice
    // for speed).
    .options({ resultTypes: ["violations"] })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on ${path}`,
  ).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal scroll on ${path}`).toBeLessThanOrEqual(0);
  const imagesWithoutAlt = await page.locator("img:not([alt])").count();
  expect(imagesWithoutAlt, `images without alt on ${path}`).toBe(0);
  expect(await wordsBrokenAcrossLines(page), `words broken mid-word on ${path}`).toEqual([]);
}

/**
 * Visible words the layout breaks across two lines ("Gemeinschaf/t") though they are at most half
 * the page's width, so any sane column holds them: the body wraps anywhere so a long URL never
 * widens a phone's page (docs/features/everyday-journey.md), which also lets a squeezed column split an
 * ordinary word. Longer words (a 120-letter title) may break; that is what wrapping anywhere is for.
 */
export function wordsBrokenAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const widest = document.documentElement.clientWidth / 2;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest(".sr-only, [aria-hidden='true']")) continue;
      for (const word of (node as Text).data.matchAll(/[\p{L}\p{N}]{4,}/gu)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const pieces = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const lines = new Set(pieces.map((rect) => Math.round(rect.top)));
        const width = pieces.reduce((sum, rect) => sum + rect.width, 0);
        if (lines.size > 1 && width <= widest)
          broken.push(`"${word[0]}" in <${element.tagName.toLowerCase()}>`);
      }
    }
    return broken;
  });
}

/** On a phone a list's filters sit behind one Filters control (docs/features/everyday-journey.md): opens it. */
export async function openFilters(page: Page) {
  const filters = page.getByRole("button", { name: "Filters" });
  if ((await filters.isVisible()) && (await filters.getAttribute("aria-expanded")) !== "true")
    await filters.click();
}

/**
 * From now on, `page`'s pages arrive without the API answers the server puts in them
 * (src/server/first-answers.ts), as when the server could not answer them itself: the page asks the
 * API, and a test can make those calls fail.
 */
export async function answersNotInPage(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith("/api/"),
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const body = (await response.text())
        .replace(/<script type="application\/json" id="first-answers">.*?<\/script>/s, "")
        // Nor its first screen as the server drew it from them (src/client/server-render.tsx): the
        // browser draws the page itself, as it does when the server could not.
        .replace(` ${SERVER_RENDERED_ATTRIBUTE}`, "");
      return route.fulfill({ response, body });
    },
  );
}

/**
 * Presses the photo button named `button` and picks `file` in the device's picker it opens at once;
 * the upload starts by itself (docs/features/everyday-journey.md: one tap and a pick).
 */
export async function pickPhoto(page: Page, button: string, file: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: button }).click();
  await (await chooser).setFiles(file);
}
