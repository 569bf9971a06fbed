/**
 * Neighbourhood first in a real browser (docs/features/neighbourhood.md "Done when"): a new member sets a
 * home area by searching a place (the local geocoder, tests/map-services.ts) and sees only the meals
 * within 5 km, the count line saying so; switches to the map, where a cluster splits into markers as it
 * zooms and a marker opens a meal; creates a meal with the pin moved; saves an alert and hears of a
 * matching meal another member posts. Map tiles come from the same local server; nothing reaches the
 * internet. The new screens pass axe at 375 px.
 */
import { expect, type Page, test } from "@playwright/test";
import {
  checkRoute,
  fillFoodSafety,
  openFilters,
  PHONE,
  person,
  postMeal,
  setHomeArea,
  signedInPage,
  toast,
} from "./fixtures";

/** Lindenau, Leipzig, as the local geocoder places it (rounded to ~100 m). */
const LINDENAU = { latitude: 51.337, longitude: 12.33 };
/** Ørestad, København: far from every other test's meals. */
const ORESTAD = { latitude: 55.63, longitude: 12.58 };

const cards = (page: Page) => page.getByTestId("meal-card");

test("a new member sets a home area by place search and sees only the meals within 5 km; the map clusters them and opens a meal", async ({
  browser,
}) => {
  // Meals around Lindenau: three at Plagwitz (~1 km), close together; one at Gohlis (~3.5 km); one in
  // Halle (~30 km); one without a point.
  const cook = await signedInPage(browser, person("Lena", "Leipzig"));
  const near = [
    { title: "Plagwitz potato soup", latitude: 51.327, longitude: 12.329 },
    { title: "Plagwitz pierogi", latitude: 51.328, longitude: 12.33 },
    { title: "Plagwitz plum cake", latitude: 51.327, longitude: 12.331 },
    { title: "Gohlis goulash", latitude: 51.36, longitude: 12.37 },
  ];
  for (const meal of near) await postMeal(cook, meal);
  await postMeal(cook, { title: "Halle dumplings", latitude: 51.482, longitude: 11.979 });
  await postMeal(cook, { title: "Lindenau leek pie (no point)" });

  const member = await signedInPage(browser, person("Nia", "Newcomer"), { viewport: PHONE });
  await member.goto("/community");
  const prompt = member.getByRole("region", { name: "See the meals near you first" });
  await expect(prompt).toBeVisible();
  await checkRoute(member, "/community", async () => {}, true);

  await prompt.getByRole("button", { name: "Set home area" }).click();
  const dialog = member.getByRole("dialog", { name: "Your home area" });
  await dialog.getByLabel("Search for a place or address").fill("Lindenau");
  await dialog.getByRole("button", { name: "Search", exact: true }).click();
  await dialog.getByRole("button", { name: "Lindenau, Leipzig, Germany" }).click();
  await expect(dialog.getByText("Home area set to Lindenau, Leipzig.")).toBeVisible();
  await expect(
    dialog.getByRole("button", { name: "Your home area: move it with the arrow keys" }),
  ).toBeVisible();
  await checkRoute(member, "/community", async () => {}, true);
  await dialog.getByRole("button", { name: "Save home area" }).click();
  await expect(toast(member, "Home area saved")).toBeVisible();
  await expect(prompt).toHaveCount(0);

  // Only the meals within 5 km, nearest first, with the count line saying so.
  await openFilters(member);
  await expect(member.getByRole("button", { name: "Near home" })).toHaveAttribute("aria-pressed", "true");
  await expect(member.getByText("4 free meals available within 5 km")).toBeVisible();
  await expect(cards(member)).toHaveCount(4);
  await expect(cards(member).first()).toContainText("Plagwitz");
  await expect(cards(member).last()).toContainText("Gohlis goulash");
  await expect(cards(member).last()).toContainText(/\d\.\d km away/);
  for (const away of ["Halle dumplings", "Lindenau leek pie (no point)"]) {
    await expect(cards(member).filter({ hasText: away })).toHaveCount(0);
  }
  // Everywhere lists them all again, and keeps the choice in the URL. Searched for: other specs' meals,
  // newer, may fill the list's first page on the shared server.
  await member.getByRole("button", { name: "Everywhere" }).click();
  await expect(member).toHaveURL(/[?&]area=all/);
  const search = member.getByRole("searchbox", { name: "Search free meals" });
  await search.fill("Halle dumplings");
  await expect(cards(member).filter({ hasText: "Halle dumplings" })).toHaveCount(1);
  await search.fill("");
  await expect(member).not.toHaveURL(/[?&]q=/);
  await openFilters(member);
  await member.getByRole("button", { name: "Near home" }).click();

  // The map: the three Plagwitz meals are one cluster at first; opening it zooms until they split.
  await member.getByRole("button", { name: "Map", exact: true }).click();
  await expect(member).toHaveURL(/[?&]view=map/);
  const map = member.getByRole("region", { name: "Map of meals" });
  await expect(map).toBeVisible();
  const cluster = map.getByRole("button", { name: "3 meals here: open to zoom in" });
  await expect(cluster).toBeVisible();
  await expect(member.getByTestId("map-meal-list").getByRole("listitem")).toHaveCount(4);
  await checkRoute(member, "/community?view=map", async () => {}, true);
  // A single meal's marker (Gohlis, kilometres from the rest) opens its card in a sheet over the map,
  // on a phone too; Escape closes it.
  await map.getByRole("button", { name: "Gohlis goulash (FREE)" }).click();
  const sheet = member.getByTestId("map-sheet");
  await expect(sheet.getByTestId("meal-card")).toContainText("Gohlis goulash");
  await member.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await cluster.click();
  // Opening it zooms in until the three split (into markers, or smaller clusters). Each meal is shown
  // away from its pickup point by a key made once per deployment (docs/decisions/013), so where they
  // land differs from run to run: shown within metres of each other they cannot split, and the sheet
  // lists the meals at that spot; spread wider than a phone's map, some fall outside the view.
  const spot = member.getByTestId("map-sheet").getByRole("list", { name: "Meals at this spot" });
  await expect(async () => {
    expect((await cluster.count()) === 0 || (await spot.isVisible())).toBe(true);
  }).toPass({ timeout: 10_000 });
  // A Plagwitz meal opens: by its own marker in a sheet over the map, from the spot's sheet, or from
  // the list of the meals in view (the map's text alternative).
  const plagwitz = map.getByRole("button", { name: /^Plagwitz .* \(FREE\)$/ }).first();
  if (await spot.isVisible()) {
    await checkRoute(member, "/community?view=map (the meals at one spot)", async () => {}, true);
    await spot
      .getByRole("link", { name: /^Plagwitz/ })
      .first()
      .click();
  } else if (await plagwitz.isVisible()) {
    await plagwitz.click();
    const popupCard = member.getByTestId("map-sheet").getByTestId("meal-card");
    await expect(popupCard).toContainText("Plagwitz");
    await checkRoute(member, "/community?view=map (a meal's sheet)", async () => {}, true);
    await popupCard.getByRole("link", { name: /^Request: Plagwitz/ }).click();
  } else {
    await member
      .getByTestId("map-meal-list")
      .getByRole("link", { name: /^Plagwitz/ })
      .first()
      .click();
  }
  await expect(member.getByRole("heading", { name: /^Plagwitz/ })).toBeVisible();
});

test("a member creates a meal with the pin moved from their home area; eaters see an area around a point away from it, never the door", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Pia", "Pin"));
  await setHomeArea(cook, LINDENAU);
  await cook.goto("/meals/new");
  await cook.getByLabel("Title").fill("Moved-pin minestrone");
  await cook.getByLabel("Description").fill("Vegetable soup with pasta.");
  await cook.getByLabel("Ingredients").fill("beans, pasta, tomato, celery");
  await fillFoodSafety(cook, ["Cereals containing gluten", "Celery"]);
  await cook.getByLabel("Pickup location").fill("Lindenau market square");
  await cook.getByLabel("Pickup details (private)").fill("Back gate, ring twice");

  // The pin starts at the home area; dragging it moves the pickup point.
  const pin = cook.getByRole("button", { name: "Pickup point: move it with the arrow keys" });
  await expect(pin).toBeVisible();
  const box = (await pin.boundingBox())!;
  await cook.mouse.move(box.x + box.width / 2, box.y + box.height - 2);
  await cook.mouse.down();
  await cook.mouse.move(box.x + box.width / 2 + 60, box.y + box.height + 100, { steps: 8 });
  await cook.mouse.up();
  // And the keyboard moves it one step (~100 m) north.
  await pin.focus();
  const before = (await pin.boundingBox())!.y;
  await cook.keyboard.press("ArrowUp");
  await expect.poll(async () => (await pin.boundingBox())!.y).toBeLessThan(before - 10);
  await cook.getByRole("button", { name: "Create Meal" }).click();
  await expect(toast(cook, "Meal created!")).toBeVisible();

  const [listed] = await (await cook.request.get("/api/meals/my/all")).json();
  expect(listed.title).toBe("Moved-pin minestrone");
  // The cook's own view has the exact pickup point: moved east (dragged right) and south (dragged
  // ~300 m down, then one ~100 m step up), rounded to ~100 m.
  const meal = await (await cook.request.get(`/api/meals/${listed.id}`)).json();
  const point = meal.privatePickup.point;
  expect(point.longitude).toBeGreaterThan(LINDENAU.longitude);
  expect(point.latitude).toBeLessThan(LINDENAU.latitude);
  expect(point.latitude).toBeGreaterThan(LINDENAU.latitude - 0.005);
  for (const value of [point.latitude, point.longitude]) expect(Math.round(value * 1000) / 1000).toBe(value);
  expect(meal.privatePickup.details).toBe("Back gate, ring twice");
  // Everyone is shown another point, 150–250 m away (docs/decisions/013).
  expect([meal.latitude, meal.longitude]).not.toEqual([point.latitude, point.longitude]);

  // Another member sees the pickup area as a circle, not a pin. On a phone the map is below the photo
  // and the facts, and loads as it comes near the screen.
  const eater = await signedInPage(browser, person("Edu", "Eater"), { viewport: PHONE });
  await checkRoute(eater, `/meal/${meal.id}`, async (page) => {
    await page.getByRole("region", { name: "Pickup area" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("region", { name: "Map of the pickup area" })).toBeVisible();
  });
  await expect(eater.locator(".leaflet-marker-icon")).toHaveCount(0);
  await expect(eater.locator("path.leaflet-interactive")).toHaveCount(1);
  await expect(eater.getByText("Lindenau market square")).toBeVisible();
  await expect(eater.getByText("ring twice")).toHaveCount(0);
});

test("a member saves an alert, and hears of a matching meal another member posts nearby", async ({
  browser,
}) => {
  const member = await signedInPage(browser, person("Ali", "Alert"), { viewport: PHONE });
  await setHomeArea(member, ORESTAD, 2);
  await member.goto("/community?q=smørrebrød");
  await member.getByRole("button", { name: "Tell me about new meals like this" }).click();
  await expect(toast(member, "Alert saved")).toBeVisible();

  // Settings lists it, with pause and delete; the page passes axe.
  await checkRoute(member, "/settings", async (page) => {
    await expect(page.getByTestId("alert")).toHaveText(/“smørrebrød” · free meals · within 2 km/);
  });
  await expect(member.getByRole("heading", { name: "Home area" })).toBeVisible();
  await expect(member.getByText("Set on the map, within 2 km")).toBeVisible();

  // Another member posts a matching meal 1 km away, and one too far.
  const cook = await signedInPage(browser, person("Kaj", "Kok"));
  await postMeal(cook, {
    title: "Far smørrebrød",
    latitude: ORESTAD.latitude + 0.05,
    longitude: ORESTAD.longitude,
  });
  const meal = await postMeal(cook, {
    title: "Smørrebrød platter",
    latitude: ORESTAD.latitude + 0.009,
    longitude: ORESTAD.longitude,
  });

  await member.goto("/");
  const bell = member.getByRole("button", { name: /^Notifications/ });
  // The match is a background job (polled every second): on a busy machine it may take a while.
  await expect(bell).toHaveAccessibleName(/1 unread/, { timeout: 30_000 });
  await bell.click();
  const item = member.getByRole("menuitem", { name: /^New meal near you: Smørrebrød platter/ });
  await expect(item).toBeVisible();
  await expect(member.getByRole("menuitem", { name: /Far smørrebrød/ })).toHaveCount(0);
  await item.click();
  await expect(member).toHaveURL(new RegExp(`/meal/${meal.id}$`));

  // Pausing and deleting from Settings.
  await member.goto("/settings");
  await member.getByRole("button", { name: /^Pause: / }).click();
  await expect(member.getByTestId("alert")).toContainText("paused");
  // The list shows the pause at once (an optimistic update); the server has it once the save lands.
  await expect
    .poll(async () => (await (await member.request.get("/api/alerts")).json())[0].paused)
    .toBe(true);
  await member.getByRole("button", { name: /^Delete: / }).click();
  await expect(member.getByTestId("alert")).toHaveCount(0);
  await expect(member.getByText(/^No alerts yet/)).toBeVisible();
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
