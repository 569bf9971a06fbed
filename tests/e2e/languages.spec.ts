/**
 * docs/features/languages-currency-impact.md points 1 and 2 in the browser: switching to Spanish
 * translates the navigation, a meal card with its date and a server validation error, and the choice
 * follows the member to another device; on a deployment in euros whose default language is German, a
 * paid meal typed as '7,50' reads '7,50 €' and is stored as 750 cents.
 */
import { expect, type Page, test } from "@playwright/test";
import { EUR_BASE_URL } from "../../playwright.config";
import deApp from "../../src/locales/de/app.json" with { type: "json" };
import deCommon from "../../src/locales/de/common.json" with { type: "json" };
import deInfo from "../../src/locales/de/info.json" with { type: "json" };
import {
  apiPost,
  becomeRegisteredCook,
  checkRoute,
  ELSEWHERE,
  fillFoodSafety,
  germanAdmin,
  mainNav,
  PHONE,
  person,
  postMeal,
  setHomeArea,
  signedInPage,
  toast,
} from "./fixtures";

const DAY = 24 * 60 * 60 * 1000;

test("a visitor switches the landing page to Spanish in the footer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Share Food, Build Community");
  await page.getByRole("contentinfo").getByLabel("Language").selectOption("es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparte comida, crea comunidad");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // Remembered on this device.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparte comida, crea comunidad");
});

test("switching to Spanish in Settings translates the nav, a meal card with its date, and a server validation error", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Rosa", "Cook"));
  // Three days ahead: the card shows a weekday and a date, not 'Today' or 'Tomorrow'.
  const start = new Date(Date.now() + 3 * DAY);
  await postMeal(cook, {
    title: "Paella de verduras",
    pickupWindowStart: start.toISOString(),
    pickupWindowEnd: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(),
  });

  const who = person("Lucia", "Eater");
  const eater = await signedInPage(browser, who);
  await eater.goto("/settings");
  await eater.getByRole("main").getByLabel("Language").selectOption("es");

  const nav = mainNav(eater);
  await expect(nav).toHaveAccessibleName("Principal");
  for (const name of ["Inicio", "Comunidad", "Mercado", "Eventos", "Solicitudes"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }

  await eater.goto(`/community?q=${encodeURIComponent("Paella de verduras")}`);
  const card = eater.getByTestId("meal-card").filter({ hasText: "Paella de verduras" });
  // In Spanish as Intl writes it in the browser's region, the United States' ("lun, 24 de nov"), not in
  // English (regionFor, src/contract/languages.ts).
  const day = new Intl.DateTimeFormat("es-US", { weekday: "short", month: "short", day: "numeric" }).format(
    start,
  );
  expect(day).not.toBe(
    new Intl.DateTimeFormat("en", { weekday: "short", month: "short", day: "numeric" }).format(start),
  );
  await expect(card).toContainText(day);
  await expect(card).toContainText("3 raciones");
  await expect(card.getByRole("link", { name: /Solicitar/ })).toBeVisible();

  // The server refuses a search over 200 characters; its message comes in Spanish.
  await eater.goto(`/community?q=${"a".repeat(201)}`);
  const error = eater.getByRole("alert").filter({ hasText: "No se pudieron cargar las comidas" });
  await expect(error).toContainText("El texto de búsqueda puede tener como máximo 200 caracteres");
  await expect(error.getByRole("button", { name: "Reintentar" })).toBeVisible();

  // Remembered on the account: another device, whose browser asks for English, opens in Spanish.
  const otherDevice = await signedInPage(browser, who, { locale: "en-US" });
  await expect(mainNav(otherDevice).getByRole("link", { name: "Comunidad", exact: true })).toBeVisible();
  await expect(otherDevice.locator("html")).toHaveAttribute("lang", "es");

  for (const page of [cook, eater, otherDevice]) await page.context().close();
});

test("with CURRENCY=EUR and German, a meal typed as 7,50 reads '7,50 €' and is stored as 750 cents", async ({
  browser,
}) => {
  // A browser asking only for Dutch, which MealShare does not ship: the deployment's German.
  const device = { baseURL: EUR_BASE_URL, locale: "nl-NL" };
  const cook = await signedInPage(browser, person("Jonas", "Koch"), device);
  await expect(mainNav(cook)).toHaveAccessibleName("Hauptnavigation");
  await becomeRegisteredCook(cook, browser);
  await setHomeArea(cook);

  await cook.goto("/meals/new?kind=paid");
  await cook.getByLabel("Titel").fill("Käsespätzle");
  await cook.getByLabel("Beschreibung").fill("Mit Röstzwiebeln.");
  await cook.getByLabel("Preis (€)").fill("7,50");
  await cook.getByLabel("Portionen").fill("2");
  await cook.getByLabel("Zutaten").fill("Spätzle, Bergkäse, Zwiebeln");
  await cook.getByLabel("Abholort").fill("Lindenstraße 4");
  await cook.getByLabel("Enthält keines der 14").check();
  const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
  await cook
    .getByLabel("Zubereitet am")
    .fill(new Date(anHourAgo.getTime() - anHourAgo.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
  await cook.getByLabel("Aufbewahrung").selectOption("chilled");
  await cook.getByRole("button", { name: "Gericht erstellen" }).click();
  await expect(toast(cook, "Gericht erstellt!")).toBeVisible();

  const buyer = await signedInPage(browser, person("Lena", "Gast"), device);
  await buyer.goto("/marketplace");
  const card = buyer.getByTestId("meal-card").filter({ hasText: "Käsespätzle" });
  await expect(card).toContainText("7,50\u00a0€");

  // Home's "Kostenpflichtig" button searches in German, and the search knows the word.
  await buyer.goto("/");
  const kinds = buyer.getByRole("group", { name: "Gerichte filtern" });
  await kinds.getByRole("button", { name: "Kostenpflichtig" }).click();
  await expect(buyer.getByLabel("Gerichte suchen")).toHaveValue("kostenpflichtig");
  await expect(kinds.getByRole("button", { name: "Kostenpflichtig" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(buyer.getByTestId("meal-card").filter({ hasText: "Käsespätzle" })).toBeVisible();

  const mine = await cook.request.get("/api/meals/my/all");
  const meal = (await mine.json()).find((m: { title: string }) => m.title === "Käsespätzle");
  expect(meal.priceCents).toBe(750);

  for (const page of [cook, buyer]) await page.context().close();
});

/** A text of the German catalogues, found by its English key (the source of every catalogue). */
function germanText(key: string): string {
  for (const catalogue of [deCommon, deApp, deInfo] as Record<string, string>[]) {
    if (catalogue[key]) return catalogue[key];
  }
  throw new Error(`"${key}" is in no German catalogue`);
}

test("every page in German, whose words run longest, passes axe, fits a phone and breaks no word", async ({
  browser,
}) => {
  // Every route of both route sets and the admin's tabs, each analysed by axe.
  test.setTimeout(240_000);
  const german = { locale: "de-DE", viewport: PHONE };
  const titled = (name: string) => async (p: Page) => {
    await expect(p.getByRole("heading", { level: 1, name }).first()).toBeVisible();
  };
  const heading = (key: string) => titled(germanText(key));

  const visitor = await (await browser.newContext(german)).newPage();
  for (const [path, key] of [
    ["/", "Share Food, Build Community"],
    ["/about", "About MealShare"],
    ["/how-it-works", "How It Works"],
    ["/safety", "Safety"],
    ["/help", "Help Center"],
    ["/impact", "Our Impact"],
  ]) {
    await checkRoute(visitor, path, heading(key));
  }
  await visitor.context().close();

  const cook = await signedInPage(browser, person("Greta", "Lang"), german);
  const meal = await postMeal(cook, { title: "Linsensuppe mit Würstchen" });
  const page = await signedInPage(browser, person("Maximilian", "Müller-Lüdenscheidt"), german);
  const request = await apiPost(page, "/api/requests", {
    mealId: meal.id,
    message: "Kann ich um 17 Uhr kommen?",
  });
  await apiPost(page, `/api/requests/${request.id}/messages`, { body: "Vielen Dank im Voraus!" });
  const routes: [string, (p: Page) => Promise<void>][] = [
    ["/", heading("What's cooking in your neighbourhood?")],
    ["/community", heading("Community Meals")],
    ["/marketplace", heading("Marketplace")],
    [`/meal/${meal.id}`, titled(meal.title)],
    ["/meals/new?kind=paid", heading("Create New Meal")],
    ["/requests", async (p) => expect(p.getByRole("tab", { name: /Meine Anfragen/ })).toBeVisible()],
    [`/request/${request.id}`, async (p) => expect(p.getByText("Vielen Dank im Voraus!")).toBeVisible()],
    ["/profile", titled("Maximilian Müller-Lüdenscheidt")],
    [
      "/settings",
      async (p) => expect(p.getByRole("table", { name: germanText("Notifications") })).toBeVisible(),
    ],
    ["/events", heading("Community Events")],
    ["/reviews", heading("Pending Reviews")],
    [`/user/${meal.owner.id}`, titled("Greta L.")],
    ["/become-a-cook", heading("Become a Registered Cook")],
    ["/no-such-page", heading("404 Page Not Found")],
  ];
  for (const [path, ready] of routes) await checkRoute(page, path, ready);

  // The admin's saved language wins over the browser's: German is saved on an admin of this spec's
  // own (fixtures.ts `germanAdmin`), so other specs' admin pages stay in English meanwhile.
  const adminPage = await signedInPage(browser, germanAdmin(), german);
  const saved = await adminPage.request.put("/api/user/locale", {
    data: { locale: "de" },
    headers: { origin: new URL(adminPage.url()).origin },
  });
  expect(saved.ok()).toBe(true);
  await checkRoute(adminPage, "/admin", heading("Admin Dashboard"));
  // Earlier specs may have left applications pending: any count will do.
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const [before, after] = germanText("Cook applications ({{number}} pending)")
    .split("{{number}}")
    .map(literal);
  await adminPage.getByRole("tab", { name: new RegExp(`^${before}\\d+${after}$`) }).click();
  await checkRoute(
    adminPage,
    "/admin#cooks",
    (p) => expect(p.getByText(germanText("Pending cook applications"))).toBeVisible(),
    true,
  );

  for (const p of [cook, page, adminPage]) await p.context().close();
});

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
