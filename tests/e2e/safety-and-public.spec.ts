import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import {
  admin,
  apiPost,
  checkRoute,
  ELSEWHERE,
  PHONE,
  person,
  postMeal,
  signedInPage,
  toast,
} from "./fixtures";

test("a neighbour reports a meal through the reason dialog; the admin resolves it", async ({ browser }) => {
  const cook = await signedInPage(browser, person("Rita", "Cook"));
  const meal = await postMeal(cook, { title: "Suspicious stew" });
  const neighbour = await signedInPage(browser, person("Nina", "Neighbour"));
  await neighbour.goto(`/meal/${meal.id}`);
  await expect(neighbour.getByRole("heading", { name: "Suspicious stew" })).toBeVisible();
  const report = neighbour.getByRole("button", { name: "Report this meal" });

  // A cancelled dialog and an empty reason send nothing.
  const dialog = neighbour.getByRole("alertdialog", { name: "Report this meal" });
  const reason = dialog.getByLabel("Please describe the reason for reporting this meal:");
  await report.click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await report.click();
  await reason.fill("   ");
  await dialog.getByRole("button", { name: "Report", exact: true }).click();
  await expect(dialog.getByText("Please give a reason.")).toBeVisible();
  // This attempt's own words: a retry's report must not be mistaken for the one before it.
  const sour = `It smelled sour when I opened it (${meal.id.slice(0, 8)})`;
  await reason.fill(sour);
  await dialog.getByRole("button", { name: "Report", exact: true }).click();
  await expect(toast(neighbour, "Report submitted")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The admin sees one more open report, resolves it, and it moves to Resolved Reports. (Other
  // tests share this server and may have filed reports of their own.)
  const adminPage = await signedInPage(browser, admin());
  const { openReports } = await (await adminPage.request.get("/api/admin/stats")).json();
  await adminPage.goto("/admin");
  await expect(adminPage.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(adminPage.getByRole("tab", { name: `Reports (${openReports} open)` })).toBeVisible();
  const row = adminPage.getByTestId("open-reports").getByRole("row").filter({ hasText: sour });
  await expect(row.getByText(`meal ${meal.id.slice(0, 8)}`)).toBeVisible();
  // When it was made, as the browser's region writes a date and time (en-US: "Nov 27, 2026, 5:00 PM").
  await expect(row.getByText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/)).toBeVisible();
  await expect(adminPage.getByTestId("resolved-reports").getByText(sour)).toHaveCount(0);

  // From the row the admin can open the meal and take it down.
  await row.getByRole("link", { name: `meal ${meal.id.slice(0, 8)}` }).click();
  await adminPage.getByRole("button", { name: "Deactivate" }).click();
  await expect(toast(adminPage, "Meal updated.")).toBeVisible();
  await expect(adminPage.getByText("Inactive")).toBeVisible();
  await adminPage.goBack();

  await row.getByRole("button", { name: "Resolve" }).click();
  await expect(toast(adminPage, "Report resolved")).toBeVisible();
  await expect(adminPage.getByRole("tab", { name: `Reports (${openReports - 1} open)` })).toBeVisible();
  await expect(adminPage.getByTestId("open-reports").getByText(sour)).toHaveCount(0);
  if (openReports === 1) await expect(adminPage.getByText("No open reports")).toBeVisible();
  const resolved = adminPage.getByTestId("resolved-reports").getByRole("row").filter({ hasText: sour });
  await expect(resolved.getByText("Resolved")).toBeVisible();
});

test("a newsletter subscription from the landing page is in the admin's mailing-list.csv once confirmed", async ({
  browser,
}) => {
  // A visitor's address waits for its owner to confirm the emailed link (tests/api/exchange-edges.test.ts).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/");
  const typed = `news.${Date.now()}@example.test`;
  await visitor.getByLabel("Get neighbourhood news").fill(typed);
  await visitor.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    visitor.getByRole("status").filter({ hasText: "Confirm it with the link we emailed you" }),
  ).toBeVisible();
  // A member's own address is theirs to subscribe at once.
  const who = person("Nia", "News");
  const member = await signedInPage(browser, who);
  const email = who.email;
  expect(await apiPost(member, "/api/newsletter", { email })).toEqual({
    subscribed: true,
    confirmByEmail: false,
  });

  const adminPage = await signedInPage(browser, admin());
  await adminPage.goto("/admin");
  await adminPage.getByRole("tab", { name: "Tools & Export" }).click();
  await expect(adminPage.getByText("Export all subscriber emails as a CSV file")).toBeVisible();
  await expect(adminPage.getByRole("button", { name: "Coming Soon" })).toHaveCount(2);
  const [download] = await Promise.all([
    adminPage.waitForEvent("download"),
    adminPage.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("mailing-list.csv");
  const csv = readFileSync((await download.path()) as string, "utf8");
  expect(csv.split("\r\n")[0]).toBe("email,source,subscribed_at");
  expect(csv).toContain(`${email.toLowerCase()},profile,`);
  expect(csv).not.toContain(typed);
  await expect(toast(adminPage, "Export complete")).toBeVisible();
});

test("a member who is not an admin is turned away from /admin", async ({ browser }) => {
  const member = await signedInPage(browser, person("Max", "Member"));
  await expect(member.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
  await member.goto("/admin");
  await expect(toast(member, "Access Denied")).toBeVisible();
  await expect(
    member.getByText("You don't have permission to access this page.", { exact: true }),
  ).toBeVisible();
  await expect(member).toHaveURL(/\/$/);
  expect((await member.request.get("/api/admin/reports")).status()).toBe(403);
});

test("the Help search narrows the FAQs, one opens at a time, and events show for members", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/help");
  await expect(page.getByRole("heading", { name: "Help Center" })).toBeVisible();
  const faqs = page.getByTestId("faq");
  const all = await faqs.count();
  expect(all).toBeGreaterThan(8);
  await page.getByLabel("Search help articles").fill("PAYMENT");
  await expect(faqs).not.toHaveCount(all);
  await expect(page.getByRole("button", { name: "How do payments for paid meals work?" })).toBeVisible();
  const narrowed = await faqs.count();
  expect(narrowed).toBeGreaterThan(0);
  // The answer text matches too: "bank transfer" appears only in answers.
  await page.getByLabel("Search help articles").fill("bank transfer");
  await expect(page.getByRole("button", { name: "How do payments for paid meals work?" })).toBeVisible();
  await page.getByLabel("Search help articles").fill("zebra crossing");
  await expect(page.getByText('No questions match "zebra crossing"')).toBeVisible();
  await page.getByLabel("Search help articles").fill("");
  await expect(faqs).toHaveCount(all);

  const first = page.getByRole("button", { name: "How do I join MealShare?" });
  const second = page.getByRole("button", { name: "How do I share a meal?" });
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await second.focus();
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");

  // Events: the admin adds one in the Tools tab; a member sees it under Upcoming with its RSVP link.
  const adminPage = await signedInPage(browser, admin());
  await adminPage.goto("/admin");
  await adminPage.getByRole("tab", { name: "Tools & Export" }).click();
  await adminPage.getByLabel("Event title").fill("Street potluck");
  await adminPage.getByLabel("Event description").fill("Bring a dish to share; tables provided.");
  await adminPage.getByLabel("Starts at").fill("2099-06-01T18:00");
  await adminPage.getByLabel("Location (optional)").fill("Maple Street green");
  await adminPage.getByLabel("RSVP link (optional)").fill("https://example.org/potluck");
  await adminPage.getByRole("button", { name: "Add Event" }).click();
  await expect(toast(adminPage, "Event created.")).toBeVisible();

  const member = await signedInPage(browser, person("Eve", "Events"));
  await member.getByRole("link", { name: "Events" }).first().click();
  const upcoming = member.getByRole("region", { name: "Upcoming Events" });
  const card = upcoming.getByTestId("event-card").filter({ hasText: "Street potluck" });
  await expect(card.getByText("Maple Street green")).toBeVisible();
  const rsvp = card.getByRole("link", { name: /RSVP/ });
  await expect(rsvp).toHaveAttribute("target", "_blank");
  await expect(rsvp).toHaveAttribute("rel", /noopener/);
});

test("Logout in the profile menu signs out with a POST; a link to /api/logout only asks", async ({
  browser,
}) => {
  const member = await signedInPage(browser, person("Lou", "Gout"));
  // Another site's link lands on a page that asks; the session survives it.
  await member.goto("/api/logout");
  await expect(member.getByRole("button", { name: "Sign out" })).toBeVisible();
  expect((await member.request.get("/api/auth/user")).status()).toBe(200);

  await member.goto("/");
  await member.getByRole("button", { name: "Open profile menu" }).click();
  await member.getByRole("menuitem", { name: "Logout" }).click();
  await expect(member).toHaveURL(/\/$/);
  expect((await member.request.get("/api/auth/user")).status()).toBe(401);
});

test("an admin suspends a reported user from the report; their session ends at once", async ({ browser }) => {
  const troll = await signedInPage(browser, person("Tro", "Ll"));
  const trollId = (await (await troll.request.get("/api/auth/user")).json()).id;
  const neighbour = await signedInPage(browser, person("Nell", "Reporter"));
  await apiPost(neighbour, "/api/reports", {
    targetType: "user",
    targetId: trollId,
    reason: "Rude messages",
  });

  const adminPage = await signedInPage(browser, admin());
  await adminPage.goto("/admin");
  const row = adminPage.getByTestId("open-reports").getByRole("row").filter({ hasText: "Rude messages" });
  await row.getByRole("button", { name: "Suspend user" }).click();
  const suspend = adminPage.getByRole("alertdialog", { name: "Suspend user" });
  await suspend.getByLabel("Why is this account suspended? (required)").fill("Repeated rude messages");
  await suspend.getByRole("button", { name: "Suspend user" }).click();
  await expect(toast(adminPage, "User suspended")).toBeVisible();
  expect((await troll.request.get("/api/auth/user")).status()).toBe(401);
});

test("a shared meal link opened signed out shows the app's header, the meal's title and photo, and Sign in — nothing of where", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Sasha", "Shares"));
  const meal = await postMeal(cook, {
    title: "Shared shakshuka",
    pickupLocation: "Backyard of 7 Quiet Lane",
    pickupDetails: "Ring twice, 2nd floor",
    ...ELSEWHERE,
  });
  const context = await browser.newContext({ viewport: PHONE });
  const visitor = await context.newPage();
  await visitor.goto(`/meal/${meal.id}`);
  await expect(visitor.getByRole("banner").getByRole("link", { name: /MealShare/ })).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 1, name: "Shared shakshuka" })).toBeVisible();
  await expect(visitor.getByRole("article").getByRole("img")).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
  await expect(visitor.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute(
    "href",
    `/api/login?returnTo=${encodeURIComponent(`/meal/${meal.id}`)}`,
  );
  await checkRoute(visitor, "/meal/:id (signed out)", async () => {}, true);
  const text = await visitor.locator("body").textContent();
  expect(text).not.toMatch(/Quiet Lane|Ring twice|Sasha|Shares/);
  await context.close();
});

test("the footer's copyright is this year's", async ({ browser }) => {
  const visitor = await browser.newPage();
  await visitor.goto("/about");
  await expect(
    visitor.getByText(`© ${new Date().getFullYear()} MealShare. All rights reserved.`),
  ).toBeVisible();
  await visitor.close();
});
