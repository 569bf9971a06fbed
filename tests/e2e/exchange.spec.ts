import { expect, test } from "@playwright/test";
import { allowedMoves } from "../../src/contract/requests";
import {
  apiPost,
  apiPut,
  appTookOver,
  checkRoute,
  ELSEWHERE,
  PHONE,
  person,
  postMeal,
  signedInPage,
  toast,
} from "./fixtures";

const HOUR = 60 * 60 * 1000;

test("cook and eater settle a pickup in the thread, live, from request to completion", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Cora", "Cook"));
  const eater = await signedInPage(browser, person("Eli", "Eater"));

  const meal = await apiPost(cook, "/api/meals", {
    title: "Mushroom risotto",
    description: "Creamy risotto with chestnut mushrooms.",
    kind: "free",
    priceCents: null,
    portionSize: 2,
    ingredients: "rice, mushrooms, parmesan, stock",
    allergens: "dairy",
    pickupLocation: "7 Birch Lane, front porch",
    pickupWindowStart: new Date(Date.now() + HOUR).toISOString(),
    pickupWindowEnd: new Date(Date.now() + 3 * HOUR).toISOString(),
    deliveryAvailable: false,
  });

  // The cook is elsewhere in the app; a new request raises the Requests badge with no reload.
  await cook.goto("/community");
  const badge = cook.getByRole("link", { name: /Requests/ }).getByTestId("unread-badge");
  await expect(badge).toBeHidden();
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Could I come at 6?" });
  await expect(badge).toHaveText("1 unread", { timeout: 2000 });

  // Both open the thread; opening it marks the cook's notification read.
  await cook
    .getByRole("link", { name: /Requests/ })
    .first()
    .click();
  await cook.getByTestId("request-card").getByRole("link", { name: "View Thread" }).click();
  await expect(cook.getByRole("heading", { name: "Mushroom risotto" })).toBeVisible();
  await expect(cook.getByTestId("status-badge")).toHaveText("Pending");
  await expect(badge).toBeHidden();
  // What makes sense first: Accept and Decline; Cancel behind More actions; no Mark Complete yet.
  await expect(cook.getByRole("button", { name: "Decline" })).toBeVisible();
  await expect(cook.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);
  await expect(cook.getByRole("button", { name: "Cancel" })).toHaveCount(0);
  await expect(cook.getByRole("button", { name: "More actions" })).toBeVisible();
  // Together they are exactly the moves the server allows the owner (the request's abilities).
  const { abilities } = await (await cook.request.get(`/api/requests/${request.id}`)).json();
  expect(allowedMoves(abilities)).toEqual(["accepted", "declined", "completed", "cancelled"]);
  await cook.getByRole("button", { name: "More actions" }).click();
  await expect(cook.getByRole("menuitem")).toHaveText(["Mark Complete", "Cancel"]);
  await cook.keyboard.press("Escape");
  await expect(cook.getByRole("button", { name: "Accept" })).toBeVisible();
  await eater.goto(`/request/${request.id}`);
  await expect(eater.getByText("Could I come at 6?")).toBeVisible();
  // The request's message is the eater's own: their side of the thread, as "You".
  await expect(eater.getByTestId("message-list").locator("li").first()).toContainText("You ·");
  // The eater may not accept: the server's abilities leave only Cancel.
  await expect(eater.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expect(eater.getByRole("button", { name: "Cancel" })).toBeVisible();

  // The eater writes; the cook's open page shows it within 2 s, without reload.
  const input = eater.getByLabel("Message", { exact: true });
  // On a phone the message box stays in reach while the thread scrolls.
  await expect(eater.locator("form").filter({ has: input })).toHaveCSS("position", "sticky");
  await input.fill("   ");
  await expect(eater.getByRole("button", { name: "Send" })).toBeDisabled();
  await input.fill("  I can bring my own container.  ");
  await input.press("Enter");
  await expect(input).toHaveValue("");
  const list = eater.getByTestId("message-list");
  await expect(list.getByText("I can bring my own container.", { exact: true })).toBeVisible();
  await expect(cook.getByTestId("message-list").getByText("I can bring my own container.")).toBeVisible({
    timeout: 2000,
  });
  await expect(
    cook
      .getByTestId("message-list")
      .getByText(/Today \d{1,2}:\d{2} [AP]M/)
      .first(),
  ).toBeVisible();

  // And back the other way.
  await cook.getByLabel("Message", { exact: true }).fill("Perfect, see you at 6.");
  await cook.getByRole("button", { name: "Send" }).click();
  await expect(eater.getByText("Perfect, see you at 6.")).toBeVisible({ timeout: 2000 });

  // The cook accepts: toast, Accepted, pickup details for both (the eater's page updates live).
  await expect(cook.getByTestId("pickup-details")).toHaveCount(0);
  await cook.getByRole("button", { name: "Accept" }).click();
  await expect(toast(cook, "Status updated.")).toBeVisible();
  await expect(cook.getByTestId("status-badge")).toHaveText("Accepted");
  await expect(eater.getByTestId("status-badge")).toHaveText("Accepted", { timeout: 2000 });
  for (const page of [cook, eater]) {
    const pickup = page.getByTestId("pickup-details");
    await expect(pickup.getByText("7 Birch Lane, front porch")).toBeVisible();
    await expect(pickup.getByRole("link", { name: "Directions" })).toHaveAttribute(
      "href",
      /google\.com\/maps\/search\/.*7%20Birch%20Lane/,
    );
    // No dead Call button: phone numbers are not shared, and the thread says so.
    await expect(pickup.getByRole("button", { name: "Call" })).toHaveCount(0);
    await expect(pickup.getByText(/Phone numbers are not shared/)).toBeVisible();
  }
  await expect(cook.getByRole("button", { name: "Accept" })).toHaveCount(0);

  // Both say the pickup happened (docs/features/households.md point 4): Completed and Leave a Review,
  // on both sides.
  await eater.getByRole("button", { name: "Picked up" }).click();
  await eater
    .getByRole("alertdialog", { name: "Did you pick it up?" })
    .getByRole("button", { name: "Picked up" })
    .click();
  await expect(toast(eater, "Status updated.")).toBeVisible();
  await expect(eater.getByRole("button", { name: "Picked up" })).toHaveCount(0);
  await cook.getByRole("button", { name: "Handed over" }).click();
  await cook
    .getByRole("alertdialog", { name: "Did you hand it over?" })
    .getByRole("button", { name: "Handed over" })
    .click();
  for (const page of [eater, cook]) {
    await expect(page.getByTestId("status-badge")).toHaveText("Completed", { timeout: 2000 });
    await expect(page.getByRole("link", { name: "Leave a Review" })).toHaveAttribute("href", "/reviews");
    await expect(page.getByRole("button", { name: /Picked up|Handed over/ })).toHaveCount(0);
  }
});

test("a cancelled request closes the conversation, and an unknown thread says so", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Cal", "Cook"));
  const eater = await signedInPage(browser, person("Ed", "Eater"));
  const meal = await apiPost(cook, "/api/meals", {
    title: "Banana bread",
    description: "Two loaves.",
    kind: "free",
    priceCents: null,
    portionSize: 2,
    ingredients: "bananas, flour, eggs",
    allergens: "gluten, eggs",
    pickupLocation: "3 Oak Road",
    pickupWindowStart: new Date(Date.now() + HOUR).toISOString(),
    pickupWindowEnd: new Date(Date.now() + 2 * HOUR).toISOString(),
    deliveryAvailable: false,
  });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "" });

  await cook.goto(`/request/${request.id}`);
  await eater.goto(`/request/${request.id}`);
  await eater.getByRole("button", { name: "Cancel" }).click();
  const confirm = eater.getByRole("alertdialog", { name: "Cancel this request?" });
  // Both buttons say what they do.
  await expect(confirm.getByRole("button", { name: "Keep request" })).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Cancel request" })).toHaveClass(/bg-destructive/);
  await confirm.getByRole("button", { name: "Cancel request" }).click();
  await expect(toast(eater, "Status updated.")).toBeVisible();
  for (const page of [eater, cook]) {
    await expect(page.getByTestId("status-badge")).toHaveText("Cancelled", { timeout: 2000 });
    await expect(page.getByLabel("Message", { exact: true })).toHaveCount(0);
    await expect(page.getByText("This conversation is closed.")).toBeVisible();
  }

  await eater.goto("/request/00000000-0000-4000-8000-000000000000");
  await expect(eater.getByRole("heading", { name: "Request not found" })).toBeVisible();
  await expect(eater.getByText("The request you're looking for doesn't exist.")).toBeVisible();
});

test("a long thread opens on its newest messages; scrolling up loads the earlier ones", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Lena", "Longchat"));
  const eater = await signedInPage(browser, person("Otto", "Older"));
  const meal = await postMeal(cook, { title: "Soup for the week" });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Hello there!" });
  for (let n = 1; n <= 60; n++) {
    await apiPost(n % 2 ? eater : cook, `/api/requests/${request.id}/messages`, { body: `Chat line ${n}` });
  }

  await eater.goto(`/request/${request.id}`);
  const thread = eater.getByTestId("message-list");
  await expect(thread.getByText("Chat line 60", { exact: true })).toBeVisible();
  await expect(thread.getByText("Chat line 11", { exact: true })).toBeVisible();
  await expect(thread.getByText("Chat line 10", { exact: true })).toHaveCount(0);
  await expect(thread.getByText("Hello there!")).toHaveCount(0);

  // The page opens scrolled to the newest message once the app has taken it over (the server drew
  // it first: docs/decisions/019); going back up to the top loads the rest.
  await appTookOver(eater);
  await eater.getByRole("heading", { name: "Messages" }).scrollIntoViewIfNeeded();
  await expect(thread.getByText("Chat line 1", { exact: true })).toBeVisible();
  await expect(thread.getByText("Hello there!")).toBeVisible();
  await expect(eater.getByRole("button", { name: "Load earlier messages" })).toHaveCount(0);
  // The page stayed where the member took it, even if the thread hydrated after the app took over.
  await expect(eater.getByRole("heading", { name: "Messages" })).toBeInViewport();
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

  // The photo button opens the phone's own picker at once, not a drop zone (one tap).
  const chooser = eater.waitForEvent("filechooser");
  await eater.getByRole("button", { name: "Add a photo" }).click();
  expect((await chooser).isMultiple()).toBe(false);
  await expect(eater.getByText(/Drop files/)).toHaveCount(0);
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
