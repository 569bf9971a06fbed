/** docs/features/food-safety.md point 4: becoming a registered cook, and selling once approved. */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  admin,
  becomeRegisteredCook,
  CERTIFICATE_PDF,
  checkRoute,
  ELSEWHERE,
  fillFoodSafety,
  PHONE,
  person,
  postMeal,
  setHomeArea,
  signedInPage,
  toast,
} from "./fixtures";

test("a neighbour applies with a PDF, the admin approves, and they sell a meal shown as by a Registered Cook", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Rita", "Rendang"));
  // Selling first: the form says who may, with the way to become one.
  await cook.goto("/meals/new?kind=paid");
  await expect(cook.getByTestId("cook-only-notice")).toContainText("Only registered cooks can sell meals.");
  await cook.getByRole("link", { name: "Apply to become one." }).click();
  await expect(cook.getByRole("heading", { name: "Become a Registered Cook" })).toBeVisible();

  const pdf = path.join(mkdtempSync(path.join(os.tmpdir(), "mealshare-cert-")), "hygiene-certificate.pdf");
  writeFileSync(pdf, CERTIFICATE_PDF);
  await cook.getByLabel("Kitchen or business name").fill("Rita's Kitchen");
  await cook.getByLabel("Food business registration number").fill("FBR-2026-0042");
  await cook.getByLabel("Registration authority (e.g. your council)").fill("Camden Council");
  await cook.getByLabel("Food hygiene certificate level").fill("Level 2 Food Hygiene");
  await cook.getByLabel("Certificate issuer").fill("Highfield");
  await cook.getByLabel("Certificate expiry date").fill("2099-06-30");
  await cook.getByLabel(/Certificate or registration document/).setInputFiles(pdf);
  await cook.getByRole("button", { name: "Send application" }).click();
  await expect(cook.getByText("Confirm the declaration to apply")).toBeVisible();
  await cook.getByLabel(/I declare that these details are true/).check();
  await cook.getByRole("button", { name: "Send application" }).click();
  await expect(toast(cook, "Application sent")).toBeVisible();
  await expect(cook.getByRole("heading", { name: "Application received" })).toBeVisible();

  const boss = await signedInPage(browser, admin());
  await boss.goto("/admin");
  await boss.getByRole("tab", { name: /Cook applications \(\d+ pending\)/ }).click();
  const row = boss
    .getByTestId("cook-applications")
    .getByRole("listitem")
    .filter({ hasText: "Rita's Kitchen" });
  // The document opens for the admin.
  const href = await row.getByRole("link", { name: "View document" }).getAttribute("href");
  const document = await boss.request.get(href!);
  expect(document.headers()["content-type"]).toBe("application/pdf");
  // …and not for another member.
  const stranger = await signedInPage(browser, person("Sid", "Stranger"));
  expect((await stranger.request.get(href!)).status()).toBe(404);
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(toast(boss, "Application approved")).toBeVisible();

  // The cook is told, and now sells.
  await cook.goto("/");
  await cook.getByRole("button", { name: /Notifications/ }).click();
  await expect(cook.getByText(/Your application was approved/)).toBeVisible();
  await setHomeArea(cook);
  await cook.goto("/meals/new?kind=paid");
  await expect(cook.getByTestId("cook-only-notice")).toHaveCount(0);
  await cook.getByLabel("Title").fill("Beef rendang");
  await cook.getByLabel("Description").fill("Slow-cooked for six hours.");
  await cook.getByLabel("Price ($)").fill("9.00");
  await cook.getByLabel("Portions").fill("2");
  await cook.getByLabel("Ingredients").fill("beef, coconut, lemongrass, rice");
  await cook.getByLabel("Pickup location").fill("7 Ash Road");
  await fillFoodSafety(cook);
  await cook.getByRole("button", { name: "Create Meal" }).click();
  await expect(toast(cook, "Meal created!")).toBeVisible();

  await stranger.goto("/marketplace");
  const card = stranger.getByTestId("meal-card").filter({ hasText: "Beef rendang" });
  await expect(card.getByText("Registered Cook")).toBeVisible();
});

test("words that agree: one name for a cook, renewal only when due, the role a poster has, a bad link, a searched place's own name", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Rhea", "Registered"), { viewport: PHONE });
  await becomeRegisteredCook(cook, browser);
  await cook.goto("/profile");
  await expect(cook.getByText("Registered Cook", { exact: true })).toBeVisible();
  await expect(cook.getByText("Verified Cook")).toHaveCount(0);
  // Approved today with a certificate valid for years: nothing to renew yet.
  await expect(cook.getByRole("link", { name: "Renew your cook registration" })).toHaveCount(0);
  await expect(cook.getByRole("button", { name: "Eater" })).toHaveAttribute("aria-pressed", "true");
  await checkRoute(cook, "/profile", async () => {}, true);
  // Posting a meal is feeding: the switch says so.
  await postMeal(cook, { title: "Borscht for the switch", ...ELSEWHERE });
  await cook.reload();
  await expect(cook.getByRole("button", { name: "Feeder" })).toHaveAttribute("aria-pressed", "true");

  // A link that cannot name a meal is simply not found, with no Retry that could never work.
  await cook.goto("/meal/abc");
  await expect(cook.getByRole("heading", { name: "Meal not found" })).toBeVisible();
  await expect(cook.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await checkRoute(cook, "/meal/abc", async () => {}, true);

  // The home area keeps the name searched for; Save is on the phone's screen.
  await cook.goto("/settings");
  await cook.getByRole("button", { name: "Set home area" }).first().click();
  const dialog = cook.getByRole("dialog", { name: "Your home area" });
  await dialog.getByLabel("Search for a place or address").fill("Rue Oberkampf");
  await dialog.getByRole("button", { name: "Search", exact: true }).click();
  await dialog.getByRole("button", { name: "Rue Oberkampf, Paris, France" }).click();
  await expect(dialog.getByText("Home area set to Rue Oberkampf, Paris.")).toBeVisible();
  const save = dialog.getByRole("button", { name: "Save home area" });
  await expect(save).toBeInViewport();
  await checkRoute(cook, "/settings (home area dialog)", async () => {}, true);
  await save.click();
  await expect(toast(cook, "Home area saved")).toBeVisible();
  await expect(cook.getByText("Rue Oberkampf, Paris").first()).toBeVisible();
});
