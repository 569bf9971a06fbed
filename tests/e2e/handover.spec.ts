/**
 * docs/features/handover.md point 2 in the browser: at the door, the eater taps "I'm outside" and the
 * cook, with the thread open, sees it arrive live — set apart from typed messages — and is told in
 * a notification of its own; "Running 10 minutes late" once the window has started is noted for both.
 * At 375 px, axe-clean.
 */
import { expect, test } from "@playwright/test";
import { apiPost, checkRoute, PHONE, person, postMeal, signedInPage } from "./fixtures";

test("'I'm outside' reaches the cook live, and 'Running 10 minutes late' is noted for both", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Cora", "Doorstep"), { viewport: PHONE });
  const started = Date.now() - 10 * 60_000;
  const meal = await postMeal(cook, {
    title: "Doorstep dumplings",
    pickupWindowStart: new Date(started).toISOString(),
    pickupWindowEnd: new Date(started + 2 * 3_600_000).toISOString(),
  });
  const eater = await signedInPage(browser, person("Ella", "Outside"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Can I come now?" });
  const accepted = await cook.request.put(`/api/requests/${request.id}/status`, {
    data: { status: "accepted" },
    headers: { origin: new URL(cook.url()).origin },
  });
  expect(accepted.ok()).toBe(true);

  await cook.goto(`/request/${request.id}`);
  await expect(cook.getByRole("heading", { name: "Doorstep dumplings" })).toBeVisible();
  await checkRoute(eater, `/request/${request.id}`, async (page) => {
    await expect(
      page.getByTestId("quick-replies").getByRole("button", { name: "I'm outside" }),
    ).toBeVisible();
  });
  await eater.getByTestId("quick-replies").getByRole("button", { name: "I'm outside" }).click();

  // Live on the cook's open thread, set apart from typed messages.
  await expect(cook.getByTestId("quick-reply").filter({ hasText: "I'm outside" })).toBeVisible();
  // Told in one notification of its own (push and email follow the member's Messages settings).
  const notifications = await (await cook.request.get("/api/notifications")).json();
  expect(
    notifications
      .filter((notification: { type: string }) => notification.type === "pickup_update")
      .map((notification: { text: string }) => notification.text),
  ).toEqual(["Ella Outside is outside"]);

  await eater.getByTestId("quick-replies").getByRole("button", { name: "Running 10 minutes late" }).click();
  await expect(eater.getByTestId("quick-reply").filter({ hasText: "Running 10 minutes late" })).toBeVisible();
  await cook.goto(`/request/${request.id}`);
  await expect(cook.getByTestId("running-late")).toContainText("Running late was said at");
  await eater.reload();
  await expect(eater.getByTestId("running-late")).toBeVisible();
});
