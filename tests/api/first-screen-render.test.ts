/**
 * The server's render of a first screen with the app's own pages (src/client/server-render.tsx),
 * asking this API as the page's browser would: each render has its own query cache, language, time
 * zone and viewer, so two renders overlap (docs/decisions/019), and a page's data is what its loader
 * declares (src/client/lib/page-data.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FirstAnswer, FirstScreenRequest } from "@/contract/pages";
import { renderFirstScreen } from "../../src/client/server-render";
import { buildMeal, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe("first screens rendered on the server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * `ask` for a browser with `cookie` speaking `language`; `before(url)` runs before each answer, and
   * every URL asked is listed in `asked`.
   */
  const browser = (
    cookie: string,
    language: string,
    before: (url: string) => Promise<void> = async () => {},
  ) => {
    const asked: string[] = [];
    const ask = async (url: string): Promise<FirstAnswer> => {
      asked.push(url);
      await before(url);
      const sent = await t.app.inject({ url, headers: { cookie, "accept-language": language } });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(sent.headers))
        if (typeof value === "string") headers[name] = value;
      return { url, language, status: sent.statusCode, headers, body: sent.body };
    };
    return { ask, asked };
  };

  const page = (
    request: Omit<FirstScreenRequest, "search" | "signedIn"> & { search?: string },
  ): FirstScreenRequest => ({
    search: "",
    signedIn: true,
    ...request,
  });

  it("two renders overlap, each drawing its own viewer's page in its own language and time zone", async () => {
    const cook = await buildSignedInUser(t.db);
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const start = new Date(
      Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 10, 30),
    );
    const meal = await buildMeal(t.db, cook.user, {
      title: "Sopa de ajo",
      pickupWindowStart: start,
      pickupWindowEnd: new Date(start.getTime() + 2 * 3600_000),
    });
    const eater = await buildSignedInUser(t.db);
    const url = `/api/meals/${meal.id}`;
    // In lockstep: the eater's render waits at its meal until the cook's has asked for it too, and the
    // cook's meal answer waits until the eater's render is done — each is mid-way while the other draws.
    const cookAsked = gate();
    const eaterDrawn = gate();
    const eaterBrowser = browser(eater.cookie, "es", (asked) =>
      asked === url ? cookAsked.opened : Promise.resolve(),
    );
    const cookBrowser = browser(cook.cookie, "de", async (asked) => {
      if (asked !== url) return;
      cookAsked.open();
      await eaterDrawn.opened;
    });
    const forEater = renderFirstScreen(
      page({
        pathname: `/meal/${meal.id}`,
        language: "es",
        timeZone: "Europe/Madrid",
        ask: eaterBrowser.ask,
      }),
    ).finally(eaterDrawn.open);
    const forCook = renderFirstScreen(
      page({ pathname: `/meal/${meal.id}`, language: "de", timeZone: "Asia/Tokyo", ask: cookBrowser.ask }),
    );
    const [eaterPage, cookPage] = await Promise.all([forEater, forCook]);

    // Madrid is an hour ahead of UTC in winter, Tokyo nine: 10:30 UTC is 11:30 and 19:30.
    expect(eaterPage.html).toContain("Sopa de ajo");
    expect(eaterPage.html).toContain("11:30");
    expect(eaterPage.html).not.toContain("19:30");
    // The eater's page, in Spanish: the request form, not the cook's "this is your meal".
    expect(eaterPage.html).toContain("Solicitar comida");
    expect(eaterPage.html).not.toContain(`href="/meal/${meal.id}/edit"`);
    expect(cookPage.html).toContain("19:30");
    expect(cookPage.html).not.toContain("11:30");
    expect(cookPage.html).toContain("Das ist dein Gericht");
    expect(cookPage.html).toContain(`href="/meal/${meal.id}/edit"`);
    expect(cookPage.html).not.toContain("Solicitar comida");
    // Each carries its own viewer's answers.
    const viewerOf = (answers: FirstAnswer[]) =>
      JSON.parse(answers.find((answer) => answer.url === "/api/auth/user")?.body ?? "{}").id;
    expect(viewerOf(eaterPage.answers)).toBe(eater.user.id);
    expect(viewerOf(cookPage.answers)).toBe(cook.user.id);
    expect(eaterPage.answers.map((answer) => answer.url)).toEqual(["/api/deployment", "/api/auth/user", url]);
  });

  it("asks what the page's loader declares: a list's first page, nothing for a page that declares none", async () => {
    const member = await buildSignedInUser(t.db);
    const list = browser(member.cookie, "en");
    const drawn = await renderFirstScreen(
      page({ pathname: "/marketplace", search: "q=soup", language: "en", timeZone: "UTC", ask: list.ask }),
    );
    expect(list.asked).toEqual(["/api/deployment", "/api/auth/user", "/api/meals?kind=paid&q=soup"]);
    expect(drawn.html).toContain("Marketplace");
    // A profile declares nothing to show first: drawn by the browser, with no one looked up for it.
    const profile = browser(member.cookie, "en");
    expect(
      await renderFirstScreen(
        page({ pathname: "/profile", language: "en", timeZone: "UTC", ask: profile.ask }),
      ),
    ).toEqual({
      html: null,
      answers: [],
    });
    expect(profile.asked).toEqual([]);
    // "Near me" waits for this device's position: its answers so far go in the page, undrawn.
    const near = browser(member.cookie, "en");
    const waiting = await renderFirstScreen(
      page({ pathname: "/community", search: "near=1", language: "en", timeZone: "UTC", ask: near.ask }),
    );
    expect(waiting.html).toBeNull();
    expect(near.asked).toEqual(["/api/deployment", "/api/auth/user"]);
  });

  it("a member's page without the browser's zone carries its answers but is left to the browser to draw", async () => {
    const member = await buildSignedInUser(t.db);
    const { ask } = browser(member.cookie, "en");
    const drawn = await renderFirstScreen(page({ pathname: "/community", language: "en", ask }));
    expect(drawn.html).toBeNull();
    expect(drawn.answers.map((answer) => [answer.url, answer.status])).toEqual([
      ["/api/deployment", 200],
      ["/api/auth/user", 200],
      ["/api/meals?kind=free", 200],
    ]);
  });

  it("a visitor: the landing page from the sign-in check's 401; another page is not drawn", async () => {
    const { ask } = browser("", "fr");
    const landing = await renderFirstScreen({
      pathname: "/",
      search: "",
      language: "fr",
      signedIn: false,
      ask,
    });
    expect(landing.html).toContain("MealShare");
    expect(landing.answers.map((answer) => [answer.url, answer.status])).toEqual([
      ["/api/deployment", 200],
      ["/api/auth/user", 401],
    ]);
    const other = browser("", "fr");
    const community = await renderFirstScreen({
      pathname: "/community",
      search: "",
      language: "fr",
      signedIn: false,
      ask: other.ask,
    });
    expect(community).toEqual({ html: null, answers: [] });
    expect(other.asked).toEqual([]);
  });
});
