/**
 * docs/features/exchange.md "Terms agreed are kept": the cook moves an accepted pickup; the eater's
 * thread shows what changed, old → new, live, and asks; giving it up ends the request on nobody's
 * record.
 */
import { expect, test } from "@playwright/test";
import {
  apiPost,
  apiPut,
  checkRoute,
  ELSEWHERE,
  fillFoodSafety,
  PHONE,
  person,
  postMeal,
  signedInPage,
  toast,
} from "./fixtures";

test("a moved pickup after acceptance is shown old → new and asked, never applied silently", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Kai", "Cook"));
  const eater = await signedInPage(browser, person("Lin", "Eater"));
  const meal = await postMeal(cook, { title: "Pumpkin soup", pickupLocation: "22 Maple Street" });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id });
  const origin = new URL(cook.url()).origin;
  const put = (url: string, data: unknown) => cook.request.put(url, { data, headers: { origin } });
  expect((await put(`/api/requests/${request.id}/status`, { status: "accepted" })).ok()).toBe(true);

  await eater.goto(`/request/${request.id}`);
  await expect(eater.getByTestId("status-badge")).toHaveText("Accepted");
  await expect(eater.getByTestId("terms-change")).toHaveCount(0);
  expect((await put(`/api/meals/${meal.id}`, { pickupLocation: "Town hall, back door" })).ok()).toBe(true);

  const card = eater.getByTestId("terms-change");
  await expect(card.getByRole("heading")).toHaveText("Kai Cook changed what you agreed to");
  await expect(card.getByText("Pickup place")).toBeVisible();
  await expect(card.getByText("22 Maple Street")).toBeVisible();
  await expect(card.getByText("Town hall, back door")).toBeVisible();
  await card.getByRole("button", { name: "Give it up" }).click();
  await expect(eater.getByTestId("status-badge")).toHaveText("Cancelled");
  await expect(card).toHaveCount(0);
});

test("the cook edits a posted meal's title and portions, and the eater they accepted is told", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Edda", "Edits"), { viewport: PHONE });
  const meal = await postMeal(cook, { title: "Lentil dal", portionSize: 3, ...ELSEWHERE });
  const eater = await signedInPage(browser, person("Ari", "Accepted"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "" });
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "accepted" });

  await cook.goto(`/meal/${meal.id}`);
  await cook.getByRole("link", { name: "Edit meal" }).click();
  await expect(cook.getByRole("heading", { name: "Edit meal" })).toBeVisible();
  await expect(cook.getByLabel("Title")).toHaveValue("Lentil dal");
  await checkRoute(cook, "/meal/:id/edit", async () => {}, true);
  await cook.getByLabel("Title").fill("Lentil dal with rice");
  await cook.getByLabel("Portions").fill("5");
  // Food details the meal was posted without, added now.
  await fillFoodSafety(cook, ["Mustard"]);
  await cook.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(cook, "Meal updated.")).toBeVisible();
  await expect(cook.getByRole("heading", { name: "Lentil dal with rice" })).toBeVisible();
  await expect(cook.getByText("4 portions available")).toBeVisible();

  await eater.goto("/");
  await eater.getByRole("button", { name: /Notifications/ }).click();
  // Nothing the eater agreed to got worse (the form's times lose only their seconds, the allergen was
  // there): told, not asked (docs/features/exchange.md "Terms agreed are kept").
  await expect(
    eater.getByText('The allergens of "Lentil dal with rice" changed: check them before you pick it up'),
  ).toBeVisible();
  await expect(eater.getByText(/keep your portion or give it up/)).toHaveCount(0);
});

test("a cook's edit shows in the requester's thread as old → new lines", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Otis", "Oldnew"), { viewport: PHONE });
  const meal = await postMeal(cook, {
    title: "Old-to-new orzo",
    pickupLocation: "By the old fountain",
    ...ELSEWHERE,
  });
  const eater = await signedInPage(browser, person("Uma", "Updated"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Could I come by?" });
  await eater.goto(`/request/${request.id}`);
  await expect(eater.getByText("Could I come by?")).toBeVisible();
  await apiPut(cook, `/api/meals/${meal.id}`, { pickupLocation: "By the new library" });
  const line = eater.getByTestId("meal-change");
  await expect(line).toBeVisible();
  await expect(line).toContainText("Otis O. changed the meal");
  await expect(line.getByRole("term")).toHaveText("Pickup place");
  await expect(line.locator(".line-through")).toHaveText("By the old fountain");
  await expect(line.getByRole("definition")).toContainText("By the new library");
  await checkRoute(eater, `/request/${request.id}`, async () => {}, true);
});
