/**
 * docs/features/everyday-journey.md, third pass, on a phone (375 px): a meal card opens from its photo
 * and its title, not only through a button that sounds like a commitment; a pending request's Cancel
 * is not the page's green main button, and Block user sits below the exchange's own moves; quick
 * replies wait until a pickup is agreed; the footer's year is this year.
 */

import { expect, test } from "@playwright/test";
import { TIME_ZONE_COOKIE } from "../../src/contract/languages";
import {
  apiPost,
  apiPut,
  appTookOver,
  checkRoute,
  ELSEWHERE,
  fillFoodSafety,
  holdRequests,
  PHONE,
  person,
  postMeal,
  setHomeArea,
  signedInPage,
  toast,
} from "./fixtures";

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

test("a pending request's Cancel is not its green main button, Block user comes after it, and no quick replies yet", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Bea", "Baker"));
  const meal = await postMeal(cook, { title: "Pending-page focaccia", ...ELSEWHERE });
  const eater = await signedInPage(browser, person("Ivo", "Ink"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Could I have some?" });
  await eater.goto(`/request/${request.id}`);
  const cancel = eater.getByRole("button", { name: "Cancel", exact: true });
  await expect(cancel).toBeVisible();
  const look = await cancel.evaluate((button) => {
    const style = getComputedStyle(button);
    return { background: style.backgroundColor, border: style.borderTopWidth };
  });
  // An outline button: a light background (not the filled green of a main action), and a border.
  const lightness = /oklch\(([\d.]+)/.exec(look.background)?.[1];
  expect(Number(lightness), look.background).toBeGreaterThan(0.9);
  expect(look.border).not.toBe("0px");
  // Quick replies are for an agreed pickup: none while the request waits for an answer.
  await expect(eater.getByRole("textbox", { name: "Message" })).toBeVisible();
  await expect(eater.getByTestId("quick-replies")).toHaveCount(0);
  const block = eater.getByRole("button", { name: "Block user" });
  expect((await block.boundingBox())!.y).toBeGreaterThan((await cancel.boundingBox())!.y);
  await checkRoute(eater, `/request/${request.id}`, async () => {}, true);
});

test("a link to a request that cannot exist says it is not found, with no Retry", async ({ browser }) => {
  const member = await signedInPage(browser, person("Una", "Unknown"), { viewport: PHONE });
  await member.goto("/request/not-a-request");
  await expect(member.getByRole("heading", { name: "Request not found" })).toBeVisible();
  await expect(member.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await expect(member.getByText("Invalid id")).toHaveCount(0);
});

test("the footer's copyright is this year's", async ({ browser }) => {
  const visitor = await browser.newPage();
  await visitor.goto("/about");
  await expect(
    visitor.getByText(`© ${new Date().getFullYear()} MealShare. All rights reserved.`),
  ).toBeVisible();
  await visitor.close();
});

test("a thread on a phone opens at its newest message, above a message box that leaves it room", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Nell", "Newest"), { viewport: PHONE });
  const meal = await postMeal(cook, { title: "Newest-first noodles", ...ELSEWHERE });
  const eater = await signedInPage(browser, person("Otto", "Opens"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", {
    mealId: meal.id,
    message: "Could I pick up two portions after work?",
  });
  // Accepted, so the quick replies are there too: the box at its tallest.
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "accepted" });
  await eater.goto(`/request/${request.id}`);
  await expect(eater.getByTestId("quick-replies")).toBeVisible();
  const first = eater.getByText("Could I pick up two portions after work?");
  await expect(first).toBeInViewport();
  const box = eater.locator("form").filter({ has: eater.getByRole("textbox", { name: "Message" }) });
  expect((await box.boundingBox())!.height).toBeLessThanOrEqual(PHONE.height * 0.2);
  // Above the sticky message box, not behind it.
  await expect
    .poll(async () => {
      const [message, boxArea] = [(await first.boundingBox())!, (await box.boundingBox())!];
      return boxArea.y - (message.y + message.height);
    })
    .toBeGreaterThanOrEqual(0);
  await checkRoute(eater, `/request/${request.id}`, async () => {}, true);

  // The photo button opens the phone's own picker at once, not a drop zone (fourth pass: one tap).
  const chooser = eater.waitForEvent("filechooser");
  await eater.getByRole("button", { name: "Add a photo" }).click();
  expect((await chooser).isMultiple()).toBe(false);
  await expect(eater.getByText(/Drop files/)).toHaveCount(0);
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

test("a cook's right pickup code hours before the window is asked about, then completes", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Eve", "Early"), { viewport: PHONE });
  const start = Date.now() + 8 * 3_600_000;
  const meal = await postMeal(cook, {
    title: "Early-bird empanadas",
    pickupWindowStart: new Date(start).toISOString(),
    pickupWindowEnd: new Date(start + 2 * 3_600_000).toISOString(),
    ...ELSEWHERE,
  });
  const eater = await signedInPage(browser, person("Abe", "Ahead"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Tonight please" });
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "accepted" });
  await eater.goto(`/request/${request.id}`);
  const code = (await eater.getByTestId("pickup-code").textContent()) ?? "";
  await cook.goto(`/request/${request.id}`);
  await cook.getByLabel("Their pickup code").fill(code);
  await cook.getByRole("button", { name: "Confirm handover" }).click();
  const question = cook
    .getByRole("alert")
    .filter({ hasText: "The code is right, but the pickup window starts" });
  await expect(question).toBeVisible();
  await expect(cook.getByText("Accepted", { exact: true }).first()).toBeVisible();
  await question.getByRole("button", { name: "Yes, handed over now" }).click();
  await expect(toast(cook, "Handed over: the exchange is completed.")).toBeVisible();
});

test("on a phone the stars say tap, and stars alone are a review", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Rita", "Rated"), { viewport: PHONE });
  const meal = await postMeal(cook, { title: "Tap-rated tagine", ...ELSEWHERE });
  const eater = await signedInPage(browser, person("Sam", "Stars"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Yes please" });
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "accepted" });
  await apiPut(eater, `/api/requests/${request.id}/status`, { status: "completed" });
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "completed" });
  await eater.goto("/reviews");
  const card = eater.getByTestId("pending-review").filter({ hasText: "Tap-rated tagine" });
  await expect(card.getByText("Tap a star to rate")).toBeVisible();
  await expect(card.getByText("Click stars to rate")).toHaveCount(0);
  await expect(card.getByLabel("Your review (optional)")).toBeVisible();
  await card
    .locator("label")
    .filter({ has: eater.getByRole("radio", { name: /^5 stars/ }) })
    .click();
  await card.getByRole("button", { name: "Submit Review" }).click();
  await expect(toast(eater, "Review submitted")).toBeVisible();
  await checkRoute(eater, "/reviews", async () => {}, true);
});

test("a newcomer is told what Newcomer means, on the group's page and in its members list", async ({
  browser,
}) => {
  const owner = await signedInPage(browser, person("Gus", "Group"), { viewport: PHONE });
  const group = await apiPost(owner, "/api/groups", {
    name: "Newcomer-explaining street",
    description: "Our street",
    rules: "Be kind.",
    joinRule: "open",
  });
  const newcomer = await signedInPage(browser, person("Nia", "New"), { viewport: PHONE });
  await apiPost(newcomer, `/api/groups/${group.id}/join`, { rulesVersion: group.rulesVersion });
  await newcomer.goto(`/groups/${group.id}`);
  await expect(newcomer.getByTestId("newcomer-note")).toHaveText(
    "You are a newcomer here until your first pickup in this group, or until a moderator makes you a member.",
  );
  await owner.goto(`/groups/${group.id}`);
  await owner.getByRole("tab", { name: /Members/ }).click();
  await expect(owner.getByText("Newcomer: joined, with no pickup in this group yet.")).toBeVisible();
  await checkRoute(newcomer, `/groups/${group.id}`, async () => {}, true);
});

test("the phone menu has the language switch", async ({ browser }) => {
  const member = await signedInPage(browser, person("Lars", "Lingo"), { viewport: PHONE });
  await member.goto("/community");
  await member.getByRole("button", { name: "Open menu" }).click();
  const menu = member.getByRole("dialog");
  await menu.getByLabel("Language").selectOption("de");
  await expect(menu.getByLabel("Sprache")).toHaveValue("de");
  await member.keyboard.press("Escape");
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Gerichte der Gemeinschaft");
});

test("the group form offers no hidden group by application, its example question reads as an example, and a fixed error goes", async ({
  browser,
}) => {
  const owner = await signedInPage(browser, person("Flora", "Form"), { viewport: PHONE });
  await owner.goto("/groups/new");
  const join = owner.getByLabel("How do people join?");
  await join.selectOption("application");
  await expect(owner.getByLabel("Questions, one per line")).toHaveAttribute(
    "placeholder",
    "For example: Which flat do you live in?",
  );
  // Hiding the group takes "by application" away rather than refusing it on saving.
  await owner.getByLabel("Who can find the group?").selectOption("hidden");
  await expect(join).toHaveValue("invite");
  await expect(join.locator("option[value=application]")).toBeDisabled();

  const group = await apiPost(owner, "/api/groups", {
    name: "Error-clearing close",
    description: "A close",
    rules: "Be kind.",
    joinRule: "open",
  });
  await owner.goto(`/groups/${group.id}`);
  await owner.getByRole("tab", { name: "Settings" }).click();
  await owner.getByLabel("How do people join?").selectOption("email_domain");
  await owner.getByRole("button", { name: "Save changes" }).click();
  const domain = owner.getByLabel("Email domain");
  await expect(domain).toHaveAccessibleDescription("Enter the email domain members must have");
  await domain.fill("close.example");
  await owner.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(owner, "Group saved")).toBeVisible();
  await expect(domain).not.toHaveAccessibleDescription("Enter the email domain members must have");
  await checkRoute(owner, `/groups/${group.id}`, async () => {}, true);
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

test("an en-GB browser reads dates and times the British way, and Settings can choose another region", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Gill", "Greenwich"), { locale: "en-GB", viewport: PHONE });
  const start = new Date();
  start.setDate(start.getDate() + 3);
  start.setHours(17, 0, 0, 0);
  const meal = await postMeal(cook, {
    title: "Regional rarebit",
    pickupWindowStart: start.toISOString(),
    pickupWindowEnd: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    ...ELSEWHERE,
  });
  const british = new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    month: "short",
    day: "numeric",
  }).format(start);
  await cook.goto(`/meal/${meal.id}`);
  const main = cook.getByRole("main");
  await expect(main.getByText("17:00 - 19:00").first()).toBeVisible();
  await expect(main.getByText(british).first()).toBeVisible();
  await expect(main.getByText(/5:00\sPM/)).toHaveCount(0);

  await cook.goto("/settings");
  await cook.getByLabel("Dates and numbers").selectOption("en-US");
  await cook.goto(`/meal/${meal.id}`);
  await expect(
    cook
      .getByRole("main")
      .getByText(/5:00\sPM\s-\s7:00\sPM/)
      .first(),
  ).toBeVisible();
  await checkRoute(cook, "/settings", async () => {}, false);
});

test("Messages lists every conversation, newest first with its last words and unread count, from the phone menu", async ({
  browser,
}) => {
  const me = await signedInPage(browser, person("Mia", "Messages"), { viewport: PHONE });
  const cook = await signedInPage(browser, person("Cole", "Cooks"), { viewport: PHONE });
  const neighbour = await signedInPage(browser, person("Nora", "Next"), { viewport: PHONE });
  const theirMeal = await postMeal(cook, { title: "Inbox imam bayildi", ...ELSEWHERE });
  const myMeal = await postMeal(me, { title: "Inbox banana bread", ...ELSEWHERE });
  const mine = await apiPost(me, "/api/requests", { mealId: theirMeal.id, message: "May I have one?" });
  await apiPost(neighbour, "/api/requests", { mealId: myMeal.id, message: "Bread for two?" });
  await apiPost(cook, `/api/requests/${mine.id}/messages`, { body: "Yes, any time after six" });

  await me.goto("/community");
  await me.getByRole("button", { name: "Open menu" }).click();
  await me
    .getByRole("dialog")
    .getByRole("link", { name: /^Messages/ })
    .click();
  await expect(me.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  const rows = me.getByTestId("thread-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Cole");
  await expect(rows.nth(0)).toContainText("Inbox imam bayildi");
  await expect(rows.nth(0)).toContainText("Yes, any time after six");
  await expect(rows.nth(0).getByTestId("thread-unread")).toHaveText("1 unread");
  await expect(rows.nth(1)).toContainText("Bread for two?");
  await checkRoute(me, "/messages", async () => {}, true);

  // A new message moves its thread to the top while the list is open.
  await apiPost(
    neighbour,
    `/api/requests/${(await (await neighbour.request.get("/api/threads")).json())[0].id}/messages`,
    {
      body: "Or just one, thanks",
    },
  );
  await expect(rows.nth(0)).toContainText("Or just one, thanks");
  await rows.nth(0).click();
  await expect(me.getByText("Or just one, thanks")).toBeVisible();
});

test("a cook's edit shows in the requester's thread as old → new lines", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Otis", "Oldnew"), { viewport: PHONE });
  const meal = await postMeal(cook, {
    title: "Old-to-new orzo",
    pickupLocation: "By the old fountain",
    ...ELSEWHERE,
  });
  const eater = await signedInPage(browser, person("Uma", "Updated"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Could I come by?" });
  await eater.goto(`/request/${request.id}`);
  await expect(eater.getByText("Could I come by?")).toBeVisible();
  await apiPut(cook, `/api/meals/${meal.id}`, { pickupLocation: "By the new library" });
  const line = eater.getByTestId("meal-change");
  await expect(line).toBeVisible();
  await expect(line).toContainText("Otis O. changed the meal");
  await expect(line.getByRole("term")).toHaveText("Pickup place");
  await expect(line.locator(".line-through")).toHaveText("By the old fountain");
  await expect(line.getByRole("definition")).toContainText("By the new library");
  await checkRoute(eater, `/request/${request.id}`, async () => {}, true);
});

test("a draw's page says in plain words what happened to each entrant, signed out too, and the winner is told so", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Dee", "Drawer"), { viewport: PHONE });
  const meal = await postMeal(cook, {
    title: "Plain-words paella",
    portionSize: 1,
    allocation: "draw",
    pickupWindowStart: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    pickupWindowEnd: new Date(Date.now() + 5 * 3_600_000).toISOString(),
    ...ELSEWHERE,
  });
  const first = await signedInPage(browser, person("Wyn", "Winner"), { viewport: PHONE });
  const second = await signedInPage(browser, person("Lin", "Line"), { viewport: PHONE });
  for (const entrant of [first, second])
    await apiPost(entrant, `/api/meals/${meal.id}/draw/entry`, { portions: 1 });
  await apiPost(cook, `/api/meals/${meal.id}/draw/run`, {});

  // Signed out, by its link: one sentence per entrant, no names, and the check below.
  const context = await browser.newContext({ viewport: PHONE });
  const visitor = await context.newPage();
  await visitor.goto(`/meal/${meal.id}/draw`);
  const results = visitor.getByTestId("draw-results").getByRole("listitem");
  await expect(results).toHaveCount(2);
  await expect(results.nth(0)).toContainText("Place 1 got 1 portion.");
  await expect(results.nth(1)).toContainText("Place 2 is first on the waiting list.");
  await expect(visitor.getByTestId("draw-check")).toHaveText(/^The check passed/);
  await expect(visitor.getByText(/Wyn|Lin|Dee/)).toHaveCount(0);
  await checkRoute(visitor, `/meal/${meal.id}/draw`, async () => {}, true);
  await context.close();

  // The winner reads that they won, with the way to their thread, not "Request sent".
  const winner = (await (await first.request.get(`/api/meals/${meal.id}/draw`)).json()).published.results[0]
    .id;
  const mine = async (page: typeof first) =>
    (await (await page.request.get(`/api/meals/${meal.id}/draw`)).json()).mine?.id;
  const won = (await mine(first)) === winner ? first : second;
  await won.goto(`/meal/${meal.id}`);
  await expect(won.getByTestId("draw-won")).toContainText("You got 1 portion in the draw.");
  await expect(won.getByText("Request sent")).toHaveCount(0);
  await expect(won.getByRole("link", { name: "Arrange the pickup" })).toBeVisible();
  // The cook reads who got what, in numbers, with where to find them.
  await cook.goto(`/meal/${meal.id}`);
  await expect(cook.getByTestId("draw-owner-summary")).toContainText(
    "1 entrant got portions. 1 entrant is on the waiting list.",
  );
});

test("a member without a home area posts with a typed location and no pin, told what a missing point costs", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Tara", "Typed"), { viewport: PHONE });
  await cook.goto("/meals/new");
  await cook.getByLabel("Title").fill("Typed-address tortilla");
  await cook.getByLabel("Description").fill("Spanish omelette, still warm.");
  await cook.getByLabel("Portions").fill("2");
  await cook.getByLabel("Ingredients").fill("eggs, potatoes, onion, olive oil");
  await fillFoodSafety(cook, ["Eggs"]);
  await expect(cook.getByTestId("no-pickup-point")).toContainText(
    "Without one, neighbours find this meal by searching",
  );
  await cook.getByLabel("Pickup location").fill("Calle Mayor, by the bakery");
  await cook.getByRole("button", { name: "Create Meal" }).click();
  await expect(toast(cook, "Meal created!")).toBeVisible();
  await expect(cook.getByRole("heading", { level: 1, name: "Typed-address tortilla" })).toBeVisible();
  await expect(cook.getByText("Calle Mayor, by the bakery").first()).toBeVisible();
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
