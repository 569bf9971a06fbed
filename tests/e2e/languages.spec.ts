/**
 * Issue 15 points 1 and 2 in the browser: switching to Spanish translates the navigation, a meal
 * card with its date and a server validation error, and the choice follows the member to another
 * device; on a deployment in euros whose default language is German, a paid meal typed as '7,50'
 * reads '7,50 €' and is stored as 750 cents.
 */
import { expect, test } from "@playwright/test";
import { EUR_BASE_URL } from "../../playwright.config";
import {
  becomeRegisteredCook,
  checkRoute,
  mainNav,
  PHONE,
  person,
  postMeal,
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
  await eater.goto("/profile?tab=settings");
  await eater.getByRole("main").getByLabel("Language").selectOption("es");

  const nav = mainNav(eater);
  await expect(nav).toHaveAccessibleName("Principal");
  for (const name of ["Inicio", "Comunidad", "Mercado", "Eventos", "Solicitudes"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }

  await eater.goto(`/community?q=${encodeURIComponent("Paella de verduras")}`);
  const card = eater.getByTestId("meal-card").filter({ hasText: "Paella de verduras" });
  const weekday = new Intl.DateTimeFormat("es", { weekday: "short" }).format(start);
  const month = new Intl.DateTimeFormat("es", { month: "short" }).format(start).replace(".", "");
  await expect(card).toContainText(`${weekday}, ${start.getDate()} de ${month}`);
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
  // A browser asking only for French, which MealShare does not ship: the deployment's German.
  const device = { baseURL: EUR_BASE_URL, locale: "fr-FR" };
  const cook = await signedInPage(browser, person("Jonas", "Koch"), device);
  await expect(mainNav(cook)).toHaveAccessibleName("Hauptnavigation");
  await becomeRegisteredCook(cook, browser);

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

  const mine = await cook.request.get("/api/meals/my/all");
  const meal = (await mine.json()).find((m: { title: string }) => m.title === "Käsespätzle");
  expect(meal.priceCents).toBe(750);

  for (const page of [cook, buyer]) await page.context().close();
});

test("German pages, whose words run longest, pass axe and fit a phone", async ({ browser }) => {
  const page = await signedInPage(browser, person("Greta", "Lang"), { locale: "de-DE", viewport: PHONE });
  const meal = await postMeal(page, { title: "Linsensuppe mit Würstchen" });
  const heading = (name: string) => async (p: typeof page) => {
    await expect(p.getByRole("heading", { level: 1, name })).toBeVisible();
  };
  await checkRoute(page, "/", heading("Was kocht deine Nachbarschaft?"));
  await checkRoute(page, `/meal/${meal.id}`, heading("Linsensuppe mit Würstchen"));
  await checkRoute(page, "/meals/new?kind=paid", heading("Neues Gericht erstellen"));
  await checkRoute(page, "/profile?tab=settings", async (p) => {
    await expect(p.getByRole("heading", { name: "Benachrichtigungen" })).toBeVisible();
  });
  await checkRoute(page, "/requests", async (p) => {
    await expect(p.getByRole("tab", { name: /Meine Anfragen/ })).toBeVisible();
  });
  await page.context().close();
});
