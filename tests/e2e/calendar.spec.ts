/**
 * docs/features/notifications.md point 6: an accepted pickup goes into the eater's calendar as a real
 * .ics event.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { apiPost, apiPut, appTookOver, PHONE, person, postMeal, signedInPage } from "./fixtures";

test("Add to calendar on an accepted request downloads an .ics with the pickup window and place", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Cal", "Endar"));
  // Calendar events are to the minute.
  const minute = (hours: number) => new Date(Math.ceil((Date.now() + hours * 3_600_000) / 60_000) * 60_000);
  const meal = await postMeal(cook, {
    title: "Calendar curry",
    pickupLocation: "9 Birch Row, back gate",
    pickupWindowStart: minute(1).toISOString(),
    pickupWindowEnd: minute(3).toISOString(),
  });
  const eater = await signedInPage(browser, person("Ivy", "Invite"));
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Tonight?" });
  const origin = new URL(cook.url()).origin;
  const accepted = await cook.request.put(`/api/requests/${request.id}/status`, {
    data: { status: "accepted" },
    headers: { origin },
  });
  expect(accepted.ok()).toBe(true);

  await eater.goto(`/request/${request.id}`);
  // The thread opens at its newest message and stays there while the page settles, until the member
  // scrolls (docs/features/everyday-journey.md): as a member does, scroll up to the pickup details
  // once the app has taken the page over (the server drew it first: docs/decisions/019).
  await appTookOver(eater);
  await eater.mouse.wheel(0, -400);
  const download = eater.waitForEvent("download");
  await eater.getByRole("link", { name: "Add to calendar" }).click();
  const file = await (await download).path();
  const calendar = new ICAL.Component(ICAL.parse(readFileSync(file, "utf8")));
  const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
  expect(events).toHaveLength(1);
  expect(events[0].summary).toBe("Pickup: Calendar curry");
  expect(events[0].location).toBe("9 Birch Row, back gate");
  expect(events[0].startDate.toJSDate().toISOString()).toBe(new Date(meal.pickupWindowStart).toISOString());
  expect(events[0].endDate.toJSDate().toISOString()).toBe(new Date(meal.pickupWindowEnd).toISOString());
});

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
