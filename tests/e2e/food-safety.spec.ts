/**
 * docs/features/food-safety.md: structured allergens, the eater's allergy warnings, and hiding meals
 * with them.
 */
import { expect, test } from "@playwright/test";
import {
  apiPost,
  appTookOver,
  checkRoute,
  fillFoodSafety,
  PHONE,
  person,
  postMeal,
  setHomeArea,
  signedInPage,
  toast,
} from "./fixtures";

test("an eater with a peanut allergy is warned on the card, the page and the notice, and can hide the meal", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Priya", "Peanut"));
  await setHomeArea(cook);
  await cook.goto("/meals/new?kind=free");
  await cook.getByLabel("Title").fill("Peanut curry");
  await cook.getByLabel("Description").fill("Creamy satay curry with rice.");
  await cook.getByLabel("Portions").fill("3");
  await cook.getByLabel("Ingredients").fill("peanuts, coconut milk, rice, coriander");
  await cook.getByLabel("Pickup location").fill("3 Birch Lane");
  // The cook must say which allergens it holds, or that it holds none of the 14.
  await cook.getByRole("button", { name: "Create Meal" }).click();
  await expect(
    cook.getByText("Choose the allergens this meal contains, or confirm it contains none of the 14"),
  ).toBeVisible();
  await fillFoodSafety(cook, ["Peanuts"]);
  await cook.getByLabel("Vegan").check();
  await cook.getByLabel("Reheating instructions (optional)").fill("Simmer 5 minutes.");
  await cook.getByRole("button", { name: "Create Meal" }).click();
  await expect(toast(cook, "Meal created!")).toBeVisible();

  const eater = await signedInPage(browser, person("Noah", "Nutfree"));
  await eater.goto("/profile");
  await eater.getByRole("tab", { name: "Settings" }).click();
  const allergies = eater.getByRole("group", { name: "My allergies" });
  await allergies.getByRole("checkbox", { name: "Peanuts", exact: true }).check();
  await eater.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(eater, "Profile updated.")).toBeVisible();

  // Lists hide it by default once allergies are set; unticking shows it, with the warning.
  await eater.goto("/community");
  const hideMine = eater.getByLabel("Hide meals with my allergens");
  await expect(hideMine).toBeChecked();
  const card = eater.getByTestId("meal-card").filter({ hasText: "Peanut curry" });
  await expect(eater.getByText(/free meals? available/)).toBeVisible();
  await expect(card).toHaveCount(0);
  await hideMine.uncheck();
  await expect(card).toBeVisible();
  await expect(card.getByTestId("allergen-warning")).toHaveText("Contains your allergen: Peanuts");
  await expect(card.getByText("Vegan")).toBeVisible();

  await card.getByRole("link", { name: /Request/ }).click();
  await expect(eater.getByRole("heading", { name: "Peanut curry" })).toBeVisible();
  await expect(eater.getByTestId("allergen-warning")).toHaveText("Contains your allergen: Peanuts");
  await expect(eater.getByText(/Chilled \(fridge\)\. Keep it in the fridge at 5 °C/)).toBeVisible();
  await expect(eater.getByText("Simmer 5 minutes.")).toBeVisible();

  await eater.getByRole("button", { name: "Request Meal" }).click();
  const notice = eater.getByRole("alertdialog", { name: "Safety Notice" });
  await expect(notice.getByText("This meal contains your allergen: Peanuts.")).toBeVisible();
  const understand = notice.getByRole("button", { name: "I Understand" });
  await expect(understand).toBeDisabled();
  await notice.getByLabel("I understand this meal contains Peanuts").check();
  await expect(understand).toBeEnabled();
  await understand.click();
  await expect(toast(eater, "Request sent!")).toBeVisible();

  // The choice to show them lives in the URL; ticking hides the meal again.
  await eater.goto("/community?mine=0");
  await expect(card).toBeVisible();
  await eater.getByLabel("Hide meals with my allergens").check();
  await expect(card).toHaveCount(0);
});

test("an eater who typed 'dairy' sees Milk ticked and is warned on a Milk meal", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Mia", "Milk"));
  const meal = await apiPost(cook, "/api/meals", {
    title: "Cheese scones",
    description: "Warm from the oven.",
    kind: "free",
    priceCents: null,
    portionSize: 4,
    ingredients: "flour, cheddar, butter",
    allergenCodes: ["milk", "gluten"],
    pickupLocation: "5 Elm Row",
    pickupWindowStart: new Date(Date.now() + 60 * 60_000).toISOString(),
    pickupWindowEnd: new Date(Date.now() + 3 * 60 * 60_000).toISOString(),
    deliveryAvailable: false,
  });

  const eater = await signedInPage(browser, person("Dara", "Dairyfree"));
  await eater.goto("/profile");
  await eater.getByRole("tab", { name: "Settings" }).click();
  await eater.getByLabel("Other allergies").fill("dairy");
  await eater.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(eater, "Profile updated.")).toBeVisible();
  const allergies = eater.getByRole("group", { name: "My allergies" });
  await expect(allergies.getByRole("checkbox", { name: "Milk", exact: true })).toBeChecked();
  await expect(eater.getByLabel("Other allergies")).toHaveValue("");

  await eater.goto(`/meal/${meal.id}`);
  await expect(eater.getByRole("heading", { name: "Cheese scones" })).toBeVisible();
  await expect(eater.getByTestId("allergen-warning")).toHaveText("Contains your allergen: Milk");
});

test("an allergy worded otherwise than the ingredients (plural, other word order) is warned of and hidden alike", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Kiri", "Kiwi"));
  const meal = await apiPost(cook, "/api/meals", {
    title: "Tropical fruit salad",
    description: "Fresh this morning.",
    kind: "free",
    priceCents: null,
    portionSize: 4,
    ingredients: "Fruits: kiwis, mango and lime",
    allergenCodes: [],
    noMajorAllergens: true,
    pickupLocation: "8 Orchard Row",
    pickupWindowStart: new Date(Date.now() + 60 * 60_000).toISOString(),
    pickupWindowEnd: new Date(Date.now() + 3 * 60 * 60_000).toISOString(),
    deliveryAvailable: false,
  });

  const eater = await signedInPage(browser, person("Otto", "Orchard"));
  await eater.goto("/profile");
  await eater.getByRole("tab", { name: "Settings" }).click();
  await eater.getByLabel("Other allergies").fill("kiwi fruit");
  await eater.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(eater, "Profile updated.")).toBeVisible();

  await eater.goto(`/meal/${meal.id}`);
  await expect(eater.getByRole("heading", { name: "Tropical fruit salad" })).toBeVisible();
  await expect(eater.getByTestId("allergen-warning")).toHaveText("Contains your allergen: kiwi fruit");

  // "Hide meals with my allergens" hides it by the same rule; showing them brings it back, warned.
  await eater.goto("/community?q=mango");
  await expect(eater.getByLabel("Hide meals with my allergens")).toBeChecked();
  const card = eater.getByTestId("meal-card").filter({ hasText: "Tropical fruit salad" });
  await expect(eater.getByText(/free meals? available|No free meals/)).toBeVisible();
  await expect(card).toHaveCount(0);
  await eater.getByLabel("Hide meals with my allergens").uncheck();
  await expect(card.getByTestId("allergen-warning")).toHaveText("Contains your allergen: kiwi fruit");
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
