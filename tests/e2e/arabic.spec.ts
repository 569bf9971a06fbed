/**
 * Arabic, right to left, on a 375 px phone (docs/features/languages-currency-impact.md "Languages";
 * docs/STYLE.md "Direction"): the landing page, Community's list and map, a meal with its request,
 * a thread, Settings and a draw's page each read `lang="ar" dir="rtl"` from the server's first
 * render on, are mirrored (the brand at the right, one's own messages at the left, the map's zoom
 * buttons at the right), pass axe, never scroll sideways, and are kept as screenshots among the test
 * artefacts (drawn with Debian's Noto fonts: .ci/run installs fonts-noto-core).
 */
import { expect, type Page, test } from "@playwright/test";
import arApp from "../../src/locales/ar/app.json" with { type: "json" };
import arCommon from "../../src/locales/ar/common.json" with { type: "json" };
import { apiPost, appTookOver, checkRoute, PHONE, person, postMeal, signedInPage } from "./fixtures";

const ARABIC = { locale: "ar-EG", viewport: PHONE };

/** A text as an Arabic reader sees it: its translation, or the English it falls back to. */
function arabic(key: string): string {
  for (const catalogue of [arCommon, arApp] as Record<string, string>[]) {
    if (catalogue[key]) return catalogue[key];
  }
  return key;
}

/** The centre of `selector`'s box, as a share of the page's width (0 the left edge, 1 the right). */
async function across(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, `${selector} is drawn`).not.toBeNull();
  return (box!.x + box!.width / 2) / PHONE.width;
}

/**
 * Checks `path` as `checkRoute` does, then that the page is Arabic and mirrored: the brand, the
 * header's first link, sits at the right; and keeps a screenshot named `name`.
 */
async function checkMirrored(page: Page, path: string, name: string, ready: (page: Page) => Promise<void>) {
  await checkRoute(page, path, ready);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await across(page, "header a"), `the brand on ${path}`).toBeGreaterThan(0.5);
  await page.screenshot({ path: test.info().outputPath(`ar-${name}.png`) });
}

test("in Arabic every main page mirrors, passes axe and fits a 375 px phone", async ({ browser }) => {
  test.setTimeout(180_000);
  const h1 = (name: string) => async (p: Page) => {
    await expect(p.getByRole("heading", { level: 1, name }).first()).toBeVisible();
  };

  // The server's first render already speaks Arabic, right to left: before any script runs.
  const visitor = await (await browser.newContext(ARABIC)).newPage();
  const firstRender = await (await visitor.request.get("/", { headers: { "accept-language": "ar" } })).text();
  expect(firstRender).toMatch(/<html[^>]* lang="ar"[^>]* dir="rtl"|<html[^>]* dir="rtl"[^>]* lang="ar"/);
  await checkMirrored(visitor, "/", "landing", h1(arabic("Share Food, Build Community")));
  await visitor.context().close();

  const cook = await signedInPage(browser, person("Samira", "Haddad"), ARABIC);
  const meal = await postMeal(cook, { title: "شوربة عدس" });
  const draw = await postMeal(cook, { title: "مقلوبة", portionSize: 2, allocation: "draw" });
  const eater = await signedInPage(browser, person("Yusuf", "Khalil"), ARABIC);

  await checkMirrored(eater, "/community", "community", h1(arabic("Community Meals")));
  await eater.getByRole("button", { name: arabic("Map"), exact: true }).click();
  await expect(eater.getByRole("region", { name: arabic("Map of meals") })).toBeVisible();
  await checkRoute(eater, "/community?view=map", async () => {}, true);
  expect(await across(eater, ".leaflet-control-zoom"), "the map's zoom buttons").toBeGreaterThan(0.5);
  await eater.screenshot({ path: test.info().outputPath("ar-community-map.png") });

  await checkMirrored(eater, `/meal/${meal.id}`, "meal", h1(meal.title));
  // A neighbour's own words in English keep their left-to-right order inside the Arabic page.
  const description = eater.getByText(meal.description, { exact: true });
  expect(await description.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
  await appTookOver(eater);
  await eater.getByRole("button", { name: arabic("Request Meal") }).click();
  const notice = eater.getByRole("alertdialog", { name: arabic("Safety Notice") });
  await expect(notice).toBeVisible();
  await checkRoute(eater, `/meal/${meal.id} (safety notice)`, async () => {}, true);
  await eater.screenshot({ path: test.info().outputPath("ar-request.png") });
  await notice.getByRole("button", { name: arabic("I Understand") }).click();
  await expect(eater.getByText(arabic("Request sent!"), { exact: true })).toBeVisible();

  const outgoing: { id: string }[] = await (await eater.request.get("/api/requests?type=outgoing")).json();
  const requestId = outgoing[0].id;
  await apiPost(cook, `/api/requests/${requestId}/messages`, { body: "أهلًا! تعال بعد الساعة الخامسة." });
  await apiPost(eater, `/api/requests/${requestId}/messages`, { body: "شكرًا جزيلًا!" });
  await checkMirrored(eater, `/request/${requestId}`, "thread", async (p) => {
    await expect(p.getByText("شكرًا جزيلًا!")).toBeVisible();
  });
  // One's own messages at the reading end — the left — and the cook's at the start.
  const thread = eater.getByTestId("message-list");
  const mine = await thread.locator("li", { hasText: "شكرًا جزيلًا!" }).boundingBox();
  const theirs = await thread.locator("li", { hasText: "أهلًا!" }).boundingBox();
  expect(mine!.x).toBeLessThan(theirs!.x);

  await checkMirrored(eater, "/settings", "settings", async (p) => {
    await expect(p.getByLabel(arabic("Language")).first()).toHaveValue("ar");
  });
  await checkMirrored(eater, `/meal/${draw.id}/draw`, "draw", async (p) => {
    await expect(p.getByRole("heading", { level: 1 }).first()).toBeVisible();
  });

  for (const page of [cook, eater]) await page.context().close();
});
