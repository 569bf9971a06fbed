/**
 * Discovery at scale in a real browser (docs/features/discovery.md): the Community search asks the
 * server, so it finds meals beyond the loaded page and counts every match; the search lives in the URL;
 * "Near me" lists the nearest meals with their distances, and a refused position says so; allergens can
 * be hidden; a failed load says so and offers Retry.
 */
import { expect, type Page, test } from "@playwright/test";
import {
  answersNotInPage,
  apiPost,
  apiPut,
  checkRoute,
  ELSEWHERE,
  holdRequests,
  PHONE,
  person,
  postMeal,
  setHomeArea,
  signedInPage,
  signIn,
} from "./fixtures";

/** A word of letters only that no other test uses, e.g. "qzkwvb…". */
const uniqueWord = () =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.replace(/[0-9]/g, (d) =>
    String.fromCharCode(103 + Number(d)),
  );

const cards = (page: Page) => page.getByTestId("meal-card");
const countLine = (page: Page) => page.getByText(/free meals? available/);

test("Community search finds a meal beyond the first page, counts every match, and keeps ?q= on reload", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Sam", "Stew"));
  const target = uniqueWord();
  const batch = uniqueWord();
  // The target is posted first, so 120 newer meals push it far past the first page.
  await postMeal(cook, { title: `Quince crumble ${target}` });
  for (let i = 0; i < 120; i++) await postMeal(cook, { title: `Lentil stew ${batch} ${i}` });

  const eater = await signedInPage(browser, person("Noor", "Neighbour"));
  await eater.goto("/community");
  await expect(cards(eater).first()).toBeVisible();
  await expect(eater.getByText(`Quince crumble ${target}`)).toHaveCount(0);

  await eater.getByLabel("Search free meals").fill(`quince ${target}`);
  await expect(cards(eater)).toHaveCount(1);
  await expect(cards(eater).getByText(`Quince crumble ${target}`)).toBeVisible();
  await expect(countLine(eater)).toHaveText("1 free meal available");
  await expect(eater).toHaveURL(new RegExp(`[?&]q=quince(\\+|%20)${target}`));

  await eater.reload();
  await expect(eater.getByLabel("Search free meals")).toHaveValue(`quince ${target}`);
  await expect(cards(eater).getByText(`Quince crumble ${target}`)).toBeVisible();

  // Every match is counted, not just the 24 on the first page.
  await eater.getByLabel("Search free meals").fill(batch);
  await expect(countLine(eater)).toHaveText("120 free meals available");
  await expect(cards(eater)).toHaveCount(24);

  await eater.getByLabel("Search free meals").fill(`${batch} nosuchdish`);
  await expect(eater.getByText("No meals found")).toBeVisible();
  await expect(eater.getByRole("link", { name: "Share a Free Meal" })).toBeVisible();
});

test("Near me lists the nearest meal first with its distance, and the radius narrows the list", async ({
  browser,
}) => {
  // Ushuaia: far from every other test's meals.
  const here = { latitude: -54.8, longitude: -68.3 };
  const cook = await signedInPage(browser, person("Nina", "Near"));
  const word = uniqueWord();
  for (const [title, dLat] of [
    [`Four km soup ${word}`, -0.036],
    [`Half km pie ${word}`, -0.005],
    [`Two km rice ${word}`, -0.018],
  ] as const) {
    await postMeal(cook, { title, latitude: here.latitude + dLat, longitude: here.longitude });
  }

  const context = await browser.newContext({ geolocation: here, permissions: ["geolocation"] });
  const eater = await context.newPage();
  await signIn(eater, person("Gus", "Granted"));
  await eater.goto("/community");
  await eater.getByRole("button", { name: "Near me" }).click();
  await expect(eater.getByRole("button", { name: "Near me" })).toHaveAttribute("aria-pressed", "true");
  await expect(eater).toHaveURL(/[?&]near=1/);

  // Each meal is shown 150–250 m from its pickup point (docs/decisions/013): distances are to that.
  await expect(cards(eater).first()).toContainText(`Half km pie ${word}`);
  await expect(cards(eater).first()).toContainText(/0\.[3-8] km away/);
  await expect(cards(eater).nth(1)).toContainText(/(1\.[7-9]|2\.[0-3]) km away/);
  await expect(cards(eater).nth(2)).toContainText(/(3\.[7-9]|4\.[0-3]) km away/);
  await expect(countLine(eater)).toHaveText("3 free meals available within 5 km");

  await eater.getByLabel("Radius").selectOption("1");
  await expect(cards(eater)).toHaveCount(1);
  await expect(countLine(eater)).toHaveText("1 free meal available within 1 km");
  await context.close();
});

test("refusing the position says so, and the list stays as it was", async ({ browser }) => {
  const context = await browser.newContext({ permissions: [] });
  const eater = await context.newPage();
  await signIn(eater, person("Rita", "Refuses"));
  await eater.goto("/marketplace");
  await eater.getByRole("button", { name: "Near me" }).click();
  await expect(eater.getByRole("alert")).toHaveText("Location permission denied — distances stay hidden.");
  await expect(eater.getByRole("button", { name: "Near me" })).toHaveAttribute("aria-pressed", "false");
  await expect(eater).not.toHaveURL(/near=1/);
  await context.close();
});

test("Hide allergens leaves out the meals that name them", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Aly", "Allergen"));
  const word = uniqueWord();
  await postMeal(cook, { title: `Satay ${word}`, allergens: "peanuts, soy" });
  await postMeal(cook, { title: `Salad ${word}`, allergens: "celery" });

  const eater = await signedInPage(browser, person("Pat", "Peanut"));
  await eater.goto(`/community?q=${word}`);
  await expect(cards(eater)).toHaveCount(2);
  await eater.getByRole("button", { name: "Hide allergens" }).click();
  await eater.getByRole("menuitemcheckbox", { name: "peanuts" }).click();
  await eater.keyboard.press("Escape");
  await expect(cards(eater)).toHaveCount(1);
  await expect(cards(eater)).toContainText(`Salad ${word}`);
  await expect(eater).toHaveURL(/[?&]hide=peanuts/);
  await expect(eater.getByRole("button", { name: "Hide allergens (1)" })).toBeVisible();
});

test("a failed load says so with Retry, never 'no meals', and Retry shows the meals", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Eve", "Error"));
  await apiPost(cook, "/api/meals", {
    title: "Retry risotto",
    description: "Creamy.",
    kind: "free",
    priceCents: null,
    portionSize: 2,
    ingredients: "rice, stock",
    allergens: "",
    pickupLocation: "Hall",
    pickupWindowStart: new Date(Date.now() + 60 * 60_000).toISOString(),
    pickupWindowEnd: new Date(Date.now() + 3 * 60 * 60_000).toISOString(),
    deliveryAvailable: false,
  });
  const eater = await signedInPage(browser, person("Oli", "Offline"));
  await answersNotInPage(eater);
  await eater.route(/\/api\/meals(\?|$)/, (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Down for a moment"}' }),
  );
  await eater.goto("/community?q=risotto");
  await expect(eater.getByRole("alert")).toContainText("Could not load meals");
  await expect(eater.getByText("No free meals available")).toHaveCount(0);
  await expect(eater.getByText("No meals found")).toHaveCount(0);

  await eater.unroute(/\/api\/meals(\?|$)/);
  await eater.getByRole("button", { name: "Retry" }).click();
  await expect(cards(eater).getByText("Retry risotto").first()).toBeVisible();
});

test("a member's first screen comes inside the page: no call for who is signed in, the list or the meal, and neither the meal form's code nor zod", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Fay", "First"));
  const meal = await postMeal(cook, { title: "First-screen falafel" });
  const eater = await signedInPage(browser, person("Sam", "Screen"));
  const asked: string[] = [];
  const scripts: string[] = [];
  eater.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) asked.push(`${url.pathname}${url.search}`);
    if (request.resourceType() === "script") scripts.push(url.pathname);
  });
  await eater.goto("/community");
  await expect(cards(eater).first()).toBeVisible();
  await eater.goto(`/meal/${meal.id}`);
  await expect(eater.getByRole("heading", { name: "First-screen falafel" })).toBeVisible();
  expect(asked.filter((url) => /^\/api\/(auth\/user|meals(\?|$)|meals\/[^/]+$)/.test(url))).toEqual([]);
  // Neither page's scripts hold the form that shares a meal (its chunk, vite.config.ts; a test id its
  // kind field carries) nor zod, which builds the API's schemas (docs/decisions/015 "Phones").
  const holding = async (files: string[], text: string) => {
    const found = [];
    for (const file of new Set(files)) {
      if ((await (await eater.request.get(file)).text()).includes(text)) found.push(file);
    }
    return found;
  };
  expect(scripts.length).toBeGreaterThan(0);
  expect(await holding(scripts, "cook-only-notice")).toEqual([]);
  expect(await holding(scripts, "$ZodType")).toEqual([]);
  // The page that shares a meal fetches both: the check finds them where they are.
  scripts.length = 0;
  await eater.goto("/meals/new");
  await expect(eater.getByRole("heading", { name: "Create New Meal" })).toBeVisible();
  expect(await holding(scripts, "cook-only-notice")).not.toEqual([]);
  expect(await holding(scripts, "$ZodType")).not.toEqual([]);
  // What the page did not carry is asked as before: the next list, after a search.
  await eater.goto("/community");
  const searched = eater.waitForRequest((request) => /\/api\/meals\?.*q=falafel/.test(request.url()));
  await eater.getByLabel("Search free meals").fill("falafel");
  await searched;
  await expect(cards(eater).getByText("First-screen falafel")).toBeVisible();
});

test("a member's page is in the app's first render: the page's heading replaces the loading spinner, with no spinner between, and the toaster and service worker come after it", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Rhea", "Render"));
  const meal = await postMeal(cook, { title: "First-render frittata" });
  const eater = await signedInPage(browser, person("Otto", "Once"));
  // What #root holds after each change React makes to it: index.html's spinner is there before any
  // script runs. A page that suspended for its code or words showed React's spinner first, and React
  // then kept it at least 300 ms (src/client/app/routes.ts). A first screen the server drew
  // (docs/decisions/019) is the page before any change, and React takes it over without one.
  const watchRoot = `
    window.__rootStates = [];
    document.addEventListener("DOMContentLoaded", () => {
      const root = document.getElementById("root");
      const record = () => {
        const status = root.querySelector("[role=status]");
        window.__rootStates.push(root.querySelector("h1") ? "page" : status ? "spinner: " + status.textContent : "other");
        if (root.querySelector("h1") && window.__pageAt === undefined) window.__pageAt = performance.now();
      };
      if (root.hasAttribute("data-server-rendered")) record();
      new MutationObserver(record).observe(root, { childList: true });
    });
  `;
  await eater.addInitScript(watchRoot);
  const firstRender = (page: Page) =>
    page.evaluate(() => (window as unknown as { __rootStates: string[] }).__rootStates[0]);
  await eater.goto("/community");
  await expect(cards(eater).first()).toBeVisible();
  expect(await firstRender(eater)).toBe("page");
  // The toaster's code and the service worker's registration wait until the browser is idle after
  // that render (src/client/lib/idle.ts): on a phone they competed with the page's own requests.
  const requestedAt = (page: Page) =>
    page.evaluate(() => {
      const started = (pattern: RegExp) =>
        performance.getEntriesByType("resource").find((entry) => pattern.test(new URL(entry.name).pathname))
          ?.startTime;
      return {
        page: (window as unknown as { __pageAt?: number }).__pageAt ?? Number.NaN,
        toaster: started(/^\/assets\/toaster-/),
        serviceWorker: started(/^\/assets\/virtual_pwa-register-/),
      };
    });
  await expect.poll(async () => Object.values(await requestedAt(eater)).every(Number.isFinite)).toBe(true);
  const at = await requestedAt(eater);
  expect(at.toaster).toBeGreaterThan(at.page);
  expect(at.serviceWorker).toBeGreaterThan(at.page);
  await eater.goto(`/meal/${meal.id}`);
  await expect(eater.getByRole("heading", { name: "First-render frittata" })).toBeVisible();
  expect(await firstRender(eater)).toBe("page");
  // A static page inside the member's shell, which serves those after its own.
  await eater.goto("/about");
  await expect(eater.getByRole("heading", { name: "About MealShare" })).toBeVisible();
  expect(await firstRender(eater)).toBe("page");
  // A visitor opening the meal's shared link: the first render is that page, asking for the meal
  // with its own words (the members' catalogue), not the router's "Loading".
  const visitor = await browser.newPage();
  await visitor.addInitScript(watchRoot);
  await visitor.goto(`/meal/${meal.id}`);
  await expect(visitor.getByRole("heading", { name: "First-render frittata" })).toBeVisible();
  expect(await firstRender(visitor)).toBe("spinner: Loading meal");
});

test("food comes first on a phone: Community and Home show a meal on their first screen, the map fills it", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Fran", "First"));
  await postMeal(cook, { title: "Tomato soup for the first screen", ...ELSEWHERE });
  // A newcomer without a home area: the prompt to set one is on the page too.
  const member = await signedInPage(browser, person("Neve", "Newcomer"), { viewport: PHONE });
  for (const path of ["/community", "/"]) {
    await member.goto(path);
    const card = member.getByTestId("meal-card").first();
    await expect(card).toBeVisible();
    const box = (await card.boundingBox())!;
    expect(box.y, `${path}: the first card's top`).toBeLessThan(PHONE.height - 80);
  }
  // The filters wait behind one control, on Home as on Community; the map fills the screen, and the
  // count line stays.
  for (const path of ["/", "/community"]) {
    await member.goto(path);
    await expect(member.getByTestId("meal-card").first()).toBeVisible();
    await expect(member.getByRole("button", { name: "Everywhere" })).toBeHidden();
    await member.getByRole("button", { name: "Filters" }).click();
    await expect(member.getByRole("button", { name: "Everywhere" })).toBeVisible();
    await checkRoute(member, `${path} (filters open)`, async () => {}, true);
  }
  await member.getByRole("button", { name: "Map", exact: true }).click();
  const map = member.getByRole("region", { name: "Map of meals" });
  await expect(map).toBeVisible();
  expect((await map.boundingBox())!.height).toBeGreaterThan(PHONE.height * 0.5);
  await expect(member.getByTestId("count-line")).toHaveText(/free meals? available/);
  await checkRoute(member, "/community?view=map", async () => {}, true);
});

test("a meal card opens from its photo and from its title", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Carla", "Card"));
  const meal = await postMeal(cook, { title: "Card-opening lentil soup", ...ELSEWHERE });
  const member = await signedInPage(browser, person("Lea", "Looker"), { viewport: PHONE });
  for (const open of ["photo", "title"] as const) {
    await member.goto("/community?area=all");
    const card = member.getByTestId("meal-card").filter({ hasText: "Card-opening lentil soup" });
    await expect(card).toBeVisible();
    // A tap on the photo (or its placeholder, for a meal posted without one): the card's top.
    if (open === "photo") await card.click({ position: { x: 40, y: 40 } });
    else await card.getByRole("link", { name: "Card-opening lentil soup", exact: true }).click();
    await member.waitForURL(`**/meal/${meal.id}`);
    await expect(member.getByRole("heading", { name: "Card-opening lentil soup", level: 1 })).toBeVisible();
  }
  // One link to the meal besides the Request button: the photo adds no tab stop, and keeps its name.
  await member.goto("/community?area=all");
  const card = member.getByTestId("meal-card").filter({ hasText: "Card-opening lentil soup" });
  await expect(card.getByRole("link")).toHaveCount(2);
  await expect(card.getByRole("img", { name: "No photo of Card-opening lentil soup" })).toBeVisible();
  await checkRoute(member, "/community?area=all", async () => {}, true);
});

test("a search that finds nothing says so with the words searched for, not that the neighbourhood is empty", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Sal", "Search"), { viewport: PHONE });
  await setHomeArea(cook);
  await postMeal(cook, { title: "Searchable saag", ...ELSEWHERE });
  await cook.goto("/community?q=zzqxv");
  await expect(
    cook.getByText(
      "No meal within 5 km matches “zzqxv”. Try other words, a wider radius, or look everywhere.",
    ),
  ).toBeVisible();
  await expect(cook.getByText(/Nothing within 5 km yet/)).toHaveCount(0);
});

test("a heart saves a meal from its card and its page; Saved under Requests lists it, and the saver hears when it is taken", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Hal", "Hearted"), { viewport: PHONE });
  // Its own title each run, so a second run finds its own card only.
  const title = `Heart-saved harira ${Date.now().toString(36)}`;
  const meal = await postMeal(cook, { title, portionSize: 1, ...ELSEWHERE });
  const saver = await signedInPage(browser, person("Sue", "Saver"), { viewport: PHONE });
  await saver.goto("/community?area=all");
  const card = saver.getByTestId("meal-card").filter({ hasText: title });
  const heart = card.getByRole("button", { name: `Save ${title}` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  // The heart is its own control: the card did not open.
  await expect(saver).toHaveURL(/\/community/);
  await saver.goto(`/meal/${meal.id}`);
  await expect(saver.getByRole("button", { name: `Save ${title}` })).toHaveAttribute("aria-pressed", "true");
  await saver.goto("/requests");
  await saver.getByRole("tab", { name: "Saved" }).click();
  await expect(saver.getByTestId("meal-card").filter({ hasText: title })).toBeVisible();
  await checkRoute(saver, "/requests", async () => {}, true);

  // Someone else takes the last portion: the saver is told.
  const eater = await signedInPage(browser, person("Ned", "Needs"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Please" });
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "accepted" });
  await saver.goto("/community");
  await saver.getByRole("button", { name: /Notifications/ }).click();
  await expect(saver.getByText(`"${title}", which you saved, is taken`)).toBeVisible();
  // While the hearts' state loads the heart waits (a tap then could only guess); then it unsaves.
  const release = await holdRequests(saver, "**/api/user/saved-meal-ids");
  await saver.goto(`/meal/${meal.id}`);
  const pageHeart = saver.getByRole("button", { name: `Save ${title}` });
  await expect(pageHeart).toBeDisabled();
  release();
  await expect(pageHeart).toHaveAttribute("aria-pressed", "true");
  await pageHeart.click();
  await expect(pageHeart).toHaveAttribute("aria-pressed", "false");
});
