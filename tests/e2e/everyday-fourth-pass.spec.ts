/**
 * docs/features/everyday-journey.md "Fourth pass": each point a member met on a phone, at 375 px, with
 * axe on every page it touches (`checkRoute`).
 */
import { expect, test } from "@playwright/test";
import { apiPost, apiPut, PHONE, person, postMeal, signedInPage } from "./fixtures";

test("Add to calendar downloads on the first tap, pressed the moment the server-drawn page shows it", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Hydra", "Cook"), { viewport: PHONE });
  const meal = await postMeal(cook, { title: "First-tap falafel" });
  const eater = await signedInPage(browser, person("Quick", "Tapper"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Tonight please" });
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "accepted" });

  for (let load = 0; load < 3; load += 1) {
    const download = eater.waitForEvent("download", { timeout: 15_000 });
    await eater.goto(`/request/${request.id}`, { waitUntil: "commit" });
    // Pressed as soon as it shows: on the server's drawing, before or while the app takes it over
    // (forced: the drawing's root says aria-disabled until then, which Playwright would wait out).
    const link = eater.getByRole("link", { name: "Add to calendar" });
    await link.waitFor();
    await link.click({ force: true });
    expect((await download).suggestedFilename()).toBe("mealshare-pickup.ics");
  }
});
