/**
 * Card payments in the browser (docs/decisions/022), on the e2e server with payment settings and its
 * local Stripe: a cook connects Stripe from Settings, a neighbour on a 375 px phone pays for a meal
 * with the 3-D Secure test card through Stripe's form, reads "Paid, held until pickup", and "Paid" once
 * the cook has entered the pickup code, then "Refunded" when the cook refunds the sale. axe runs on the
 * payment pages.
 */
import { expect, test } from "@playwright/test";
import { CARD_BASE_URL } from "../../playwright.config";
import {
  apiPost,
  apiPut,
  appTookOver,
  becomeRegisteredCook,
  checkRoute,
  ELSEWHERE,
  PHONE,
  person,
  postMeal,
  setHomeArea,
  signedInPage,
} from "./fixtures";

test("a neighbour pays by card with 3-D Secure at 375 px: held until pickup, then paid", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const cook = await signedInPage(browser, person("Tom", "Cardcook"), {
    baseURL: CARD_BASE_URL,
    viewport: PHONE,
  });
  await becomeRegisteredCook(cook, browser);

  // Settings → Connect with Stripe → Stripe's onboarding (the local one) → back in Settings.
  await cook.goto("/settings");
  await cook.getByRole("button", { name: "Connect with Stripe" }).click();
  await expect(cook.getByRole("heading", { name: "Stripe Express (local)" })).toBeVisible();
  await cook.getByRole("button", { name: "Finish onboarding" }).click();
  await expect(cook).toHaveURL(/\/settings\?payments=done/);
  await expect(cook.getByTestId("card-payments-on")).toBeVisible();

  const meal = await postMeal(cook, {
    title: "Lamb tagine",
    kind: "paid",
    priceCents: 450,
    paymentWays: "card",
  });
  const eater = await signedInPage(browser, person("Aisha", "Cardeater"), {
    baseURL: CARD_BASE_URL,
    viewport: PHONE,
  });
  await eater.goto(`/meal/${meal.id}`);
  await expect(eater.getByTestId("pay-at-pickup").first()).toContainText("by card in the app once Tom");
  await eater.getByRole("button", { name: /Request Meal/ }).click();
  await eater.getByRole("button", { name: "I Understand" }).click();
  await expect(eater.getByRole("link", { name: "View request" })).toBeVisible();
  const requestId = (await eater.getByRole("link", { name: "View request" }).getAttribute("href"))!
    .split("/")
    .pop()!;

  await apiPut(cook, `/api/requests/${requestId}/status`, { status: "accepted" });
  await eater.goto(`/request/${requestId}`);
  await expect(eater.getByTestId("payment-status")).toHaveText("Waiting for payment");
  await eater.getByRole("link", { name: "Pay $4.50 by card" }).click();

  const card = eater.frameLocator('iframe[title="Secure card payment input frame"]');
  await expect(card.getByLabel("Card number")).toBeVisible();
  await checkRoute(eater, `/request/${requestId}/pay`, async () => {}, true);
  await card.getByLabel("Card number").fill("4000 0027 6000 3184");
  await card.getByLabel("Expiry date").fill("12 / 34");
  await card.getByLabel("Security code").fill("123");
  await eater.getByRole("button", { name: "Pay $4.50" }).click();
  await eater
    .frameLocator('iframe[title="3D Secure authentication"]')
    .getByRole("button", { name: "Complete authentication" })
    .click();

  await expect(eater).toHaveURL(new RegExp(`/request/${requestId}$`));
  await expect(eater.getByTestId("payment-status")).toHaveText("Paid, held until pickup");
  await checkRoute(eater, `/request/${requestId}`, async () => {}, true);

  const { pickup } = await (await eater.request.get(`/api/requests/${requestId}`)).json();
  await apiPost(cook, `/api/requests/${requestId}/pickup-code`, { code: pickup.code });
  await expect(eater.getByTestId("payment-status")).toHaveText("Paid");
  await expect(cook.getByTestId("payment-status")).toHaveCount(0);
  await cook.goto(`/request/${requestId}`);
  await appTookOver(cook);
  await expect(cook.getByTestId("payment-status")).toHaveText("Paid");
  // The cook refunds the sale, saying so once; both read it.
  await cook.getByRole("button", { name: "Refund $4.50" }).click();
  await cook.getByRole("alertdialog").getByRole("button", { name: "Refund $4.50" }).click();
  await expect(cook.getByTestId("payment-status")).toHaveText("Refunded");
  await expect(eater.getByTestId("payment-status")).toHaveText("Refunded");
});

test("a paid meal says plainly that the cook is paid at pickup, on its card, its page and the request form", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Pam", "Paidcook"), { viewport: PHONE });
  await becomeRegisteredCook(cook, browser);
  await setHomeArea(cook);
  const meal = await postMeal(cook, {
    title: "Cash-at-pickup korma",
    kind: "paid",
    priceCents: 450,
    ...ELSEWHERE,
  });
  const eater = await signedInPage(browser, person("Ed", "Eats"), { viewport: PHONE });
  await setHomeArea(eater);

  await checkRoute(eater, "/marketplace", async (page) => {
    const card = page.getByTestId("meal-card").filter({ hasText: "Cash-at-pickup korma" });
    await expect(card.getByText("Paid at pickup")).toBeVisible();
  });
  await checkRoute(eater, `/meal/${meal.id}`, async (page) => {
    await expect(page.getByTestId("pay-at-pickup")).toHaveText(
      "Pay Pam P. $4.50 at pickup, in cash or as you agree.",
    );
  });
  // The cook's own card is theirs: no heart, no distance from themselves.
  await checkRoute(cook, "/marketplace", async (page) => {
    const card = page.getByTestId("meal-card").filter({ hasText: "Cash-at-pickup korma" });
    await expect(card.getByText("Your meal")).toBeVisible();
    await expect(card.getByRole("button", { name: /^Save / })).toHaveCount(0);
  });
});
