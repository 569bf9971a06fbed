import { expect, test } from "@playwright/test";
import {
  becomeRegisteredCook,
  fillFoodSafety,
  person,
  setHomeArea,
  signedInPage,
  signInThroughForm,
  toast,
} from "./fixtures";

test("a cook posts a paid meal, a neighbour finds it by allergen and requests it past the safety notice, the cook sees it", async ({
  browser,
}) => {
  // The cook signs in through the provider's page in the browser; the rest of the specs skip its
  // rendering (fixtures.ts `signIn`).
  const cook = await (await browser.newContext()).newPage();
  await signInThroughForm(cook, person("Cara", "Cook"));
  // Only registered cooks sell (docs/features/food-safety.md).
  await becomeRegisteredCook(cook, browser);
  await setHomeArea(cook);
  await cook.reload();

  // The cook creates a paid meal through the form.
  await cook.getByRole("link", { name: "Add Meal" }).click();
  await expect(cook.getByRole("heading", { name: "Create New Meal" })).toBeVisible();
  await cook.getByLabel("Title").fill("Spicy peanut noodles");
  await cook.getByLabel("Description").fill("Wok-fried noodles with a peanut sauce.");
  await cook.getByLabel("Marketplace (paid)").check();
  await cook.getByLabel("Price ($)").fill("7.50");
  await cook.getByLabel("Portions").fill("2");
  await cook.getByLabel("Ingredients").fill("noodles, peanuts, soy sauce, sesame oil, spring onion");
  await fillFoodSafety(cook, ["Peanuts", "Soybeans", "Sesame"]);
  await cook.getByLabel("Pickup location").fill("14 Rowan Close, side door");
  await cook.getByRole("button", { name: "Create Meal" }).click();
  await expect(toast(cook, "Meal created!")).toBeVisible();
  // Onto the new meal's own page, as neighbours will see it.
  await expect(cook).toHaveURL(/\/meal\/[0-9a-f-]{36}$/);
  await expect(cook.getByRole("heading", { level: 1, name: "Spicy peanut noodles" })).toBeVisible();

  const mine = await (await cook.request.get("/api/meals/my/all")).json();
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ title: "Spicy peanut noodles", kind: "paid", priceCents: 750 });

  // A neighbour finds it on the marketplace by searching an allergen.
  const eater = await signedInPage(browser, person("Eli", "Eater"));
  await eater.getByRole("link", { name: "Marketplace" }).first().click();
  await eater.getByLabel("Search marketplace meals").fill("SESAME");
  const card = eater.getByTestId("meal-card").filter({ hasText: "Spicy peanut noodles" });
  await expect(card).toBeVisible();
  await expect(card.getByText("$7.50")).toBeVisible();
  await eater.getByLabel("Search marketplace meals").fill("no such allergen");
  await expect(eater.getByText("No meals found")).toBeVisible();
  await eater.getByLabel("Search marketplace meals").fill("sesame");
  await card.getByRole("link", { name: /Buy Now/ }).click();
  await expect(eater.getByRole("heading", { name: "Spicy peanut noodles" })).toBeVisible();

  // The safety notice gates the first request: Cancel sends nothing.
  const requestButton = eater.getByRole("button", { name: "Request Meal ($7.50)" });
  await requestButton.click();
  const notice = eater.getByRole("alertdialog", { name: "Safety Notice" });
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: "Cancel" }).click();
  await expect(notice).toBeHidden();
  expect(await (await eater.request.get("/api/requests?type=outgoing")).json()).toEqual([]);

  // I Understand sends it.
  await eater.getByLabel("Message to the cook").fill("Could I pick up at 6?");
  await requestButton.click();
  await notice.getByRole("button", { name: "I Understand" }).click();
  await expect(toast(eater, "Request sent!")).toBeVisible();
  // The page now links to the request instead of offering a second one (docs/features/everyday-journey.md).
  await expect(eater.getByRole("heading", { name: "Request sent" })).toBeVisible();
  await expect(eater.getByLabel("Message to the cook")).toHaveCount(0);
  const sent = await (await eater.request.get("/api/requests?type=outgoing")).json();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ status: "pending", message: "Could I pick up at 6?" });

  // The cook sees it under Incoming, with the unread badge on Requests.
  await cook.goto("/requests");
  await expect(cook.getByRole("link", { name: /Requests/ }).getByTestId("unread-badge")).toHaveText(/1/);
  await expect(cook.getByRole("tab", { name: "Incoming (1)" })).toBeVisible();
  const incoming = cook.getByTestId("request-card").filter({ hasText: "Spicy peanut noodles" });
  await expect(incoming).toBeVisible();
  await expect(incoming.getByText("Could I pick up at 6?")).toBeVisible();
  await expect(incoming.getByText("Pending")).toBeVisible();
});
