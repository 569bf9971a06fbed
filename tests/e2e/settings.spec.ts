/**
 * Settings on a phone: a place of its own, how others read a member's name, and the sessions a
 * member tells apart (docs/features/everyday-journey.md; docs/decisions/017).
 */
import { expect, test } from "@playwright/test";
import { appTookOver, checkRoute, PHONE, person, signedInPage, toast } from "./fixtures";

test("Settings is a place: the phone menu opens /settings, which names how others see you, and keyboards skip the header", async ({
  browser,
}) => {
  const member = await signedInPage(browser, person("Sia", "Settings"), { viewport: PHONE });
  await member.goto("/");
  await member.getByRole("button", { name: "Open menu" }).click();
  await member.getByRole("link", { name: "Settings" }).click();
  await expect(member).toHaveURL(/\/settings$/);
  await checkRoute(
    member,
    "/settings",
    async (page) => {
      await expect(page.getByRole("group", { name: "How others see your name" })).toBeVisible();
    },
    true,
  );
  // The old tab's address still leads here.
  await member.goto("/profile?tab=settings");
  await expect(member).toHaveURL(/\/settings$/);
  await appTookOver(member);

  // The first Tab reaches "Skip to content", which moves focus past the header.
  await member.keyboard.press("Tab");
  const skip = member.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await member.keyboard.press("Enter");
  await expect(member.locator("main")).toBeFocused();

  // First name and initial by default; the full name once chosen, said in a toast that leaves the header free.
  await expect(member.getByRole("radio", { name: "Sia S. — first name and initial" })).toBeChecked();
  await member.getByRole("radio", { name: "Sia Settings — full name" }).check();
  await member.getByRole("button", { name: "Save Settings" }).click();
  const saved = toast(member, "Profile updated.");
  await expect(saved).toBeVisible();
  const header = (await member.locator("header, nav").first().boundingBox())!;
  const note = (await saved.boundingBox())!;
  expect(note.y).toBeGreaterThanOrEqual(header.y + header.height);
  await expect(member.getByRole("radio", { name: "Sia Settings — full name" })).toBeChecked();
});

test("Settings tells two sessions of one browser apart by when they began and their network", async ({
  browser,
}) => {
  const member = await signedInPage(browser, person("Dev", "Ices"), { viewport: PHONE });
  await checkRoute(member, "/settings", async (page) => {
    await expect(page.getByText("This device")).toBeVisible();
  });
  // The loopback address's /24, never the address itself.
  await expect(member.getByText(/network 127\.0\.0\.x/)).toBeVisible();
});
