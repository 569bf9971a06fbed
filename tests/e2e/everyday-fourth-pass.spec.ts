/**
 * docs/features/everyday-journey.md "Fourth pass": each point a member met on a phone, at 375 px, with
 * axe on every page it touches (`checkRoute`).
 */
import { expect, test } from "@playwright/test";
import {
  apiPost,
  apiPut,
  appTookOver,
  becomeRegisteredCook,
  checkRoute,
  ELSEWHERE,
  PHONE,
  person,
  postMeal,
  setHomeArea,
  signedInPage,
  toast,
} from "./fixtures";

test("Add to calendar downloads on the first tap, pressed the moment the server-drawn page shows it", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Hydra", "Cook"), { viewport: PHONE });
  const meal = await postMeal(cook, { title: "First-tap falafel" });
  const eater = await signedInPage(browser, person("Quick", "Tapper"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Tonight please" });
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "accepted" });

  for (let load = 0; load < 3; load += 1) {
    const download = eater.waitForEvent("download", { timeout: 15_000 });
    await eater.goto(`/request/${request.id}`, { waitUntil: "commit" });
    // Pressed as soon as it shows: on the server's drawing, before or while the app takes it over
    // (forced: the drawing's root says aria-disabled until then, which Playwright would wait out).
    const link = eater.getByRole("link", { name: "Add to calendar" });
    await link.waitFor();
    await link.click({ force: true });
    expect((await download).suggestedFilename()).toBe("mealshare-pickup.ics");
  }
});

test("Settings is a place: the phone menu opens /settings, which names how others see you, and keyboards skip the header", async ({
  browser,
}) => {
  const member = await signedInPage(browser, person("Sia", "Settings"), { viewport: PHONE });
  await member.goto("/");
  await member.getByRole("button", { name: "Open menu" }).click();
  await member.getByRole("link", { name: "Settings" }).click();
  await expect(member).toHaveURL(/\/settings$/);
  await checkRoute(
    member,
    "/settings",
    async (page) => {
      await expect(page.getByRole("group", { name: "How others see your name" })).toBeVisible();
    },
    true,
  );
  // The old tab's address still leads here.
  await member.goto("/profile?tab=settings");
  await expect(member).toHaveURL(/\/settings$/);
  await appTookOver(member);

  // The first Tab reaches "Skip to content", which moves focus past the header.
  await member.keyboard.press("Tab");
  const skip = member.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await member.keyboard.press("Enter");
  await expect(member.locator("main")).toBeFocused();

  // First name and initial by default; the full name once chosen, said in a toast that leaves the header free.
  await expect(member.getByRole("radio", { name: "Sia S. — first name and initial" })).toBeChecked();
  await member.getByRole("radio", { name: "Sia Settings — full name" }).check();
  await member.getByRole("button", { name: "Save Settings" }).click();
  const saved = toast(member, "Profile updated.");
  await expect(saved).toBeVisible();
  const header = (await member.locator("header, nav").first().boundingBox())!;
  const note = (await saved.boundingBox())!;
  expect(note.y).toBeGreaterThanOrEqual(header.y + header.height);
  await expect(member.getByRole("radio", { name: "Sia Settings — full name" })).toBeChecked();
});

test("a paid meal says plainly that the cook is paid at pickup, on its card, its page and the request form", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Pam", "Paidcook"), { viewport: PHONE });
  await becomeRegisteredCook(cook, browser);
  await setHomeArea(cook);
  const meal = await postMeal(cook, {
    title: "Cash-at-pickup korma",
    kind: "paid",
    priceCents: 450,
    ...ELSEWHERE,
  });
  const eater = await signedInPage(browser, person("Ed", "Eats"), { viewport: PHONE });
  await setHomeArea(eater);

  await checkRoute(eater, "/marketplace", async (page) => {
    const card = page.getByTestId("meal-card").filter({ hasText: "Cash-at-pickup korma" });
    await expect(card.getByText("Paid at pickup")).toBeVisible();
  });
  await checkRoute(eater, `/meal/${meal.id}`, async (page) => {
    await expect(page.getByTestId("pay-at-pickup")).toHaveText(
      "Pay Pam P. $4.50 at pickup, in cash or as you agree.",
    );
  });
  // The cook's own card is theirs: no heart, no distance from themselves.
  await checkRoute(cook, "/marketplace", async (page) => {
    const card = page.getByTestId("meal-card").filter({ hasText: "Cash-at-pickup korma" });
    await expect(card.getByText("Your meal")).toBeVisible();
    await expect(card.getByRole("button", { name: /^Save / })).toHaveCount(0);
  });
});

test("the safety notice is asked once a browser session, in every tab, and the cook answers from the list", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Nia", "Notice"), { viewport: PHONE });
  const first = await postMeal(cook, { title: "Once-asked omelette" });
  const second = await postMeal(cook, { title: "Second-tab stew" });
  const eater = await signedInPage(browser, person("Tab", "Twice"), { viewport: PHONE });

  await eater.goto(`/meal/${first.id}`);
  await appTookOver(eater);
  await eater.getByRole("button", { name: "Request Meal" }).click();
  const notice = eater.getByRole("alertdialog", { name: "Safety Notice" });
  await notice.getByRole("button", { name: "I Understand" }).click();
  await expect(toast(eater, "Request sent!")).toBeVisible();

  // Another tab of the same browser: accepted already, so the request goes at once.
  const other = await eater.context().newPage();
  await other.goto(`/meal/${second.id}`);
  await appTookOver(other);
  await other.getByRole("button", { name: "Request Meal" }).click();
  await expect(toast(other, "Request sent!")).toBeVisible();
  await expect(other.getByRole("alertdialog", { name: "Safety Notice" })).toHaveCount(0);

  // The cook accepts from the Incoming list, without opening the thread; the toast says what it is now.
  await checkRoute(cook, "/requests", async (page) => {
    await page.getByRole("tab", { name: /Incoming/ }).click();
    await expect(page.getByTestId("request-card").filter({ hasText: "Once-asked omelette" })).toBeVisible();
  });
  const card = cook.getByTestId("request-card").filter({ hasText: "Once-asked omelette" });
  await card.getByRole("button", { name: "Accept" }).click();
  await expect(toast(cook, "Status updated.")).toBeVisible();
  await expect(cook.getByText("This request is now: Accepted.", { exact: true })).toBeVisible();
});

test("Settings tells two sessions of one browser apart by when they began and their network", async ({
  browser,
}) => {
  const member = await signedInPage(browser, person("Dev", "Ices"), { viewport: PHONE });
  await checkRoute(member, "/settings", async (page) => {
    await expect(page.getByText("This device")).toBeVisible();
  });
  // The loopback address's /24, never the address itself.
  await expect(member.getByText(/network 127\.0\.0\.x/)).toBeVisible();
});

test("a German browser reading English writes 24-hour times, as its region does", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Zeit", "Koch"));
  const start = new Date(Date.now() + 26 * 3_600_000);
  await postMeal(cook, {
    title: "Region risotto",
    pickupWindowStart: start.toISOString(),
    pickupWindowEnd: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
  });
  const eater = await signedInPage(browser, person("Erika", "English"), { viewport: PHONE, locale: "de-DE" });
  await eater.goto("/settings");
  // The browser's German first; English chosen here (the label in whichever it speaks now).
  const language = eater.getByRole("main").getByLabel(/^(Language|Sprache)$/);
  await language.selectOption("en");
  await expect(eater.getByRole("main").getByLabel("Language")).toHaveValue("en");
  await checkRoute(eater, `/community?q=${encodeURIComponent("Region risotto")}`, async (page) => {
    const card = page.getByTestId("meal-card").filter({ hasText: "Region risotto" });
    await expect(card).toContainText(/\d{2}:\d{2}/);
    await expect(card).not.toContainText(/\b(AM|PM)\b/);
  });
});
