/**
 * The pseudo-locale (src/client/lib/pseudo-locale.ts; docs/features/languages-currency-impact.md
 * "Languages") over the pages the Arabic spec walks — the landing page, Community's list and map, a
 * meal and its request, a thread, Settings and a draw's page: every text the app writes is marked
 * ⟦…⟧, so a word on screen outside the marks was written past the catalogues, and a text whose box
 * cuts it off would be clipped in a longer language. Neither may be found. Members' own words (names,
 * meals, messages), what Intl writes (dates, times), a draw's hashes and the map tiles' attribution
 * are theirs, the region's, the draw's and the tile provider's, not the catalogues'.
 */
import { expect, type Page, test } from "@playwright/test";
import { pseudoText } from "../../src/client/lib/pseudo-locale";
import { apiPost, appTookOver, PHONE, person, postMeal, signedInPage } from "./fixtures";

/** What the page shows outside the marks, less the members' `own` words; and what it clips. */
function findings(page: Page, own: string[]) {
  return page.evaluate((own) => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
    };
    // Words Intl writes in dates and times ("Nov", "Sun", "PM"): the region's, not the catalogues'.
    const intl = new Set<string>();
    const formats: Intl.DateTimeFormatOptions[] = [
      { month: "short" },
      { month: "long" },
      { weekday: "short" },
      { weekday: "long" },
      { hour: "numeric" },
    ];
    for (let month = 0; month < 12; month++) {
      const date = new Date(2026, month, month + 1, month * 2);
      for (const options of formats) {
        for (const word of new Intl.DateTimeFormat(undefined, options).format(date).match(/[A-Za-z]+/g) ??
          []) {
          intl.add(word);
        }
      }
    }
    const untranslated: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let marked = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const notOurs = "script, style, noscript, time, code, .font-mono, .leaflet-control-attribution";
      if (!element || !visible(element) || element.closest(notOurs)) continue;
      // A text split by markup (a link inside it) is one text: marks count across its nodes.
      let outside = "";
      for (const character of (node as Text).data) {
        if (character === "⟦") marked += 1;
        else if (character === "⟧") marked = Math.max(0, marked - 1);
        else if (marked === 0) outside += character;
      }
      for (const words of own) outside = outside.split(words).join(" ");
      const words = (outside.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !intl.has(word));
      if (words.length > 0) untranslated.push(`${words.join(" ")} in <${element.tagName.toLowerCase()}>`);
    }
    const clipped: string[] = [];
    for (const element of document.querySelectorAll("body *")) {
      // A visually hidden text (sr-only) is clipped on purpose: screen readers read all of it.
      if (!element.textContent?.includes("⟦") || !visible(element) || element.closest(".sr-only")) continue;
      const style = getComputedStyle(element);
      const cuts = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
      if (cuts && element.scrollWidth > element.clientWidth + 1) {
        clipped.push(`<${element.tagName.toLowerCase()}> ${element.textContent.slice(0, 60)}`);
      }
    }
    return { untranslated: [...new Set(untranslated)], clipped };
  }, own);
}

async function check(page: Page, path: string, own: string[], stay = false) {
  if (!stay) await page.goto(path);
  await appTookOver(page);
  await expect(page.locator("header").first()).toContainText("⟦");
  await expect.poll(() => findings(page, own), { message: path }).toEqual({ untranslated: [], clipped: [] });
}

test("the pseudo-locale finds no hard-coded and no clipped text on the main pages", async ({ browser }) => {
  test.setTimeout(120_000);
  const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
  await visitor.goto("/?pseudo=1");
  await check(visitor, "/", ["MealShare"]);

  const cook = await signedInPage(browser, person("Pia", "Pseudo"), { viewport: PHONE });
  const meal = await postMeal(cook, { title: "Barley broth" });
  const eater = await signedInPage(browser, person("Quentin", "Quill"), { viewport: PHONE });
  await eater.goto("/?pseudo=1");
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Hello there" });
  // Community's first page shows other specs' meals too: their titles, words and cooks are theirs.
  const shown: { title: string; description: string; owner: { firstName: string; lastName: string } }[] =
    await (await eater.request.get("/api/meals?kind=free")).json();
  const own = [
    "MealShare",
    "Pia P",
    "Quentin Q",
    "Hello there",
    // Avatars' initials, and what the cook wrote about the meal.
    "PP",
    "QQ",
    // Settings names this browser by its own and its system's names (bowser's).
    "Chrome",
    "Linux",
    "Windows",
    ...[meal.description, meal.ingredients, meal.pickupLocation, meal.pickupDetails].filter(Boolean),
    ...shown.flatMap((meal) => [
      meal.title,
      meal.description,
      `${meal.owner.firstName} ${meal.owner.lastName[0]}`,
    ]),
  ];
  const another = await postMeal(cook, { title: "Rye bread" });
  const draw = await postMeal(cook, { title: "Lucky lentils", portionSize: 2, allocation: "draw" });
  own.push("Rye bread", "Lucky lentils");
  for (const path of [
    "/community",
    "/community?view=map",
    `/meal/${meal.id}`,
    `/request/${request.id}`,
    "/settings",
    `/meal/${draw.id}/draw`,
  ]) {
    await check(eater, path, own);
  }
  // The request form: the meal's Request button and the safety notice it opens.
  await check(eater, `/meal/${another.id}`, own);
  await eater.getByRole("button", { name: pseudoText("Request Meal") }).click();
  await expect(eater.getByRole("alertdialog")).toBeVisible();
  await check(eater, `/meal/${another.id} (safety notice)`, own, true);
});
