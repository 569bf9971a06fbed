/**
 * docs/features/everyday-journey.md, second pass, on a phone (375 px): a price typed the other
 * language's way is asked about, never multiplied; a cook edits a posted meal and the eater they
 * accepted is told; a fully reserved meal offers its waiting list; a held offer is taken up from the
 * meal's page; Community shows food on its first screen; the words agree; a new message comes into
 * view; a shared link opened signed out says what it is for.
 */
import { expect, test } from "@playwright/test";
import { EUR_BASE_URL } from "../../playwright.config";
import {
  apiPost,
  apiPut,
  becomeRegisteredCook,
  checkRoute,
  ELSEWHERE,
  fillFoodSafety,
  PHONE,
  person,
  postMeal,
  setHomeArea,
  signedInPage,
  toast,
} from "./fixtures";

test("'8,50' typed in English on a euro deployment is asked about, never saved as 850 euros", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Penny", "Price"), {
    baseURL: EUR_BASE_URL,
    locale: "en-GB",
    viewport: PHONE,
  });
  await becomeRegisteredCook(cook, browser);
  await setHomeArea(cook);
  await cook.goto("/meals/new?kind=paid");
  await cook.getByLabel("Title").fill("Pierogi plate");
  await cook.getByLabel("Description").fill("Twelve dumplings.");
  await cook.getByLabel("Price (€)").fill("8,50");
  await cook.getByLabel("Portions").fill("2");
  await cook.getByLabel("Ingredients").fill("flour, potato, onion");
  await cook.getByLabel("Pickup location").fill("Station square");
  await fillFoodSafety(cook, ["Cereals containing gluten"]);
  await cook.getByRole("button", { name: "Create Meal" }).click();
  await expect(cook.getByText("Did you mean 8.50? Write the cents after “.”, like 8.50.")).toBeVisible();
  const mine = async () =>
    (await (await cook.request.get("/api/meals/my/all")).json()).filter(
      (meal: { title: string }) => meal.title === "Pierogi plate",
    );
  expect(await mine()).toEqual([]);

  await cook.getByLabel("Price (€)").fill("8.50");
  await cook.getByRole("button", { name: "Create Meal" }).click();
  await expect(toast(cook, "Meal created!")).toBeVisible();
  expect((await mine()).map((meal: { priceCents: number }) => meal.priceCents)).toEqual([850]);
});

test("the cook edits a posted meal's title and portions, and the eater they accepted is told", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Edda", "Edits"), { viewport: PHONE });
  const meal = await postMeal(cook, { title: "Lentil dal", portionSize: 3, ...ELSEWHERE });
  const eater = await signedInPage(browser, person("Ari", "Accepted"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "" });
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "accepted" });

  await cook.goto(`/meal/${meal.id}`);
  await cook.getByRole("link", { name: "Edit meal" }).click();
  await expect(cook.getByRole("heading", { name: "Edit meal" })).toBeVisible();
  await expect(cook.getByLabel("Title")).toHaveValue("Lentil dal");
  await checkRoute(cook, "/meal/:id/edit", async () => {}, true);
  await cook.getByLabel("Title").fill("Lentil dal with rice");
  await cook.getByLabel("Portions").fill("5");
  // Food details the meal was posted without, added now.
  await fillFoodSafety(cook, ["Mustard"]);
  await cook.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(cook, "Meal updated.")).toBeVisible();
  await expect(cook.getByRole("heading", { name: "Lentil dal with rice" })).toBeVisible();
  await expect(cook.getByText("4 portions available")).toBeVisible();

  await eater.goto("/");
  await eater.getByRole("button", { name: /Notifications/ }).click();
  // Nothing the eater agreed to got worse (the form's times lose only their seconds, the allergen was
  // there): told, not asked (docs/features/exchange.md "Terms agreed are kept").
  await expect(
    eater.getByText('The allergens of "Lentil dal with rice" changed: check them before you pick it up'),
  ).toBeVisible();
  await expect(eater.getByText(/keep your portion or give it up/)).toHaveCount(0);
});

test("a fully reserved meal offers its waiting list, and a held offer is taken up from the meal's page", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Flo", "Full"), { viewport: PHONE });
  const meal = await postMeal(cook, { title: `Saffron rice ${Date.now()}`, portionSize: 1, ...ELSEWHERE });
  const first = await signedInPage(browser, person("Fay", "First"), { viewport: PHONE });
  const taken = await apiPost(first, "/api/requests", { mealId: meal.id, message: "" });
  await apiPut(cook, `/api/requests/${taken.id}/status`, { status: "accepted" });

  // The card says so, and offers the waiting list instead of a Request that cannot be met.
  const waiter = await signedInPage(browser, person("Wyn", "Waits"), { viewport: PHONE });
  await waiter.goto(`/community?area=all&q=${encodeURIComponent(meal.title)}`);
  const card = waiter.getByTestId("meal-card").filter({ hasText: meal.title });
  await expect(card.getByText("Fully reserved")).toBeVisible();
  await checkRoute(waiter, "/community (fully reserved)", async () => {}, true);
  await card.getByRole("link", { name: `Join the waiting list: ${meal.title}` }).click();
  await waiter.getByRole("button", { name: "Join the waiting list" }).click();
  await expect(waiter.getByRole("heading", { name: "You are on the waiting list" })).toBeVisible();

  // The first eater cancels: the portion is offered to the waiter, who takes it up on the meal's page.
  await apiPut(first, `/api/requests/${taken.id}/status`, { status: "cancelled" });
  await expect(async () => {
    await waiter.reload();
    await expect(waiter.getByTestId("offer-panel")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(waiter.getByTestId("offer-panel")).toContainText("1 portion is kept for you");
  await checkRoute(waiter, "/meal/:id (offer)", async () => {}, true);
  await waiter.getByRole("button", { name: "Take them up" }).click();
  await expect(toast(waiter, "The portions are yours.")).toBeVisible();
  await expect(waiter.getByRole("link", { name: "View request" })).toBeVisible();
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

test("words that agree: one name for a cook, renewal only when due, the role a poster has, a bad link, a searched place's own name", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Rhea", "Registered"), { viewport: PHONE });
  await becomeRegisteredCook(cook, browser);
  await cook.goto("/profile");
  await expect(cook.getByText("Registered Cook", { exact: true })).toBeVisible();
  await expect(cook.getByText("Verified Cook")).toHaveCount(0);
  // Approved today with a certificate valid for years: nothing to renew yet.
  await expect(cook.getByRole("link", { name: "Renew your cook registration" })).toHaveCount(0);
  await expect(cook.getByRole("button", { name: "Eater" })).toHaveAttribute("aria-pressed", "true");
  await checkRoute(cook, "/profile", async () => {}, true);
  // Posting a meal is feeding: the switch says so.
  await postMeal(cook, { title: "Borscht for the switch", ...ELSEWHERE });
  await cook.reload();
  await expect(cook.getByRole("button", { name: "Feeder" })).toHaveAttribute("aria-pressed", "true");

  // A link that cannot name a meal is simply not found, with no Retry that could never work.
  await cook.goto("/meal/abc");
  await expect(cook.getByRole("heading", { name: "Meal not found" })).toBeVisible();
  await expect(cook.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await checkRoute(cook, "/meal/abc", async () => {}, true);

  // The home area keeps the name searched for; Save is on the phone's screen.
  await cook.goto("/settings");
  await cook.getByRole("button", { name: "Set home area" }).first().click();
  const dialog = cook.getByRole("dialog", { name: "Your home area" });
  await dialog.getByLabel("Search for a place or address").fill("Rue Oberkampf");
  await dialog.getByRole("button", { name: "Search", exact: true }).click();
  await dialog.getByRole("button", { name: "Rue Oberkampf, Paris, France" }).click();
  await expect(dialog.getByText("Home area set to Rue Oberkampf, Paris.")).toBeVisible();
  const save = dialog.getByRole("button", { name: "Save home area" });
  await expect(save).toBeInViewport();
  await checkRoute(cook, "/settings (home area dialog)", async () => {}, true);
  await save.click();
  await expect(toast(cook, "Home area saved")).toBeVisible();
  await expect(cook.getByText("Rue Oberkampf, Paris").first()).toBeVisible();
});

test("a new message in a long thread comes into view above the message box", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Tess", "Talks"), { viewport: PHONE });
  const meal = await postMeal(cook, { title: "Chatty chili", ...ELSEWHERE });
  const eater = await signedInPage(browser, person("Lou", "Listens"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Hello!" });
  for (let i = 1; i <= 12; i += 1) {
    await apiPost(eater, `/api/requests/${request.id}/messages`, { body: `Question number ${i}` });
  }
  await eater.goto(`/request/${request.id}`);
  await expect(eater.getByText("Question number 12")).toBeInViewport();

  await apiPost(cook, `/api/requests/${request.id}/messages`, { body: "See you at six, by the bakery." });
  const arrived = eater.getByText("See you at six, by the bakery.");
  await expect(arrived).toBeInViewport();
  // Not hidden behind the sticky message box.
  const box = (await eater.getByLabel("Message", { exact: true }).boundingBox())!;
  const message = (await arrived.boundingBox())!;
  expect(message.y + message.height).toBeLessThanOrEqual(box.y);
  await checkRoute(eater, "/request/:id", async () => {}, true);
});

test("a shared meal link opened signed out shows the app's header, the meal's title and photo, and Sign in — nothing of where", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Sasha", "Shares"));
  const meal = await postMeal(cook, {
    title: "Shared shakshuka",
    pickupLocation: "Backyard of 7 Quiet Lane",
    pickupDetails: "Ring twice, 2nd floor",
    ...ELSEWHERE,
  });
  const context = await browser.newContext({ viewport: PHONE });
  const visitor = await context.newPage();
  await visitor.goto(`/meal/${meal.id}`);
  await expect(visitor.getByRole("banner").getByRole("link", { name: /MealShare/ })).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 1, name: "Shared shakshuka" })).toBeVisible();
  await expect(visitor.getByRole("article").getByRole("img")).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
  await expect(visitor.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute(
    "href",
    `/api/login?returnTo=${encodeURIComponent(`/meal/${meal.id}`)}`,
  );
  await checkRoute(visitor, "/meal/:id (signed out)", async () => {}, true);
  const text = await visitor.locator("body").textContent();
  expect(text).not.toMatch(/Quiet Lane|Ring twice|Sasha|Shares/);
  await context.close();
});
