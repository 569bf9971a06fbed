/**
 * docs/features/groups.md in the browser: a cook starts a group for their building, copies its invite
 * link, a neighbour joins by it accepting the rules, the cook shares a meal with the group only, and the
 * member finds it in the group and in their list while someone outside does not; another group takes
 * members by application with questions, and its owner approves one. At 375 px, axe-clean.
 */
import { expect, test } from "@playwright/test";
import {
  apiPost,
  checkRoute,
  fillFoodSafety,
  PHONE,
  person,
  setHomeArea,
  signedInPage,
  toast,
} from "./fixtures";

/** Tallinn: no other test keeps meals or home areas here. */
const TALLINN = { latitude: 59.437, longitude: 24.754 };

test("a group by invite link: the neighbour joins accepting the rules and sees the meal shared with the group only", async ({
  browser,
}) => {
  // Three members' browsers and five axe checks: 21–38 s alone, past 60 s beside another worker's
  // test on two cores (a full run on this machine).
  test.setTimeout(120_000);
  const cook = await signedInPage(browser, person("Greta", "Group"), { viewport: PHONE });
  await setHomeArea(cook, TALLINN);
  await checkRoute(cook, "/groups", async (page) => {
    await expect(page.getByRole("heading", { name: "Groups", level: 1 })).toBeVisible();
    await expect(page.getByText("You are not in a group yet.")).toBeVisible();
  });
  await cook.getByRole("link", { name: "Start a group" }).click();
  await cook.getByLabel("Name").fill("Maple House");
  await cook.getByLabel("Description").fill("The flats at 12 Maple Street");
  await cook.getByLabel("Welcome message for new members").fill("Hello neighbour! The bins are in the yard.");
  await cook.getByLabel("Rules").fill("Label allergens. Bring containers back within a week.");
  await cook.getByLabel("Who can find the group?").selectOption("hidden");
  await cook.getByLabel("How do people join?").selectOption("invite");
  await cook.getByRole("button", { name: "Create group" }).click();
  await expect(cook.getByRole("heading", { name: "Maple House", level: 1 })).toBeVisible();
  const groupUrl = cook.url();

  // The invite link, shown once, with its QR code; copied from its box.
  await cook.getByRole("tab", { name: "Invite" }).click();
  await cook.getByLabel("The link lasts").selectOption("7");
  await cook.getByRole("button", { name: "Make an invite link" }).click();
  const link = await cook.getByTestId("invite-url").inputValue();
  expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{32}$/);
  await expect(cook.getByTestId("invite-qr")).toBeVisible();
  await checkRoute(cook, groupUrl, async () => {}, true);

  // A neighbour opens it, reads the rules, accepts them and joins.
  const neighbour = await signedInPage(browser, person("Nils", "Neighbour"), { viewport: PHONE });
  await setHomeArea(neighbour, TALLINN);
  const outsider = await signedInPage(browser, person("Otto", "Outside"));
  await setHomeArea(outsider, TALLINN);
  await checkRoute(neighbour, new URL(link).pathname, async (page) => {
    await expect(page.getByRole("heading", { name: "Maple House" })).toBeVisible();
    await expect(page.getByTestId("group-rules")).toHaveText(
      "Label allergens. Bring containers back within a week.",
    );
  });
  const join = neighbour.getByRole("button", { name: "Join group" });
  await expect(join).toBeDisabled();
  await neighbour.getByLabel("I have read the rules and accept them").check();
  await join.click();
  await expect(toast(neighbour, "Welcome to Maple House!")).toBeVisible();
  await expect(neighbour.getByText("Hello neighbour! The bins are in the yard.")).toBeVisible();
  // The hidden group is nobody else's business.
  await outsider.goto(groupUrl);
  await expect(outsider.getByText("Group not found")).toBeVisible();

  // The cook shares a meal with the group only, through the form.
  await cook.goto(groupUrl);
  await cook.getByRole("link", { name: "Share a meal with the group" }).click();
  await cook.getByLabel("Title").fill("Rhubarb pie");
  await cook.getByLabel("Description").fill("Half a pie, still warm.");
  await cook.getByLabel("Portions").fill("3");
  await cook.getByLabel("Ingredients").fill("rhubarb, flour, butter, sugar");
  await cook.getByLabel("Pickup location").fill("Maple Street hall");
  await fillFoodSafety(cook, ["Cereals containing gluten", "Milk"]);
  await expect(cook.getByRole("radio", { name: "Only a group" })).toBeChecked();
  await expect(cook.getByLabel("Group", { exact: true })).toHaveValue(groupUrl.split("/").pop()!);
  await cook.getByRole("button", { name: "Create Meal" }).click();
  await expect(toast(cook, "Meal created!")).toBeVisible();

  // The member sees it in the group and in the list, marked with the group; the outsider nowhere.
  await neighbour.goto(groupUrl);
  const inGroup = neighbour.getByTestId("meal-card").filter({ hasText: "Rhubarb pie" });
  await expect(inGroup).toBeVisible();
  await expect(inGroup.getByTestId("group-mark")).toHaveText(/Only for Maple House/);
  await checkRoute(neighbour, "/community", async (page) => {
    await expect(page.getByTestId("meal-card").filter({ hasText: "Rhubarb pie" })).toBeVisible();
  });
  await outsider.goto("/community");
  await expect(outsider.getByRole("heading", { name: "Community", level: 1 })).toBeVisible();
  await expect(outsider.getByTestId("meal-card").filter({ hasText: "Rhubarb pie" })).toHaveCount(0);
  const mealHref = await inGroup.getByRole("link", { name: /Request/ }).getAttribute("href");
  await outsider.goto(mealHref!);
  await expect(outsider.getByText("Meal not found")).toBeVisible();
});

test("a group by application: a neighbour answers its questions, the owner approves with a message", async ({
  browser,
}) => {
  const owner = await signedInPage(browser, person("Olga", "Owner"), { viewport: PHONE });
  // A name of this run's own: the search below finds every earlier run's group too.
  const name = `Elm Primary parents ${Date.now().toString(36)}`;
  const group = await apiPost(owner, "/api/groups", {
    name,
    description: "Parents of Elm Primary School",
    rules: "Kids' lunches only on weekdays.",
    joinRule: "application",
    questions: ["Which class is your child in?"],
  });

  const parent = await signedInPage(browser, person("Pia", "Parent"), { viewport: PHONE });
  await parent.goto("/groups");
  await parent.getByLabel("Search groups").fill("elm prim");
  await parent.getByRole("button", { name: "Search" }).click();
  await parent.getByRole("link", { name }).click();
  await checkRoute(
    parent,
    `/groups/${group.id}`,
    async (page) => {
      await expect(page.getByRole("heading", { name: "Apply to join" })).toBeVisible();
    },
    true,
  );
  await parent.getByLabel("Which class is your child in?").fill("3B");
  await parent.getByLabel("I have read the rules and accept them").check();
  await parent.getByRole("button", { name: "Send application" }).click();
  await expect(toast(parent, "Application sent")).toBeVisible();
  await expect(parent.getByText("Your application is waiting for an answer.")).toBeVisible();

  await owner.goto(`/groups/${group.id}`);
  await owner.getByRole("tab", { name: /Applications/ }).click();
  const application = owner.getByRole("list", { name: "Applications" }).getByRole("listitem");
  await expect(application.getByText("Which class is your child in?")).toBeVisible();
  await expect(application.getByText("3B", { exact: true })).toBeVisible();
  await checkRoute(owner, `/groups/${group.id}`, async () => {}, true);
  await application.getByLabel("Message to Pia P. (optional)").fill("Welcome, see you at the gate");
  await application.getByRole("button", { name: "Approve" }).click();
  await expect(owner.getByText("No applications waiting")).toBeVisible();

  await parent.reload();
  await expect(parent.getByRole("tab", { name: "Members" })).toBeVisible();
  await parent.getByRole("tab", { name: "Members" }).click();
  const members = parent.getByRole("list", { name: "Members" });
  await expect(members.getByRole("listitem")).toHaveCount(2);
  await expect(members.getByRole("listitem").filter({ hasText: "Pia P." })).toContainText("Newcomer");
  // The decision reached the parent, message and all.
  const notifications = await (await parent.request.get("/api/notifications")).json();
  expect(notifications.map((notification: { text: string }) => notification.text)).toContain(
    `Welcome to ${name}: your application was approved. Welcome, see you at the gate`,
  );
});

test("a newcomer is told what Newcomer means, on the group's page and in its members list", async ({
  browser,
}) => {
  const owner = await signedInPage(browser, person("Gus", "Group"), { viewport: PHONE });
  const group = await apiPost(owner, "/api/groups", {
    name: "Newcomer-explaining street",
    description: "Our street",
    rules: "Be kind.",
    joinRule: "open",
  });
  const newcomer = await signedInPage(browser, person("Nia", "New"), { viewport: PHONE });
  await apiPost(newcomer, `/api/groups/${group.id}/join`, { rulesVersion: group.rulesVersion });
  await newcomer.goto(`/groups/${group.id}`);
  await expect(newcomer.getByTestId("newcomer-note")).toHaveText(
    "You are a newcomer here until your first pickup in this group, or until a moderator makes you a member.",
  );
  await owner.goto(`/groups/${group.id}`);
  await owner.getByRole("tab", { name: /Members/ }).click();
  await expect(owner.getByText("Newcomer: joined, with no pickup in this group yet.")).toBeVisible();
  await checkRoute(newcomer, `/groups/${group.id}`, async () => {}, true);
});

test("the group form offers no hidden group by application, its example question reads as an example, and a fixed error goes", async ({
  browser,
}) => {
  const owner = await signedInPage(browser, person("Flora", "Form"), { viewport: PHONE });
  await owner.goto("/groups/new");
  const join = owner.getByLabel("How do people join?");
  await join.selectOption("application");
  await expect(owner.getByLabel("Questions, one per line")).toHaveAttribute(
    "placeholder",
    "For example: Which flat do you live in?",
  );
  // Hiding the group takes "by application" away rather than refusing it on saving.
  await owner.getByLabel("Who can find the group?").selectOption("hidden");
  await expect(join).toHaveValue("invite");
  await expect(join.locator("option[value=application]")).toBeDisabled();

  const group = await apiPost(owner, "/api/groups", {
    name: "Error-clearing close",
    description: "A close",
    rules: "Be kind.",
    joinRule: "open",
  });
  await owner.goto(`/groups/${group.id}`);
  await owner.getByRole("tab", { name: "Settings" }).click();
  await owner.getByLabel("How do people join?").selectOption("email_domain");
  await owner.getByRole("button", { name: "Save changes" }).click();
  const domain = owner.getByLabel("Email domain");
  await expect(domain).toHaveAccessibleDescription("Enter the email domain members must have");
  await domain.fill("close.example");
  await owner.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(owner, "Group saved")).toBeVisible();
  await expect(domain).not.toHaveAccessibleDescription("Enter the email domain members must have");
  await checkRoute(owner, `/groups/${group.id}`, async () => {}, true);
});
