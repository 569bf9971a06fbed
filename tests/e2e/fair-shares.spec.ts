/**
 * docs/features/fair-shares.md in the browser: three neighbours enter a free meal's draw, the cook
 * draws now, two are told "You were drawn", the third sees their place on the waiting list, and the
 * draw's page says its check passed in the browser. At 375 px, axe-clean.
 */
import { expect, type Page, test } from "@playwright/test";
import { apiPost, checkRoute, ELSEWHERE, PHONE, person, postMeal, signedInPage } from "./fixtures";

test("three neighbours enter a draw, the cook draws now, two are drawn and the third is next in line", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const cook = await signedInPage(browser, person("Dana", "Draw"), { viewport: PHONE });
  const meal = await postMeal(cook, { title: "Lucky lasagne", portionSize: 2, allocation: "draw" });
  const neighbours: Page[] = [];
  for (const name of ["Ari", "Bea", "Cem"]) {
    const page = await signedInPage(browser, person(name, "Entrant"), { viewport: PHONE });
    await page.goto(`/meal/${meal.id}`);
    await expect(page.getByText(/^Draw at .* — enter by then$/)).toBeVisible();
    // A new account has one ticket on its first day.
    await expect(page.getByText(/^You have 1 ticket\./)).toBeVisible();
    await page.getByRole("button", { name: "Enter the draw" }).click();
    await expect(page.getByText("You are in the draw for 1 portion.")).toBeVisible();
    neighbours.push(page);
  }
  await checkRoute(neighbours[0], `/meal/${meal.id}`, async (page) => {
    await expect(page.getByTestId("draw-entries")).toHaveText("3 neighbours entered");
  });

  await cook.goto(`/meal/${meal.id}`);
  await expect(cook.getByTestId("draw-entries")).toHaveText("3 neighbours entered");
  // It cannot be undone, so it is asked first (docs/features/everyday-journey.md).
  await cook.getByRole("button", { name: "Draw now" }).click();
  const confirm = cook.getByRole("alertdialog", { name: "Make the draw now?" });
  await expect(confirm).toContainText("The 3 entries are drawn at once");
  await confirm.getByRole("button", { name: "Draw now" }).click();
  await expect(cook.getByText(/^The draw was made /)).toBeVisible();

  // Two drawn, told so; the third is number 1 on the waiting list.
  const toldOf = async (page: Page) =>
    ((await (await page.request.get("/api/notifications")).json()) as { text: string }[])
      .map((notification) => notification.text)
      .filter((text) => /^(You were drawn for|The draw for) "Lucky lasagne"/.test(text));
  const drawn = 'You were drawn for "Lucky lasagne": the portions you asked for are yours';
  const next = 'The draw for "Lucky lasagne" is made: you are number 1 on the waiting list';
  await expect
    .poll(async () => (await Promise.all(neighbours.map(toldOf))).flat().sort())
    .toEqual([drawn, drawn, next].sort());
  const told = await Promise.all(neighbours.map(toldOf));
  const third = neighbours[told.findIndex((texts) => texts.includes(next))];
  await third.goto(`/meal/${meal.id}`);
  await expect(third.getByText("Number 1 in line, for 1 portion.")).toBeVisible();

  // Anyone checks it: the page redoes every step in the browser.
  await checkRoute(third, `/meal/${meal.id}/draw`, async (page) => {
    await expect(page.getByTestId("draw-check")).toHaveText(/^The check passed/);
  });
  await expect(third.getByRole("row").filter({ hasText: "(you)" })).toContainText("3");
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
