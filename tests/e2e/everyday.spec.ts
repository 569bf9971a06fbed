/** docs/features/everyday-journey.md: the everyday journey on a phone, without stumbles. */
import { expect, type Page, test } from "@playwright/test";
import {
  answersNotInPage,
  apiPost,
  completeExchange,
  mainNav,
  person,
  postMeal,
  signedInPage,
} from "./fixtures";

const PHONE = { width: 375, height: 740 };

async function expectNoHorizontalScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal scroll on ${where}`).toBeLessThanOrEqual(0);
}

test("a 120-character word and a long recipe URL wrap on the card, the meal page and the profile at 375 px", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Wanda", "Wrap"));
  await cook.setViewportSize(PHONE);
  const title = "Supercalifragilistic".repeat(6);
  const url = `https://recipes.example.org/${"very-long-recipe-path-segment/".repeat(6)}soup?ref=${"x".repeat(20)}`;
  expect(title).toHaveLength(120);
  expect(url.length).toBeGreaterThanOrEqual(200);
  const meal = await postMeal(cook, { title, description: `Grandma's soup, recipe: ${url}` });
  const profile = await cook.request.put("/api/user/profile", {
    data: {
      firstName: "Wanda",
      lastName: "Wrap",
      bio: `I cook from ${url}`,
      dietaryPrefs: null,
      profileImageUrl: null,
    },
    headers: { origin: new URL(cook.url()).origin },
  });
  expect(profile.ok()).toBe(true);

  await cook.goto(`/community?q=${title.slice(0, 20)}`);
  await expect(cook.getByTestId("meal-card").first()).toBeVisible();
  await expectNoHorizontalScroll(cook, "the card");
  await cook.goto(`/meal/${meal.id}`);
  await expect(cook.getByRole("heading", { level: 1 })).toHaveText(title);
  await expectNoHorizontalScroll(cook, "the meal page");
  await cook.goto("/profile");
  await expect(cook.getByText(title).first()).toBeVisible();
  await expectNoHorizontalScroll(cook, "the profile");
});

test("cards show the portions left and the pickup day, and fill their grid cells evenly", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Carla", "Cards"));
  await cook.setViewportSize(PHONE);
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  tomorrow.setHours(12, 0, 0, 0);
  const meal = await postMeal(cook, {
    title: "Tomorrow's stew",
    portionSize: 4,
    pickupWindowStart: tomorrow.toISOString(),
    pickupWindowEnd: new Date(tomorrow.getTime() + 2 * 60 * 60 * 1000).toISOString(),
  });
  await postMeal(cook, { title: "Short apple crumble", description: "Warm." });
  const eater = await signedInPage(browser, person("Ed", "Eats"));
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "" });
  // An accepted request takes its portion.
  const accepted = await cook.request.put(`/api/requests/${request.id}/status`, {
    data: { status: "accepted" },
    headers: { origin: new URL(cook.url()).origin },
  });
  expect(accepted.ok()).toBe(true);

  await cook.goto("/community");
  const card = cook.getByTestId("meal-card").filter({ hasText: "Tomorrow's stew" });
  // spec §2's words, 'N portion(s)', counting the portions left: one of four is taken.
  await expect(card).toContainText("3 portions");
  await expect(card).not.toContainText("4 portions");
  await expect(card).toContainText("Tomorrow, 12:00 PM");
  // Photo-less meals get a placeholder of their own kind and colour, not one plate for all.
  const look = (title: string) =>
    cook
      .getByRole("img", { name: `No photo of ${title}` })
      .first()
      .evaluate(
        (image) => `${image.getAttribute("data-placeholder")} ${getComputedStyle(image).backgroundColor}`,
      );
  const stew = await look("Tomorrow's stew");
  const crumble = await look("Short apple crumble");
  expect(stew).toMatch(/^Soup /);
  expect(crumble).toMatch(/^CakeSlice /);
  expect(stew.replace("Soup ", "")).not.toBe(crumble.replace("CakeSlice ", ""));
  const widths = await cook
    .getByTestId("meal-card")
    .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().width)));
  expect(new Set(widths).size).toBe(1);
});

test("a failed load says so with Retry on every list and detail page, never an empty state", async ({
  browser,
}) => {
  // Nine pages, each failed two ways (503, offline) and retried: over the default minute on a busy CI.
  test.setTimeout(180_000);
  const cook = await signedInPage(browser, person("Fay", "Fails"));
  const meal = await postMeal(cook, { title: "Reliable risotto" });
  const pages: [string, RegExp, string][] = [
    ["/", /\/api\/meals(\?|$)/, "Could not load meals"],
    ["/community", /\/api\/meals\?/, "Could not load meals"],
    ["/marketplace", /\/api\/meals\?/, "Could not load meals"],
    ["/requests", /\/api\/requests\?/, "Could not load requests"],
    ["/reviews", /\/api\/reviews\/pending/, "Could not load your reviews"],
    ["/events", /\/api\/events/, "Could not load events"],
    ["/profile", /\/api\/meals\/my\/all/, "Could not load your meals"],
    [`/meal/${meal.id}`, new RegExp(`/api/meals/${meal.id}$`), "Could not load this meal"],
    ["/impact", /\/api\/impact$/, "Could not load the figures"],
  ];
  await answersNotInPage(cook);
  for (const [path, api, title] of pages) {
    for (const failure of ["503", "offline"] as const) {
      await cook.route(api, (route) =>
        failure === "503"
          ? route.fulfill({ status: 503, json: { message: "Service unavailable", code: "unavailable" } })
          : route.abort("internetdisconnected"),
      );
      await cook.goto(path);
      const alert = cook.getByRole("alert").filter({ hasText: title });
      await expect(alert, `${path} (${failure})`).toBeVisible();
      await expect(
        cook.getByText(/No (free |paid )?meals|Be the first|No requests|No pending reviews|No events/),
      ).toHaveCount(0);
      await cook.unroute(api);
      await alert.getByRole("button", { name: "Retry" }).click();
      await expect(alert, `${path} after Retry`).toHaveCount(0);
    }
  }
  await cook.goto("/community");
  await expect(cook.getByText("Reliable risotto")).toBeVisible();
});

test("a page that throws while rendering says so with Retry, never a blank page, and Retry shows it", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Ray", "Renders"));
  const meal = await postMeal(cook, { title: "Resilient ragu" });
  const api = new RegExp(`/api/meals/${meal.id}$`);
  // A 200 with a body the page cannot read: rendering it throws.
  await answersNotInPage(cook);
  await cook.route(api, (route) => route.fulfill({ status: 200, json: {} }));
  await cook.goto(`/meal/${meal.id}`);
  const alert = cook.getByRole("alert").filter({ hasText: "This page could not be shown" });
  await expect(alert).toBeVisible();
  await expect(mainNav(cook)).toBeVisible();

  await cook.unroute(api);
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(cook.getByRole("heading", { name: "Resilient ragu" })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test("a list whose next page fails says so with Retry at its end, and Retry loads it", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Pia", "Pages"));
  const eater = await signedInPage(browser, person("Lou", "Longlist"));
  // A neighbour already: a newcomer holds three open requests at most (docs/decisions/020).
  await completeExchange(cook, eater);
  // With it, one more request than a page holds (50), each on a meal of its own.
  for (let i = 0; i < 50; i++) {
    const meal = await postMeal(cook, { title: `Batch soup ${i}` });
    await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Yes please" });
  }
  const nextPage = /\/api\/requests\?.*cursor=/;
  await eater.route(nextPage, (route) =>
    route.fulfill({ status: 503, json: { message: "Service unavailable", code: "unavailable" } }),
  );
  await eater.goto("/requests");
  await eater.getByRole("tab", { name: /^My Requests/ }).click();
  await expect(eater.getByTestId("request-card")).toHaveCount(50);
  await eater.getByRole("button", { name: "Load more" }).click();
  const alert = eater.getByRole("alert").filter({ hasText: "Could not load more requests" });
  await expect(alert).toBeVisible();

  await eater.unroute(nextPage);
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(eater.getByTestId("request-card")).toHaveCount(51);
  await expect(alert).toHaveCount(0);
});

test("after sending a request the meal page links to it; an eater with no meals lands on My Requests", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Rosa", "Requested"));
  const meal = await postMeal(cook, { title: "Lentil dal" });
  const eater = await signedInPage(browser, person("Nils", "Nomeals"));
  await eater.goto(`/meal/${meal.id}`);
  await eater.getByRole("button", { name: "Request Meal" }).click();
  // The session's first request passes the Safety Notice first.
  await eater.getByRole("alertdialog").getByRole("button", { name: "I Understand" }).click();
  await expect(eater.getByRole("heading", { name: "Request sent" })).toBeVisible();
  await expect(eater.getByRole("button", { name: "Request Meal" })).toHaveCount(0);
  await eater.getByRole("link", { name: "View request" }).click();
  await expect(eater).toHaveURL(/\/request\/[0-9a-f-]{36}$/);
  await expect(eater.getByRole("heading", { name: "Lentil dal" })).toBeVisible();

  await eater.goto("/requests");
  await expect(eater.getByRole("tab", { name: /My Requests/ })).toHaveAttribute("aria-selected", "true");
  // The cook, who has meals, lands on Incoming; the tab chosen last is remembered.
  await cook.goto("/requests");
  await expect(cook.getByRole("tab", { name: /Incoming/ })).toHaveAttribute("aria-selected", "true");
  await cook.getByRole("tab", { name: /My Requests/ }).click();
  await cook.reload();
  await expect(cook.getByRole("tab", { name: /My Requests/ })).toHaveAttribute("aria-selected", "true");
});

test("the bell counts a review received, lists it with a link, Mark all as read clears it, a read thread clears its messages", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Bella", "Bell"));
  const meal = await postMeal(cook, { title: "Bell pepper stew" });
  const eater = await signedInPage(browser, person("Rene", "Reviewer"));
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "" });
  const put = (page: Page, url: string, data: unknown) =>
    page.request.put(url, { data, headers: { origin: new URL(page.url()).origin } });
  expect((await put(cook, `/api/requests/${request.id}/status`, { status: "accepted" })).ok()).toBe(true);
  // Both sides say the pickup happened (docs/features/households.md point 4).
  expect((await put(eater, `/api/requests/${request.id}/status`, { status: "completed" })).ok()).toBe(true);
  expect((await put(cook, `/api/requests/${request.id}/status`, { status: "completed" })).ok()).toBe(true);

  await cook.goto("/community");
  const bell = cook.getByRole("button", { name: /^Notifications/ });
  await cook.getByRole("button", { name: /^Notifications/ }).click();
  await cook.getByRole("button", { name: "Mark all as read" }).click();
  await expect(cook.getByTestId("notification-count")).toHaveCount(0);
  await cook.keyboard.press("Escape");

  await apiPost(eater, "/api/reviews", {
    revieweeId: request.owner.id,
    mealId: meal.id,
    rating: 5,
    text: "Wonderful stew, thank you!",
  });
  await expect(cook.getByTestId("notification-count")).toHaveText("1");
  await bell.click();
  const item = cook.getByRole("menuitem", { name: /left you a 5-star review for "Bell pepper stew"/ });
  await expect(item).toHaveAttribute("href", "/reviews");
  await cook.getByRole("button", { name: "Mark all as read" }).click();
  await expect(cook.getByTestId("notification-count")).toHaveCount(0);
  await cook.keyboard.press("Escape");

  await apiPost(eater, `/api/requests/${request.id}/messages`, { body: "See you again soon!" });
  await expect(cook.getByTestId("notification-count")).toHaveText("1");
  await cook.goto(`/request/${request.id}`);
  await expect(cook.getByText("See you again soon!")).toBeVisible();
  await expect(cook.getByTestId("notification-count")).toHaveCount(0);
});

test("small texts: the visitor's 404 has the public header, and a member's call to action goes Home", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto("/no-such-page");
  await expect(visitor.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  await context.close();

  const member = await signedInPage(browser, person("Cal", "Toaction"));
  for (const [path, action] of [
    ["/about", "Join Our Community"],
    ["/how-it-works", "Get Started Today"],
    ["/safety", "Start Safe Food Sharing"],
  ]) {
    await member.goto(path);
    await member.getByRole("link", { name: action }).click();
    await expect(member).toHaveURL(/\/$/);
    await expect(member.getByRole("heading", { level: 1 })).toContainText("What's cooking");
  }
  // The avatar's name starts with the initials it shows (WCAG 2.5.3).
  await expect(member.getByRole("button", { name: /^CT – Open profile menu$/ })).toBeVisible();
});
