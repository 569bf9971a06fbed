/**
 * The first screen from the server (docs/decisions/019): the landing page, a member's Community (its
 * list and its map), a meal's page and a thread arrive as the app draws them, readable before any
 * script runs, and the browser takes them over (hydrates them) without redrawing and without a
 * mismatch.
 */
import { expect, type Page, test } from "@playwright/test";
import { TIME_ZONE_COOKIE } from "../../src/contract/languages";
import { apiPost, appTookOver, holdRequests, PHONE, person, postMeal, signedInPage } from "./fixtures";

/** The errors a page reports: React's hydration mismatches among them (reported, then recovered). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test("with JavaScript off, the landing page, Community's cards, a meal and its thread are there to read", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Sera", "Server"));
  const meal = await postMeal(cook, { title: "Server-drawn dal" });
  const eater = await signedInPage(browser, person("Ned", "Nojs"));
  const request = await apiPost(eater, "/api/requests", {
    mealId: meal.id,
    message: "Drawn before any script?",
  });

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const landing = await visitor.newPage();
  await landing.goto("/");
  await expect(landing.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(landing.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  await visitor.close();

  const member = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await eater.context().storageState(),
  });
  const page = await member.newPage();
  await page.goto("/community");
  await expect(page.getByRole("heading", { name: "Community Meals" })).toBeVisible();
  const firstCard = page.getByTestId("meal-card").first();
  await expect(firstCard.getByRole("heading", { level: 3 })).toHaveText(/\S/);
  await expect(firstCard.getByRole("img").first()).toBeVisible();

  await page.goto(`/meal/${meal.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Server-drawn dal" })).toBeVisible();

  await page.goto(`/request/${request.id}`);
  await expect(page.getByTestId("message-list")).toContainText("Drawn before any script?");
  await member.close();
});

test("the browser hydrates each server-drawn first screen without a mismatch, and it answers at once", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Hana", "Hydrate"));
  const meal = await postMeal(cook, { title: "Hydrated lentil soup" });
  const eater = await signedInPage(browser, person("Ivo", "Island"));
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "One for me?" });
  const errors = errorsOf(eater);

  for (const path of ["/community", "/community?view=map", `/meal/${meal.id}`, `/request/${request.id}`]) {
    const sent = await eater.request.get(path);
    expect(await sent.text(), path).toContain("data-server-rendered");
  }

  // Each page's first element of food, as the server drew it, is the one React takes over: the same
  // node gets React's fiber, instead of being thrown away and drawn again.
  const adopted = async (path: string, selector: string) => {
    await eater.goto(path, { waitUntil: "commit" });
    const drawn = await eater.waitForSelector(selector, { state: "attached" });
    await expect
      .poll(() => drawn.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber"))))
      .toBe(true);
    expect(await drawn.evaluate((node) => node.isConnected), path).toBe(true);
    // Its controls said they did not answer yet; now they do.
    await appTookOver(eater);
  };

  await adopted("/community", '[data-testid="meal-card"] h3');
  // The search box is React's now.
  await eater.getByLabel("Search free meals").fill("lentil");
  await expect(eater).toHaveURL(/[?&]q=lentil/);

  // On the map, the server draws the page around the map's place, and Leaflet draws once it is here.
  await adopted("/community?view=map", "main h1");
  await expect(eater.getByRole("region", { name: "Map of meals" })).toBeVisible();
  await expect(eater.getByRole("status").filter({ hasText: "Loading the map" })).toHaveCount(0);

  await adopted(`/meal/${meal.id}`, "main h1");
  await eater.getByRole("link", { name: "Requests", exact: true }).first().click();
  await expect(eater).toHaveURL(/\/requests$/);

  await adopted(`/request/${request.id}`, '[data-testid="message-list"] > li');
  await expect(eater.getByTestId("message-list")).toContainText("One for me?");
  await eater.getByLabel("Message", { exact: true }).fill("Thanks!");
  await eater.getByRole("button", { name: "Send" }).click();
  await expect(eater.getByTestId("message-list")).toContainText("Thanks!");

  expect(errors.filter((error) => !error.includes("Service Worker"))).toEqual([]);
});

test("when a script moved the page's address before the app's code ran, the app draws the page it is on", async ({
  browser,
}) => {
  const eater = await signedInPage(browser, person("Moe", "Mover"));
  const errors = errorsOf(eater);
  // The app's code is held until the address has moved: the server's drawing is of Community.
  const releaseCode = await holdRequests(eater, "**/assets/*.js");
  await eater.goto("/community", { waitUntil: "commit" });
  await expect(eater.getByRole("heading", { level: 1, name: "Community Meals" })).toBeVisible();
  await eater.evaluate(() => window.history.pushState(null, "", "/marketplace"));
  releaseCode();
  await expect(eater.getByRole("heading", { level: 1, name: "Marketplace" })).toBeVisible();
  await appTookOver(eater);
  await eater.getByLabel(/^Search marketplace meals/).fill("curry");
  await expect(eater).toHaveURL(/\/marketplace\?.*q=curry/);
  // Drawn afresh, not hydrated over another page's drawing: no mismatch to report.
  expect(errors.filter((error) => !error.includes("Service Worker"))).toEqual([]);
});

test("a first screen's menus fetch their code when wanted: the profile menu opens once it has come, by mouse and by keyboard", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Pia", "Plain"));
  await postMeal(cook, { title: "Menu-less minestrone" });
  const member = await signedInPage(browser, person("Oda", "Ondemand"));
  const menuCode: string[] = [];
  member.on("request", (request) => {
    if (/\/assets\/dropdown-menu-radix-/.test(request.url())) menuCode.push(request.url());
  });
  const releaseMenu = await holdRequests(member, "**/assets/dropdown-menu-radix-*.js");
  await member.goto("/community");
  await appTookOver(member);
  const card = member.getByTestId("meal-card").filter({ hasText: "Menu-less minestrone" });
  await expect(card.getByRole("button", { name: /^More for/ })).toBeVisible();
  // The page and its cards' menus are drawn; no menu's code came with them.
  expect(menuCode).toEqual([]);

  // Pressed while its code is on its way: the menu opens once it is there.
  const trigger = member.getByRole("button", { name: /Open profile menu$/ });
  await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await trigger.click();
  await expect.poll(() => menuCode.length).toBeGreaterThan(0);
  await expect(member.getByRole("menuitem", { name: "Profile" })).toHaveCount(0);
  releaseMenu();
  await expect(member.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  await member.keyboard.press("Escape");
  await expect(member.getByRole("menuitem", { name: "Profile" })).toHaveCount(0);
  // Closed, the focus is back on the trigger, and the keyboard opens it again.
  await expect(trigger).toBeFocused();
  await member.keyboard.press("Enter");
  await expect(member.getByRole("menuitem", { name: "Reviews" })).toBeVisible();
  await member.getByRole("menuitem", { name: "Reviews" }).click();
  await expect(member).toHaveURL(/\/reviews$/);
});

test("a list of meals shows its cards' outlines before its script runs and while its meals load", async ({
  browser,
}) => {
  const member = await signedInPage(browser, person("Sid", "Skeleton"), { viewport: PHONE });
  // Before any script: the page as the server sends it when it does not draw the list itself — here
  // its browser's time zone is not known (a first screen the server draws shows the cards themselves:
  // docs/decisions/019, tests/e2e/first-screen.spec.ts).
  const state = await member.context().storageState();
  const noScript = await browser.newContext({
    viewport: PHONE,
    javaScriptEnabled: false,
    storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.name !== TIME_ZONE_COOKIE) },
  });
  const raw = await noScript.newPage();
  await raw.goto("/community");
  const outlines = raw.locator("#root .animate-pulse");
  await expect(outlines).toHaveCount(6);
  await expect(outlines.first()).toBeVisible();
  expect((await outlines.first().boundingBox())!.width).toBeGreaterThan(PHONE.width - 60);
  await noScript.close();

  // Moving inside the app to a list whose answer is slow: the same outlines, named for a screen reader.
  const release = await holdRequests(member, "**/api/meals?kind=paid*");
  await member.goto("/community");
  await expect(member.getByRole("heading", { level: 1 })).toBeVisible();
  // The heading comes drawn by the server; a member moves once the app has taken the page over.
  await appTookOver(member);
  await member.evaluate(() => window.history.pushState(null, "", "/marketplace"));
  const loading = member.getByRole("status").filter({ hasText: "Loading meals" });
  await expect(loading).toBeVisible();
  await expect(loading.locator(".animate-pulse")).toHaveCount(6);
  release();
  await expect(loading).toHaveCount(0);
});
