/**
 * docs/features/food-safety.md points 5–6: blocking from a thread, and the public profile the names link
 * to.
 */
import { expect, test } from "@playwright/test";
import { apiPost, person, postMeal, signedInPage, toast } from "./fixtures";

test("a cook blocks an eater from their thread; the eater's next request is refused with a clear message", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Bo", "Blocker"));
  const first = await postMeal(cook, { title: "Lentil soup" });
  const second = await postMeal(cook, { title: "Barley stew" });
  const eater = await signedInPage(browser, person("Ed", "Pest"));
  const request = await apiPost(eater, "/api/requests", { mealId: first.id, message: "Hi!" });

  await cook.goto(`/request/${request.id}`);
  await cook.getByRole("button", { name: "Block user" }).click();
  const confirm = cook.getByRole("alertdialog", { name: "Block Ed P.?" });
  await confirm.getByRole("button", { name: "Block", exact: true }).click();
  await expect(toast(cook, "Ed P. is blocked.")).toBeVisible();
  await expect(cook.getByText("You blocked Ed P.: neither of you can send messages here.")).toBeVisible();

  // The eater no longer sees the cook's meals, and a meal opened by link says why it cannot be
  // requested, as the server decides (the meal's abilities), before any attempt.
  await eater.goto("/community");
  await expect(eater.getByTestId("meal-card").filter({ hasText: "Barley stew" })).toHaveCount(0);
  await eater.goto(`/meal/${second.id}`);
  await expect(
    eater.getByText("You can't request this meal because one of you has blocked the other."),
  ).toBeVisible();
  await expect(eater.getByRole("button", { name: "Request Meal" })).toBeDisabled();

  // Settings lists the block; Unblock lifts it.
  await cook.goto("/settings");
  const blocked = cook.getByRole("listitem").filter({ hasText: "Ed P." });
  await blocked.getByRole("button", { name: "Unblock" }).click();
  await expect(toast(cook, "Ed P. is unblocked.")).toBeVisible();
  await expect(cook.getByText("You have not blocked anyone.")).toBeVisible();
});

test("the cook's name on a meal opens their public profile with meals and reviews", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Pam", "Public"));
  await postMeal(cook, { title: "Profile pie" });
  const viewer = await signedInPage(browser, person("Vic", "Viewer"));
  await viewer.goto("/community");
  await viewer
    .getByTestId("meal-card")
    .filter({ hasText: "Profile pie" })
    .getByRole("link", { name: "Request: Profile pie" })
    .click();
  await viewer.getByRole("link", { name: "Pam P." }).click();
  await expect(viewer).toHaveURL(/\/user\/[0-9a-f-]+$/);
  await expect(viewer.getByRole("heading", { name: "Pam P." })).toBeVisible();
  await expect(viewer.getByTestId("meal-card").filter({ hasText: "Profile pie" })).toBeVisible();
  await expect(viewer.getByText("No reviews yet").first()).toBeVisible();
});
