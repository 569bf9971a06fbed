/**
 * docs/features/handover.md in the browser: a photo sent in the thread appears for the other side
 * (point 1); at the door, the eater taps "I'm outside" and the cook, with the thread open, sees it
 * arrive live — set apart from typed messages — and is told in a notification of its own; "Running 10
 * minutes late" once the window has started is noted for both (point 2); the cook prints a container
 * label whose QR code opens its public page, which shows the allergens in bold and nothing of the cook
 * (point 3). At 375 px, axe-clean.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test } from "@playwright/test";
import jsQR from "jsqr";
import QRCode from "qrcode";
import sharp from "sharp";
import { chromiumLaunchOptions } from "../../playwright.config";
import { pickupCodeUrl } from "../../src/contract/requests";
import {
  apiPost,
  apiPut,
  checkRoute,
  ELSEWHERE,
  PHONE,
  person,
  pickPhoto,
  postMeal,
  signedInPage,
  toast,
} from "./fixtures";

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
  ).toEqual(["Ella O. is outside"]);

  await eater.getByTestId("quick-replies").getByRole("button", { name: "Running 10 minutes late" }).click();
  await expect(eater.getByTestId("quick-reply").filter({ hasText: "Running 10 minutes late" })).toBeVisible();
  await cook.goto(`/request/${request.id}`);
  await expect(cook.getByTestId("running-late")).toContainText("Running late was said at");
  await eater.reload();
  await expect(eater.getByTestId("running-late")).toBeVisible();
});

test("a photo sent in the thread, with its caption, appears live for the other side", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Pia", "Porch"), { viewport: PHONE });
  const meal = await postMeal(cook, { title: "Porch pasta bake" });
  const eater = await signedInPage(browser, person("Eli", "Lens"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Which door?" });
  await cook.goto(`/request/${request.id}`);
  await expect(cook.getByRole("heading", { name: "Porch pasta bake" })).toBeVisible();

  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "mealshare-door-")), "door.jpg");
  writeFileSync(
    file,
    await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 120, g: 40, b: 40 } } })
      .jpeg()
      .toBuffer(),
  );
  await eater.goto(`/request/${request.id}`);
  await eater.getByRole("textbox", { name: "Message" }).fill("The red door by the bins");
  await pickPhoto(eater, "Add a photo", file);
  await expect(eater.getByTestId("thread-photo")).toBeVisible();
  await expect(eater.getByRole("textbox", { name: "Message" })).toHaveValue("");

  const seen = cook.getByRole("img", { name: "The red door by the bins" });
  await expect(seen).toBeVisible();
  // The browser decoded it: a 400 px copy of the 800 × 600 photo.
  await expect.poll(() => seen.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(400);
});

test("the container label shows Milk in bold and a QR code that opens its public page", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Greta", "Gratin"), { viewport: PHONE });
  const meal = await postMeal(cook, {
    title: "Potato gratin",
    ingredients: "potatoes, cream, cheese, garlic",
    allergens: undefined,
    allergenCodes: ["milk"],
    storage: "chilled",
    pickupLocation: "Flat 9, Gratin Gardens",
  });
  await cook.goto(`/meal/${meal.id}`);
  await cook.getByRole("link", { name: "Print label" }).click();
  const label = cook.getByTestId("container-label");
  await expect(label).toContainText("Potato gratin");
  await expect(label.getByTestId("label-allergens").locator("strong")).toHaveText("Milk");
  await expect(label.getByTestId("label-ingredients").locator("strong")).toHaveText(["cream", "cheese"]);
  await expect(label).toContainText("Made by Greta");

  // The QR code, as a phone's camera would read it.
  const qr = label.getByTestId("label-qr");
  await expect(qr).toBeVisible();
  const { data, info } = await sharp(await qr.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  expect(decoded?.data).toMatch(new RegExp(`^${new URL(cook.url()).origin}/label/[A-Za-z0-9_-]{22}$`));

  // Opened signed out: the food, in bold where it matters, and nothing of the cook or the place.
  const visitorContext = await browser.newContext({ viewport: PHONE });
  const visitor = await visitorContext.newPage();
  await checkRoute(visitor, new URL(decoded?.data ?? "").pathname, async (page) => {
    await expect(page.getByRole("heading", { name: "Potato gratin" })).toBeVisible();
  });
  await expect(visitor.getByTestId("label-allergens").locator("strong")).toHaveText("Milk");
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  for (const personal of ["Greta", "Gratin Gardens", "Flat 9"]) {
    await expect(visitor.getByText(personal)).toHaveCount(0);
  }
  await visitorContext.close();
});

test("the pickup pass shows the code with no connection after a reload, and says it is offline", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Hana", "Handover"), { viewport: PHONE });
  const meal = await postMeal(cook, {
    title: "Offline onion tart",
    pickupDetails: "Back door, knock loudly",
  });
  const eater = await signedInPage(browser, person("Omar", "Offline"), {
    viewport: PHONE,
    serviceWorkers: "allow",
  });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "One please" });
  const accepted = await cook.request.put(`/api/requests/${request.id}/status`, {
    data: { status: "accepted" },
    headers: { origin: new URL(cook.url()).origin },
  });
  expect(accepted.ok()).toBe(true);
  // The service worker controls the page before the pass is shown, so it keeps it.
  await eater.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
  });

  await eater.goto("/requests");
  await eater.getByRole("link", { name: "Pickup pass" }).click();
  const code = (await eater.getByTestId("pass-code").textContent()) ?? "";
  expect(code).toMatch(/^\d{4}$/);
  await expect(eater.getByText("Back door, knock loudly")).toBeVisible();
  await expect(eater.getByRole("img", { name: "QR code of your pickup code" })).toBeVisible();
  await checkRoute(eater, `/pass/${request.id}`, async (page) => {
    await expect(page.getByTestId("pass-code")).toHaveText(code);
  });

  await eater.context().setOffline(true);
  await eater.reload();
  await expect(eater.getByTestId("pass-code")).toHaveText(code);
  await expect(eater.getByText("You are offline: this is the pass kept on this phone.")).toBeVisible();
  await expect(eater.getByTestId("pass-updated")).toContainText("Last updated");
  await eater.context().setOffline(false);

  // Signing out drops the kept pass: the next person on this phone finds none.
  await eater.goto("/");
  await eater.getByRole("button", { name: "Open menu" }).click();
  await eater.getByRole("button", { name: "Logout" }).click();
  await expect(eater.getByRole("button", { name: "Open menu" })).toHaveCount(0);
  await expect
    .poll(() => eater.evaluate(async () => (await caches.keys()).includes("pickup-passes")))
    .toBe(false);
});

/**
 * A Y4M video (what Chromium's fake camera plays) of one frame showing `text` as a QR code, as a
 * phone held up to the cook's camera would.
 */
async function qrVideo(text: string): Promise<string> {
  const [width, height] = [640, 480];
  const qr = await QRCode.toBuffer(text, { margin: 4, width: 360 });
  const { data } = await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite([{ input: qr, gravity: "centre" }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // I420: full-size luma, then quarter-size U and V (BT.601, full range as C420jpeg says).
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      const at = (row * width + column) * 3;
      const [r, g, b] = [data[at], data[at + 1], data[at + 2]];
      y[row * width + column] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && column % 2 === 0) {
        const half = (row / 2) * (width / 2) + column / 2;
        u[half] = Math.max(0, Math.min(255, Math.round(-0.169 * r - 0.331 * g + 0.5 * b + 128)));
        v[half] = Math.max(0, Math.min(255, Math.round(0.5 * r - 0.419 * g - 0.081 * b + 128)));
      }
    }
  }
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "mealshare-camera-")), "qr.y4m");
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), y, u, v]),
  );
  return file;
}

test("the cook scans the eater's pickup QR code with the camera, and the exchange completes", async ({
  browser,
  baseURL,
}) => {
  const eater = await signedInPage(browser, person("Sami", "Scan"), { viewport: PHONE });
  // The cook's phone: a browser whose camera shows the eater's QR code.
  const origin = baseURL ?? "";
  const helper = await signedInPage(browser, person("Cai", "Camera"));
  const meal = await postMeal(helper, { title: "Scanned samosas" });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Two please" });
  const accepted = await helper.request.put(`/api/requests/${request.id}/status`, {
    data: { status: "accepted" },
    headers: { origin },
  });
  expect(accepted.ok()).toBe(true);
  const code = (await (await eater.request.get(`/api/requests/${request.id}`)).json()).pickup.code;
  const cookStorage = await helper.context().storageState();
  const camera = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${await qrVideo(pickupCodeUrl(request.id, code, origin))}`,
    ],
  });
  try {
    const context = await camera.newContext({ baseURL: origin, viewport: PHONE, storageState: cookStorage });
    await context.grantPermissions(["camera"], { origin });
    const cook = await context.newPage();
    await cook.goto(`/request/${request.id}`);
    await cook.getByRole("button", { name: "Scan the code" }).click();
    await expect(toast(cook, "Handed over: the exchange is completed.")).toBeVisible({ timeout: 20_000 });
    expect((await (await eater.request.get(`/api/requests/${request.id}`)).json()).status).toBe("completed");
  } finally {
    await camera.close();
  }
});

test("a cook's right pickup code hours before the window is asked about, then completes", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Eve", "Early"), { viewport: PHONE });
  const start = Date.now() + 8 * 3_600_000;
  const meal = await postMeal(cook, {
    title: "Early-bird empanadas",
    pickupWindowStart: new Date(start).toISOString(),
    pickupWindowEnd: new Date(start + 2 * 3_600_000).toISOString(),
    ...ELSEWHERE,
  });
  const eater = await signedInPage(browser, person("Abe", "Ahead"), { viewport: PHONE });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Tonight please" });
  await apiPut(cook, `/api/requests/${request.id}/status`, { status: "accepted" });
  await eater.goto(`/request/${request.id}`);
  const code = (await eater.getByTestId("pickup-code").textContent()) ?? "";
  await cook.goto(`/request/${request.id}`);
  await cook.getByLabel("Their pickup code").fill(code);
  await cook.getByRole("button", { name: "Confirm handover" }).click();
  const question = cook
    .getByRole("alert")
    .filter({ hasText: "The code is right, but the pickup window starts" });
  await expect(question).toBeVisible();
  await expect(cook.getByText("Accepted", { exact: true }).first()).toBeVisible();
  await question.getByRole("button", { name: "Yes, handed over now" }).click();
  await expect(toast(cook, "Handed over: the exchange is completed.")).toBeVisible();
});
