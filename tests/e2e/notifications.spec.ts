/**
 * docs/features/notifications.md points 2-4 in the browser: the "Turn on notifications" offer comes
 * after the first request, never on first load; Settings → Notifications keeps each category's channels;
 * an email's unsubscribe link works for someone who is not signed in.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { chromiumLaunchOptions, E2E_DATA_DIR } from "../../playwright.config";
import { unsubscribeToken } from "../../src/server/features/notifications/unsubscribe";
import { person, postMeal, signedInPage, toast } from "./fixtures";

// The full browser: Chromium's headless shell, which the other specs run in, has no permission
// prompt, so a site's notification permission starts out "denied" there instead of "ask".
test.use({ launchOptions: chromiumLaunchOptions });

test("the offer to turn on notifications comes after the first request, not on first load", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Noor", "Notify"));
  const meal = await postMeal(cook, { title: "Prompted pasta" });
  const eater = await signedInPage(browser, person("Pia", "Prompt"));
  const offer = eater.getByRole("region", { name: "Turn on notifications" });
  await expect(eater.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(offer).toHaveCount(0);

  await eater.goto(`/meal/${meal.id}`);
  await eater.getByRole("button", { name: "Request Meal" }).click();
  await eater.getByRole("button", { name: "I Understand" }).click();
  await expect(toast(eater, "Request sent!")).toBeVisible();
  await expect(offer).toBeVisible();
  await expect(offer.getByRole("button", { name: "Turn on notifications" })).toBeVisible();
  await offer.getByRole("button", { name: "Not now" }).click();
  await expect(offer).toHaveCount(0);

  // Asked once on this device: the next request does not ask again.
  const second = await postMeal(cook, { title: "Second soup" });
  await eater.goto(`/meal/${second.id}`);
  await eater.getByRole("button", { name: "Request Meal" }).click();
  await expect(toast(eater, "Request sent!")).toBeVisible();
  await expect(offer).toHaveCount(0);
});

test("Settings → Notifications keeps each category's push and email, and the newsletter", async ({
  browser,
}) => {
  const page = await signedInPage(browser, person("Sia", "Settings"));
  await page.goto("/settings");
  const table = page.getByRole("table", { name: "Notifications" });
  await expect(table.getByRole("checkbox", { name: "Requests in the app (always on)" })).toBeDisabled();
  const messagesByEmail = table.getByRole("checkbox", { name: "Messages by email" });
  await expect(messagesByEmail).toBeChecked();
  await messagesByEmail.click();
  await expect(messagesByEmail).not.toBeChecked();
  await table.getByRole("checkbox", { name: "Newsletter by email" }).click();
  // Push on this device needs a push service this machine cannot reach; the state is said.
  await expect(page.getByTestId("device-push")).toHaveText(/Push notifications are off for this device\./);

  await page.reload();
  await expect(table.getByRole("checkbox", { name: "Messages by email" })).not.toBeChecked();
  await expect(table.getByRole("checkbox", { name: "Reviews by email" })).toBeChecked();
  await expect(table.getByRole("checkbox", { name: "Newsletter by email" })).toBeChecked();
});

test("an email's unsubscribe link works for a visitor who is not signed in", async ({ browser }) => {
  const member = await signedInPage(browser, person("Uma", "Unsub"));
  const { id } = await (await member.request.get("/api/auth/user")).json();
  // The link an email would carry, signed with the e2e server's secret.
  const secret = readFileSync(path.join(E2E_DATA_DIR, ".session-secret"), "utf8").trim();
  const link = `/unsubscribe?token=${unsubscribeToken(secret, id, "reminders")}`;

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link);
  await expect(visitor.getByText(/Stop pickup reminders emails to u•••@example\.test\?/)).toBeVisible();
  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitor.getByRole("status")).toHaveText(
    /You no longer get pickup reminders emails at u•••@example\.test\./,
  );
  await visitor.goto("/unsubscribe?token=forged.token");
  await expect(visitor.getByRole("alert")).toHaveText(/This unsubscribe link is not valid\./);

  await member.goto("/settings");
  const table = member.getByRole("table", { name: "Notifications" });
  await expect(table.getByRole("checkbox", { name: "Pickup reminders by email" })).not.toBeChecked();
  await expect(table.getByRole("checkbox", { name: "Pickup reminders by push" })).toBeChecked();
});
