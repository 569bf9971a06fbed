import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import {
  apiPost,
  apiPut,
  checkRoute,
  ELSEWHERE,
  fillFoodSafety,
  PHONE,
  person,
  pickPhoto,
  postMeal,
  setHomeArea,
  signedInPage,
  toast,
} from "./fixtures";

/** A real JPEG photo on disk, as a phone would pick it. */
async function photoFile(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "mealshare-photo-")), "dinner.jpg");
  const jpeg = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 180, g: 90, b: 30 } },
  })
    .jpeg()
    .toBuffer();
  writeFileSync(file, jpeg);
  return file;
}

/** Picks `file` from the photo button; it uploads by itself in the uploader's window. */
async function uploadThroughModal(page: Page, file: string) {
  await pickPhoto(page, "Upload Photo", file);
}

async function setStatus(page: Page, requestId: string, status: string) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.put(`/api/requests/${requestId}/status`, {
    data: { status },
    headers: { origin },
  });
  expect(response.ok()).toBe(true);
}

test("a meal photo uploaded through the Uppy modal shows on the card", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Pia", "Photo"));
  await setHomeArea(cook);
  await cook.goto("/meals/new");
  await expect(cook.getByRole("heading", { name: "Create New Meal" })).toBeVisible();

  // The button opens the device's picker at once; the upload's window shows only once a photo is picked.
  const chooser = cook.waitForEvent("filechooser");
  await cook.getByRole("button", { name: "Upload Photo" }).click();
  await chooser;
  const dashboard = cook.getByRole("dialog");
  await expect(dashboard).toHaveCount(0);

  await uploadThroughModal(cook, await photoFile());
  await expect(toast(cook, "Photo uploaded.")).toBeVisible();
  await expect(dashboard).toBeHidden();
  await expect(cook.getByTestId("meal-photo-preview")).toHaveAttribute(
    "src",
    /\/objects\/photos\/[0-9a-f-]+-400\.webp$/,
  );

  await cook.getByLabel("Title").fill("Photogenic pumpkin soup");
  await cook.getByLabel("Description").fill("Roasted pumpkin, ginger and coconut.");
  await cook.getByLabel("Portions").fill("2");
  await cook.getByLabel("Ingredients").fill("pumpkin, ginger, coconut milk, onion");
  await cook.getByLabel("Pickup location").fill("5 Cedar Row");
  await fillFoodSafety(cook);
  await cook.getByRole("button", { name: "Create Meal" }).click();
  await expect(toast(cook, "Meal created!")).toBeVisible();

  await cook.goto("/community");
  const card = cook.getByTestId("meal-card").filter({ hasText: "Photogenic pumpkin soup" });
  const image = card.getByRole("img", { name: "Photogenic pumpkin soup" });
  await expect(image).toHaveAttribute("src", /\/objects\/photos\/[0-9a-f-]+-400\.webp$/);
  await expect(image).toHaveAttribute("srcset", /-400\.webp 400w, .*\.webp 1600w/);
  // The browser really loaded it.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("a photo upload paused mid-way resumes to a fresh upload URL and completes", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Pablo", "Pause"));
  // Hold the first PUT in flight, as a slow phone connection would, until the cook pauses it.
  const putUrls: string[] = [];
  let firstHeld: (() => void) | undefined;
  const firstPutSeen = new Promise<void>((resolve) => {
    firstHeld = resolve;
  });
  await cook.route("**/api/uploads/*", async (route) => {
    putUrls.push(route.request().url());
    if (putUrls.length === 1) {
      firstHeld?.();
      return; // never answered: pausing aborts it
    }
    await route.continue();
  });

  await cook.goto("/meals/new");
  await uploadThroughModal(cook, await photoFile());
  await firstPutSeen;

  await cook.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(cook.getByRole("button", { name: "Resume", exact: true })).toBeVisible();
  await cook.getByRole("button", { name: "Resume", exact: true }).click();

  await expect(toast(cook, "Photo uploaded.")).toBeVisible();
  await expect(cook.getByTestId("meal-photo-preview")).toHaveAttribute("src", /-400\.webp$/);
  expect(putUrls).toHaveLength(2);
  expect(putUrls[1]).not.toBe(putUrls[0]);
});

test("a 12 MB, 4000 × 3000 phone photo is made smaller in the browser and stored at most 1600 px wide", async ({
  browser,
}) => {
  // Noise does not compress: a camera-sized JPEG of at least 12 MB.
  const big = path.join(mkdtempSync(path.join(os.tmpdir(), "mealshare-big-")), "IMG_4000.jpg");
  const raw = randomBytes(4000 * 3000 * 3);
  const jpeg = await sharp(raw, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 78, chromaSubsampling: "4:4:4" })
    .toBuffer();
  expect(jpeg.length).toBeGreaterThanOrEqual(12 * 1024 * 1024);
  writeFileSync(big, jpeg);

  const cook = await signedInPage(browser, person("Bea", "Bigphoto"));
  await cook.goto("/meals/new");
  await uploadThroughModal(cook, big);
  await expect(toast(cook, "Photo uploaded.")).toBeVisible({ timeout: 30_000 });
  const preview = cook.getByTestId("meal-photo-preview");
  await expect(preview).toHaveAttribute("src", /\/objects\/photos\/[0-9a-f-]+-400\.webp$/);
  const full = (await preview.getAttribute("src"))!.replace("-400.webp", ".webp");
  const stored = await sharp(Buffer.from(await (await cook.request.get(full)).body())).metadata();
  expect(stored.width).toBeLessThanOrEqual(1600);
});

test("a text file renamed .jpg is refused after upload with the spec's error toast", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Fay", "Fake"));
  const fake = path.join(mkdtempSync(path.join(os.tmpdir(), "mealshare-fake-")), "lasagne.jpg");
  writeFileSync(fake, "this is a shopping list, not a photo\n".repeat(50));

  await cook.goto("/meals/new");
  await uploadThroughModal(cook, fake);

  await expect(toast(cook, "Failed to process uploaded photo. Please try again.")).toBeVisible();
  await expect(toast(cook, "Photo uploaded.")).toHaveCount(0);
  // One clear error, not beside a success tick (docs/features/everyday-journey.md).
  await expect(cook.getByText("Upload complete")).toHaveCount(0);
  await expect(cook.locator(".uppy-Dashboard-Item.is-error")).toHaveCount(1);
  await cook.keyboard.press("Escape");
  await expect(cook.getByTestId("meal-photo-preview")).toHaveAttribute("src", "/meal-placeholder.svg");
  await expect(cook.getByRole("button", { name: "Upload Photo" })).toBeVisible();
});

test("both parties review after a completed exchange, and the cook's stars show on the card", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Cora", "Stars"));
  const meal = await apiPost(cook, "/api/meals", {
    title: "Five-star dumplings",
    description: "Pork and chive dumplings.",
    kind: "free",
    priceCents: null,
    portionSize: 4,
    ingredients: "flour, pork, chives",
    allergens: "gluten",
    pickupLocation: "9 Elm Court",
    pickupWindowStart: new Date(Date.now() + 3_600_000).toISOString(),
    pickupWindowEnd: new Date(Date.now() + 7_200_000).toISOString(),
    deliveryAvailable: false,
  });
  const eater = await signedInPage(browser, person("Eddie", "Eater"));
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Yes please" });
  await setStatus(cook, request.id, "accepted");
  // Both sides say the pickup happened (docs/features/households.md point 4).
  await setStatus(eater, request.id, "completed");
  await setStatus(cook, request.id, "completed");

  // The eater has the cook's public profile open before reviewing (loaded, so cached)...
  const cookId = (await (await cook.request.get("/api/auth/user")).json()).id;
  await eater.goto(`/user/${cookId}`);
  const profile = eater.getByRole("main");
  await expect(profile.getByText("No reviews yet").first()).toBeVisible();

  // The eater reviews the cook (moving inside the app, so nothing is loaded afresh by itself).
  await eater.evaluate(() => window.history.pushState(null, "", "/reviews"));
  await expect(eater.getByRole("heading", { name: "Pending Reviews" })).toBeVisible();
  await expect(eater.getByText("1 review pending")).toBeVisible();
  const card = eater.getByTestId("pending-review").filter({ hasText: "Five-star dumplings" });
  await expect(card.getByText("Review for Cora Stars")).toBeVisible();
  await expect(card.getByText("As Eater")).toBeVisible();
  const submit = card.getByRole("button", { name: "Submit Review" });
  await expect(card.getByText("Click stars to rate")).toBeVisible();
  await expect(submit).toBeDisabled();
  // Stars are radios: keyboard operable, each labelled.
  await card.getByRole("radio", { name: /^1 star/ }).focus();
  await eater.keyboard.press("ArrowRight");
  await eater.keyboard.press("ArrowRight");
  await eater.keyboard.press("ArrowRight");
  await expect(card.getByRole("radio", { name: "4 stars: Very Good" })).toBeChecked();
  await expect(card.getByText("Very Good")).toBeVisible();
  await card.getByLabel("Your review").fill("Too short");
  await submit.click();
  await expect(card.getByText("Review must be at least 10 characters")).toBeVisible();
  await card.getByLabel("Your review").fill("Juicy dumplings and a friendly pickup.");
  await submit.click();
  await expect(toast(eater, "Review submitted")).toBeVisible();
  await expect(eater.getByText("No pending reviews")).toBeVisible();
  await expect(eater.getByText("0 reviews pending")).toBeVisible();
  // ...and back on it, the rating and the review shown are the new ones.
  await eater.goBack();
  await expect(eater).toHaveURL(new RegExp(`/user/${cookId}$`));
  await expect(profile.getByRole("img", { name: "Rated 4.0 out of 5" }).first()).toBeVisible();
  await expect(profile.getByText("Juicy dumplings and a friendly pickup.")).toBeVisible();
  await expect(profile.getByText("No reviews yet")).toHaveCount(0);

  // The cook reviews the eater.
  await cook.goto("/reviews");
  const cookCard = cook.getByTestId("pending-review").filter({ hasText: "Review for Eddie Eater" });
  await expect(cookCard.getByText("As Feeder")).toBeVisible();
  // The form and the guidelines speak to the one who shared, not to an eater.
  await expect(cookCard.getByLabel("Your review")).toHaveAttribute(
    "placeholder",
    "How did the pickup go: on time, friendly, as agreed?",
  );
  await expect(cook.getByText("Respect the other person: judge the pickup, not the person.")).toBeVisible();
  await expect(cook.getByText("Respect the cook: they shared their time and their kitchen.")).toHaveCount(0);
  await cookCard.getByRole("radio", { name: "5 stars: Excellent" }).check({ force: true });
  await cookCard.getByLabel("Your review").fill("Friendly and right on time.");
  await cookCard.getByRole("button", { name: "Submit Review" }).click();
  await expect(toast(cook, "Review submitted")).toBeVisible();
  await expect(cook.getByText("No pending reviews")).toBeVisible();

  // The cook's 4 stars show on the meal card, and with the count on the detail's cook block.
  await eater.goto("/community");
  const mealCard = eater.getByTestId("meal-card").filter({ hasText: "Five-star dumplings" });
  await expect(mealCard.getByRole("img", { name: "Rated 4.0 out of 5" })).toBeVisible();
  await mealCard.getByRole("link").first().click();
  await expect(eater.getByRole("heading", { name: "Five-star dumplings", level: 1 })).toBeVisible();
  // Once, beside the cook's name: the meal itself was not reviewed.
  await expect(eater.getByText("(1 review)")).toHaveCount(1);
});

test("the profile role toggle switches to feeder mode", async ({ browser }) => {
  const page = await signedInPage(browser, person("Rory", "Role"));
  await page.goto("/profile");
  const feeder = page.getByRole("button", { name: "Feeder" });
  await expect(feeder).toHaveAttribute("aria-pressed", "false");
  await feeder.click();
  await expect(toast(page, "Switched to feeder mode successfully.")).toBeVisible();
  await expect(feeder).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "Feeder" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByLabel("Bio").fill("I make too much soup.");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page, "Profile updated.")).toBeVisible();
});

test("on a phone the stars say tap, and stars alone are a review", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Rita", "Rated"), { viewport: PHONE });
  const meal = await postMeal(cook, { title: "Tap-rated tagine", ...ELSEWHERE });
  const eater = await signedInPage(browser, person("Sam", "Stars"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Yes please" });
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "accepted" });
  await apiPut(eater, `/api/requests/${request.id}/status`, { status: "completed" });
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "completed" });
  await eater.goto("/reviews");
  const card = eater.getByTestId("pending-review").filter({ hasText: "Tap-rated tagine" });
  await expect(card.getByText("Tap a star to rate")).toBeVisible();
  await expect(card.getByText("Click stars to rate")).toHaveCount(0);
  await expect(card.getByLabel("Your review (optional)")).toBeVisible();
  await card
    .locator("label")
    .filter({ has: eater.getByRole("radio", { name: /^5 stars/ }) })
    .click();
  await card.getByRole("button", { name: "Submit Review" }).click();
  await expect(toast(eater, "Review submitted")).toBeVisible();
  await checkRoute(eater, "/reviews", async () => {}, true);
});
