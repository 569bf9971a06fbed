/**
 * docs/features/exchange.md "Nothing lost": a message written while a thread opens — after the page's
 * first answer, before its live stream is subscribed — is shown without a reload. The stream's
 * request is held here until the other side has written, so the gap the probe of bench/thread-gap.ts
 * hits by chance is hit every time. The second test holds a page's first read of its notifications
 * instead: a request is made after that read and heard of (the stream's `ready`) before it answers.
 */
import { expect, type Page, type Route, test } from "@playwright/test";
import { apiPost, holdRequests, person, postMeal, signedInPage } from "./fixtures";

/** Holds the page's live stream until the returned function is called. */
const holdStream = (page: Page) => holdRequests(page, "**/api/stream");

test("a message and a status written while the thread opens are shown once the stream is up", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Gia", "Gap"));
  const eater = await signedInPage(browser, person("Hal", "Hungry"));
  const meal = await postMeal(cook, { title: "Barley stew" });
  const request = await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Hello!" });

  const release = await holdStream(eater);
  await eater.goto(`/request/${request.id}`);
  await expect(eater.getByText("Hello!")).toBeVisible();
  await expect(eater.getByTestId("status-badge")).toHaveText("Pending");
  // The cook writes and accepts between the thread's first answer and its stream's `ready`.
  await apiPost(cook, `/api/requests/${request.id}/messages`, { body: "Written in the gap" });
  const origin = new URL(cook.url()).origin;
  const accepted = await cook.request.put(`/api/requests/${request.id}/status`, {
    data: { status: "accepted" },
    headers: { origin },
  });
  expect(accepted.ok()).toBe(true);
  release();
  await expect(eater.getByTestId("message-list").getByText("Written in the gap")).toBeVisible();
  await expect(eater.getByTestId("status-badge")).toHaveText("Accepted");
  // And after it, live as ever.
  await apiPost(cook, `/api/requests/${request.id}/messages`, { body: "Written live" });
  await expect(eater.getByTestId("message-list").getByText("Written live")).toBeVisible();
});

/** Marks `window.streamReady` once the page's live stream has delivered `ready` to the app. */
async function watchStreamReady(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        // Registered before the app's own listener, so once this is seen the app has handled it too.
        this.addEventListener("ready", () => {
          (window as unknown as { streamReady: boolean }).streamReady = true;
        });
      }
    };
  });
}

test("a request made while the cook's page reads its notifications raises the Requests badge", async ({
  browser,
}) => {
  const cook = await signedInPage(browser, person("Ida", "Inflight"));
  const eater = await signedInPage(browser, person("Jon", "Justnow"));
  const meal = await postMeal(cook, { title: "Lentil soup" });

  await watchStreamReady(cook);
  let read!: () => void;
  const readDone = new Promise<void>((resolve) => {
    read = resolve;
  });
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  let first = true;
  await cook.route("**/api/notifications", async (route: Route) => {
    if (!first) return route.continue();
    first = false;
    const response = await route.fetch();
    read();
    await answered;
    await route.fulfill({ response });
  });
  await cook.goto("/community");
  await readDone;
  await apiPost(eater, "/api/requests", { mealId: meal.id, message: "Is there some left?" });
  await cook.waitForFunction(() => (window as unknown as { streamReady?: boolean }).streamReady === true);
  // The first read answers now, without the request; nothing polls, so only a fetch begun after
  // `ready` can show it.
  answer();
  await expect(cook.getByRole("link", { name: /Requests/ }).getByTestId("unread-badge")).toHaveText(
    "1 unread",
  );
});
