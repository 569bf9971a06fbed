/**
 * Trust and safety on a phone (docs/decisions/020): a newcomer reads each limit where it applies; a
 * newcomer's payment-link message is held, its writer sees so and the cook sees nothing; a moderator
 * works the review queue by keyboard alone; axe on the queue and on a membership review's page.
 */
import { expect, type Page, test } from "@playwright/test";
import { admin, apiPost, checkRoute, PHONE, person, postMeal, setHomeArea, signedInPage } from "./fixtures";

test.use({ viewport: PHONE });

const HOUR = 60 * 60 * 1000;

/** Asks for a meal through the API, as the request form does. */
const ask = (page: Page, mealId: string, message: string | null = null) =>
  apiPost(page, "/api/requests", { mealId, message });

test("a newcomer reads each limit where it applies, and the help page lists them", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Carla", "Cook"), { viewport: PHONE });
  await setHomeArea(cook);
  const meal = await postMeal(cook, { title: "Leek and potato soup" });
  const draw = await postMeal(cook, {
    title: "Apple crumble",
    allocation: "draw",
    drawEligibility: "neighbours",
    pickupWindowStart: new Date(Date.now() + 3 * HOUR).toISOString(),
    pickupWindowEnd: new Date(Date.now() + 5 * HOUR).toISOString(),
  });
  const newcomer = await signedInPage(browser, person("Nia", "New"), { viewport: PHONE });

  // The request form says how many open requests a newcomer may have.
  await newcomer.goto(`/meal/${meal.id}`);
  await expect(
    newcomer.getByText("Newcomers can have 3 open requests; a completed pickup lifts this."),
  ).toBeVisible();

  // A draw for neighbours says who may enter, and why this newcomer may not.
  await newcomer.goto(`/meal/${draw.id}`);
  await expect(newcomer.getByTestId("draw-eligibility")).toHaveText(
    "Open to neighbours with a completed exchange.",
  );
  await expect(
    newcomer.getByText(
      "This draw is for neighbours with a completed exchange. Your first pickup opens draws like this one.",
    ),
  ).toBeVisible();

  // The message box says the link limit as the first link is typed.
  const request = await ask(newcomer, meal.id);
  await newcomer.goto(`/request/${request.id}`);
  const box = newcomer.getByLabel("Message", { exact: true });
  await box.fill("Is it like this one? ");
  await expect(newcomer.locator("[data-newcomer-limit=linksPerText]")).toHaveCount(0);
  await box.fill("Is it like this one? https://recipes.example.org/leek-soup");
  await expect(
    newcomer.getByText("Newcomers can put 1 link in a text; a completed pickup lifts this."),
  ).toBeVisible();

  // The help page lists every limit with this deployment's numbers.
  await checkRoute(newcomer, "/help#newcomers", async (page) => {
    await expect(page.getByRole("heading", { name: "New to MealShare" })).toBeVisible();
  });
  for (const text of [
    "Newcomers can have 3 open requests; a completed pickup lifts this.",
    "Newcomers can put 1 link in a text; a completed pickup lifts this.",
    "Newcomers can be in 2 draws at a time; a completed pickup lifts this.",
    "Newcomers can ask 5 new cooks a day; a completed pickup lifts this.",
  ])
    await expect(newcomer.getByRole("listitem").filter({ hasText: text })).toBeVisible();
});

test("a held message reaches nobody, and a moderator lets it through by keyboard alone", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Cato", "Cook"), { viewport: PHONE });
  await setHomeArea(cook);
  const meal = await postMeal(cook, { title: "Chickpea stew" });
  const newcomer = await signedInPage(browser, person("Ned", "Newish"), { viewport: PHONE });
  const request = await ask(newcomer, meal.id);
  const spam = "Pay the deposit first at paypal.me/nedspam and I will pick it up";
  const second = "Send money by Western Union, then I come by";

  await newcomer.goto(`/request/${request.id}`);
  await newcomer.getByLabel("Message", { exact: true }).fill(spam);
  await newcomer.getByRole("button", { name: "Send" }).click();
  const mine = newcomer
    .getByTestId("message-list")
    .getByRole("listitem")
    .filter({ hasText: "paypal.me/nedspam" });
  await expect(mine.getByText("Held for a quick check")).toBeVisible();
  await apiPost(newcomer, `/api/requests/${request.id}/messages`, { body: second });

  // The cook's thread has neither.
  await cook.goto(`/request/${request.id}`);
  await expect(cook.getByTestId("message-list")).toContainText("No messages yet.");

  // The admin works the queue from the keyboard: the first held text has the focus's place.
  const moderator = await signedInPage(browser, admin(), { viewport: PHONE });
  await checkRoute(moderator, "/moderation", async (page) => {
    await expect(page.getByRole("heading", { name: "Review queue" })).toBeVisible();
  });
  const item = (text: string) => moderator.locator("article").filter({ hasText: text });
  await expect(item("paypal.me/nedspam")).toBeVisible();
  await item("paypal.me/nedspam").getByRole("button", { name: "Let through" }).focus();
  await moderator.keyboard.press("a");
  await expect(item("paypal.me/nedspam")).toHaveCount(0);
  // The focus stays in the list; J moves down it (other tests' texts may wait between) to the next
  // of Ned's, and R removes it.
  const next = item("Western Union").getByRole("button", { name: "Let through" });
  await expect(next).toBeVisible();
  for (
    let step = 0;
    step < 50 && !(await next.evaluate((button) => button === document.activeElement));
    step++
  )
    await moderator.keyboard.press("j");
  await expect(next).toBeFocused();
  await moderator.keyboard.press("r");
  await expect(item("Western Union")).toHaveCount(0);
  await expect(moderator.getByText("Ada Admin let a text by Ned Newish through")).toBeVisible();
  await expect(moderator.getByText("Ada Admin removed a text by Ned Newish")).toBeVisible();

  // Let through, it lands in the cook's thread; removed, it never does.
  await cook.reload();
  await expect(cook.getByTestId("message-list")).toContainText("paypal.me/nedspam");
  await expect(cook.getByTestId("message-list")).not.toContainText("Western Union");
});

test("a membership review's page for the member under review and for a voter, axe-clean on a phone", async ({
  browser,
}) => {
  const owner = await signedInPage(browser, person("Olga", "Owner"), { viewport: PHONE });
  const group = await apiPost(owner, "/api/groups", { name: `Elm Street ${Date.now()}`, rules: "Be kind." });
  const member = await signedInPage(browser, person("Mo", "Member"), { viewport: PHONE });
  await apiPost(member, `/api/groups/${group.id}/join`, { rulesVersion: group.rulesVersion });

  // The owner asks from the members' list.
  await owner.goto(`/groups/${group.id}`);
  await owner.getByRole("tab", { name: "Members" }).click();
  await owner
    .getByRole("listitem")
    .filter({ hasText: "Mo M." })
    .getByRole("button", { name: "Ask for a review" })
    .click();
  await owner
    .getByLabel("Why? The member is told and can answer; the group's trusted members vote for 7 days.")
    .fill("Asked three cooks for money up front.");
  await owner.getByRole("button", { name: "Ask for a review" }).last().click();
  await expect(owner.getByRole("heading", { name: /Review of Mo M.'s membership/ })).toBeVisible();
  const reviewUrl = new URL(owner.url()).pathname;
  await checkRoute(owner, reviewUrl, async (page) => {
    await expect(page.getByRole("button", { name: "Keep Mo M." })).toBeVisible();
  });
  await owner.getByRole("button", { name: "Remove Mo M." }).click();
  await expect(owner.getByText("1 of the 1 votes needed so far.", { exact: false })).toBeVisible();

  // The member under review answers.
  await checkRoute(member, reviewUrl, async (page) => {
    await expect(page.getByLabel("Your answer, for the members who vote")).toBeVisible();
  });
  await member.getByLabel("Your answer, for the members who vote").fill("It was one question about a price.");
  await member.getByRole("button", { name: "Save my answer" }).click();
  await owner.reload();
  await expect(owner.getByText("It was one question about a price.")).toBeVisible();
});
