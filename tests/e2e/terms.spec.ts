/**
 * docs/features/exchange.md "Terms agreed are kept": the cook moves an accepted pickup; the eater's
 * thread shows what changed, old → new, live, and asks; giving it up ends the request on nobody's
 * record.
 */
import { expect, test } from "@playwright/test";
import { apiPost, person, postMeal, signedInPage } from "./fixtures";

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
