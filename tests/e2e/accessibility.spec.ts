/**
 * Every route of both route sets (spec §2) at phone width (375 px): no serious or critical axe-core
 * violation, no horizontal scrolling, and every image with an alt attribute.
 */
import { expect, type Page, test } from "@playwright/test";
import { admin, apiPost, checkRoute, PHONE, person, postMeal, signedInPage } from "./fixtures";

/**
 * Tabs through the page from the top: every stop must show a focus indicator (an outline or a
 * ring drawn as box-shadow). Returns how many distinct controls were reached.
 */
async function checkFocusRings(page: Page, maxStops = 60): Promise<string[]> {
  await page.locator("body").focus();
  const reached: string[] = [];
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const visible = style.outlineStyle !== "none" && style.outlineWidth !== "0px";
      return {
        name: `${el.tagName.toLowerCase()}:${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30)}`,
        ring: visible || style.boxShadow !== "none",
      };
    });
    if (!stop || reached.includes(stop.name)) break;
    expect(stop.ring, `focus ring on ${stop.name}`).toBe(true);
    reached.push(stop.name);
  }
  return reached;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name, level: 1 }).first()).toBeVisible();
};

test("signed-out routes pass axe and fit a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const routes: [string, (page: Page) => Promise<void>][] = [
    ["/", heading("Share Food, Build Community")],
    ["/about", heading("About MealShare")],
    ["/how-it-works", heading("How It Works")],
    ["/safety", heading("Safety")],
    ["/help", heading("Help Center")],
    // docs/features/languages-currency-impact.md: the impact page is public, with its figures and their
    // sources.
    [
      "/impact",
      async (p) => {
        await heading("Our Impact")(p);
        await expect(p.getByText("portions picked up")).toBeVisible();
      },
    ],
    ["/community", heading("Sign in to continue")],
    ["/no-such-page", heading("404 Page Not Found")],
    // docs/features/notifications.md: an email's unsubscribe link, opened without signing in.
    [
      "/unsubscribe?token=not.valid",
      async (p) => {
        await heading("Email preferences")(p);
        await expect(p.getByRole("alert")).toBeVisible();
      },
    ],
  ];
  for (const [path, ready] of routes) await checkRoute(page, path, ready);

  await page.goto("/");
  await heading("Share Food, Build Community")(page);
  const stops = await checkFocusRings(page);
  expect(stops).toEqual(expect.arrayContaining(["a:Sign In", "a:Sign Up", "button:Subscribe"]));
});

test("signed-in routes pass axe and fit a phone", async ({ browser }) => {
  // Sixteen pages, each analysed by axe: longer than one journey.
  test.setTimeout(180_000);
  const cook = await signedInPage(browser, person("Axel", "Cook"));
  const meal = await postMeal(cook, { title: "Accessible apple pie" });
  const eater = await signedInPage(browser, person("Ari", "Eater"));
  const request = await apiPost(eater, "/api/requests", {
    mealId: meal.id,
    message: "Could I pick up at 5?",
  });
  await apiPost(eater, `/api/requests/${request.id}/messages`, { body: "Thanks in advance!" });
  const report = await apiPost(cook, "/api/reports", {
    targetType: "other",
    targetId: "support",
    reason: "Test report",
  });

  const adminPage = await signedInPage(browser, admin());
  await adminPage.setViewportSize(PHONE);
  await eater.setViewportSize(PHONE);

  const routes: [string, (page: Page) => Promise<void>][] = [
    ["/", heading(/What's cooking/)],
    ["/community", heading("Community Meals")],
    ["/marketplace", heading("Marketplace")],
    [`/meal/${meal.id}`, heading("Accessible apple pie")],
    ["/meals/new", heading("Create New Meal")],
    ["/requests", heading("Requests")],
    [`/request/${request.id}`, async (p) => expect(p.getByText("Thanks in advance!")).toBeVisible()],
    ["/profile", heading(/Ari/)],
    ["/events", heading("Community Events")],
    ["/reviews", heading("Pending Reviews")],
    ["/about", heading("About MealShare")],
    ["/how-it-works", heading("How It Works")],
    ["/safety", heading("Safety")],
    ["/help", heading("Help Center")],
    ["/no-such-page", heading("404 Page Not Found")],
    // docs/features/food-safety.md's pages: a public profile, and the registered-cook application.
    [`/user/${meal.owner.id}`, heading("Axel C.")],
    ["/become-a-cook", heading("Become a Registered Cook")],
    // docs/features/notifications.md: Settings with Notifications (a table of checkboxes) and the
    // calendar feed.
    ["/settings", async (p) => expect(p.getByRole("table", { name: "Notifications" })).toBeVisible()],
  ];
  for (const [path, ready] of routes) await checkRoute(eater, path, ready);

  await eater.goto(`/meal/${meal.id}`);
  await heading("Accessible apple pie")(eater);
  const stops = await checkFocusRings(eater);
  // The eater has a request open for this meal: the page links to it.
  expect(stops).toEqual(expect.arrayContaining(["button:Report this meal", "a:View request"]));

  await checkRoute(adminPage, "/admin", heading("Admin Dashboard"));
  await adminPage.getByRole("tab", { name: /Cook applications/ }).click();
  await checkRoute(
    adminPage,
    "/admin#cooks",
    (p) => expect(p.getByText("Pending cook applications")).toBeVisible(),
    true,
  );
  await adminPage.getByRole("tab", { name: "Tools & Export" }).click();
  await checkRoute(
    adminPage,
    "/admin#tools",
    (p) => expect(p.getByRole("button", { name: "Add Event" })).toBeVisible(),
    true,
  );

  // Leave the shared server's report list as it was.
  const origin = new URL(adminPage.url()).origin;
  await adminPage.request.put(`/api/admin/reports/${report.id}/resolve`, { headers: { origin } });
});
