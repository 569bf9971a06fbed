/**
 * docs/features/everyday-journey.md "Not interested", on a phone (375 px): a member takes a
 * meal out of their lists from its card (Undo in the toast puts it back), then all of a cook's meals,
 * and shows them again in Settings; axe finds nothing on the changed pages.
 */
import { expect, test } from "@playwright/test";
import { checkRoute, ELSEWHERE, PHONE, person, postMeal, signedInPage, toast } from "./fixtures";

test("a member hides a meal and then a cook's meals from their list, and shows them again in Settings", async ({
  browser,
}) => {
  const word = `Quince${Date.now() % 100000}`;
  const cook = await signedInPage(browser, person("Nora", "Noodle"));
  const other = await signedInPage(browser, person("Otis", "Oven"));
  await postMeal(cook, { title: `${word} soup`, ...ELSEWHERE });
  await postMeal(cook, { title: `${word} pie`, ...ELSEWHERE });
  await postMeal(other, { title: `${word} stew`, ...ELSEWHERE });
  const member = await signedInPage(browser, person("Mia", "Mind"), { viewport: PHONE });
  const list = `/community?area=all&q=${word}`;
  const titles = member.getByTestId("meal-card").getByRole("heading", { level: 3 });
  const card = (title: string) => member.getByTestId("meal-card").filter({ hasText: title });

  await checkRoute(member, list, async (page) => {
    await expect(page.getByTestId("meal-card")).toHaveCount(3);
  });
  await card(`${word} stew`)
    .getByRole("button", { name: `More for ${word} stew` })
    .click();
  await member.getByRole("menuitem", { name: "Not interested in this meal" }).click();
  await expect(toast(member, "This meal is hidden from your lists.")).toBeVisible();
  await expect(titles).toHaveText(
    [`${word} pie`, `${word} soup`].map((t) => new RegExp(t)),
    {
      useInnerText: true,
    },
  );
  // Undo puts it back at once; the server agrees after a reload.
  await member.getByRole("button", { name: "Undo" }).click();
  await expect(card(`${word} stew`)).toBeVisible();
  await member.reload();
  await expect(member.getByTestId("meal-card")).toHaveCount(3);

  // All of Nora's meals, by the menu of one of them; they stay hidden after a reload.
  await card(`${word} soup`)
    .getByRole("button", { name: `More for ${word} soup` })
    .click();
  await member.getByRole("menuitem", { name: "Hide meals from Nora" }).click();
  await expect(toast(member, "Nora's meals are hidden from your lists.")).toBeVisible();
  await expect(member.getByTestId("meal-card")).toHaveCount(1);
  await member.reload();
  await expect(member.getByTestId("meal-card")).toHaveCount(1);
  await expect(card(`${word} stew`)).toBeVisible();
  // Nora's neighbours still see all three.
  await other.goto(list);
  await expect(other.getByTestId("meal-card")).toHaveCount(3);

  await checkRoute(member, "/settings", async (page) => {
    await expect(page.getByTestId("hidden-from-lists")).toContainText("Meals from Nora N.");
  });
  await member.getByRole("button", { name: "Show again: Meals from Nora N." }).click();
  await expect(member.getByTestId("hidden-from-lists")).toHaveCount(0);
  await expect(member.getByText(/^Nothing\. "Not interested"/)).toBeVisible();
  await member.goto(list);
  await expect(member.getByTestId("meal-card")).toHaveCount(3);
});
