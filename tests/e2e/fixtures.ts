/**
 * Playwright helpers: people sign in through the real bundled identity provider, each in a
 * browser context of their own.
 */
import type { Browser, Page } from "@playwright/test";
import { expect } from "@playwright/test";

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

let counter = 0;
/** A person with an email no other test uses. */
export function person(firstName: string, lastName: string): Person {
  counter += 1;
  return { email: `${firstName.toLowerCase()}.${Date.now()}.${counter}@example.test`, firstName, lastName };
}

/** Signs `who` in through the dev provider's sign-in page and waits for the signed-in home. */
export async function signIn(page: Page, who: Person) {
  await page.goto("/api/login");
  await expect(page).toHaveTitle("Sign in");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("First name").fill(who.firstName);
  await page.getByLabel("Last name").fill(who.lastName);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

/** A fresh browser context with `who` signed in. */
export async function signedInPage(browser: Browser, who: Person) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

/** The visible toast with this title (Radix also announces it in a live region, hence exact). */
export const toast = (page: Page, title: string) => page.getByText(title, { exact: true });
