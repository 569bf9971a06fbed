/**
 * Serving like a production site (docs/features/discovery.md, docs/DESIGN.md §6): the built client's
 * text files go out pre-compressed (brotli or gzip, as the browser accepts), API JSON over 1 KB is
 * compressed on the fly, and GET lists carry an ETag that answers 304 when nothing changed.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIME_ZONE_COOKIE } from "@/contract/languages";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

const BUILD_MANIFEST = {
  "index.html": { file: "assets/app.js", imports: ["_vendor.js"] },
  "_vendor.js": { file: "assets/vendor.js" },
  "_card.js": { file: "assets/card.js", imports: ["_vendor.js"] },
  "_meal-list.js": { file: "assets/meal-list.js", imports: ["_card.js", "_vendor.js"] },
  "src/client/app/signed-in-shell.tsx": { file: "assets/shell.js", imports: ["_vendor.js"] },
  "src/client/pages/landing.tsx": { file: "assets/landing.js", imports: ["_card.js"] },
  "src/client/pages/home.tsx": { file: "assets/home.js", imports: ["_meal-list.js"] },
  "src/client/pages/community.tsx": { file: "assets/community.js", imports: ["_meal-list.js"] },
  "src/client/pages/meal-detail.tsx": { file: "assets/meal-detail.js", imports: ["_card.js"] },
  "src/client/pages/edit-meal.tsx": { file: "assets/edit-meal.js" },
  "src/client/pages/about.tsx": { file: "assets/about.js" },
  "src/locales/en/common.json": { file: "assets/common-en.js" },
  "src/locales/en/app.json": { file: "assets/app-en.js" },
  "src/locales/en/messages.json": { file: "assets/messages-en.js" },
  "src/locales/en/info.json": { file: "assets/info-en.js" },
  "src/locales/de/common.json": { file: "assets/common-de.js" },
  "src/locales/de/app.json": { file: "assets/app-de.js" },
  "src/locales/de/messages.json": { file: "assets/messages-de.js" },
  "node_modules/date-fns/locale/de.js": { file: "assets/dates-de.js", imports: ["_vendor.js"] },
};

const ROOT = /<div id="root">.*<\/div>/.exec(
  readFileSync(path.resolve(import.meta.dirname, "../../index.html"), "utf8"),
)?.[0];

/** index.html's preloads of the sign-in check and the settings, as the repo's has them. */
const PRELOADS = readFileSync(path.resolve(import.meta.dirname, "../../index.html"), "utf8")
  .split("\n")
  .filter((line) => line.includes('rel="preload"'))
  .join("");

describe("serving", () => {
  let t: TestApp;
  let build: string;
  let clientDir: string;
  const script = `console.log(${JSON.stringify("MealShare ".repeat(400))});`;

  beforeAll(async () => {
    // A built client as Vite and vite-plugin-compression2 leave it.
    build = mkdtempSync(path.join(os.tmpdir(), "mealshare-build-"));
    clientDir = path.join(build, "client");
    mkdirSync(path.join(clientDir, "assets"), { recursive: true });
    // The server's bundle beside it (src/server/first-screen.ts): the app's own renderer, from source.
    mkdirSync(path.join(build, "ssr"));
    writeFileSync(
      path.join(build, "ssr/server-render.js"),
      `export { renderFirstScreen } from ${JSON.stringify(path.resolve(import.meta.dirname, "../../src/client/server-render.tsx"))};`,
    );
    writeFileSync(
      path.join(clientDir, "index.html"),
      // The body as the repo's index.html has it: the spinner in the root.
      `<!doctype html><html><head>${PRELOADS}<script type="module" src="/assets/app.js"></script></head><body>${ROOT}\n</body></html>`,
    );
    writeFileSync(path.join(clientDir, "assets/app.js"), script);
    writeFileSync(path.join(clientDir, "assets/app.js.br"), brotliCompressSync(script));
    writeFileSync(path.join(clientDir, "assets/app.js.gz"), gzipSync(script));
    // Vite's build manifest: the entry, the shell, some pages and catalogues, and chunks they share.
    mkdirSync(path.join(clientDir, ".vite"));
    writeFileSync(path.join(clientDir, ".vite/manifest.json"), JSON.stringify(BUILD_MANIFEST));
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(build, { recursive: true, force: true });
  });

  it("sends the built script brotli-compressed, gzip-compressed, or plain, as the browser accepts", async () => {
    const br = await t.app.inject({ url: "/assets/app.js", headers: { "accept-encoding": "br, gzip" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await t.app.inject({ url: "/assets/app.js", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: "/assets/app.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("serves the app's pages through the SPA fallback", async () => {
    const page = await t.app.inject({ url: "/community?q=soup", headers: { "accept-encoding": "br" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
  });

  describe("a page's first request names the code and catalogues its first screen needs", () => {
    const preloads = async (url: string, headers: Record<string, string> = {}) => {
      const page = await t.app.inject({ url, headers: { "accept-encoding": "br", ...headers } });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      const html =
        page.headers["content-encoding"] === "br"
          ? brotliDecompressSync(page.rawPayload).toString()
          : page.body;
      expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
      return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    };
    const member = { cookie: "sid=some-session" };

    it("a member's page: the catalogue every page waits for, the shell, the page and what they import, then its catalogues, each once", async () => {
      expect(await preloads("/community?view=map", member)).toEqual([
        "/assets/common-en.js",
        "/assets/shell.js",
        "/assets/card.js",
        "/assets/meal-list.js",
        "/assets/community.js",
        "/assets/app-en.js",
        "/assets/messages-en.js",
      ]);
      // Nothing index.html loads already; the edit page is not the meal's page.
      const id = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
      expect(await preloads(`/meal/${id}/edit`, member)).toEqual([
        "/assets/common-en.js",
        "/assets/shell.js",
        "/assets/edit-meal.js",
        "/assets/app-en.js",
        "/assets/messages-en.js",
      ]);
      expect(await preloads(`/meal/${id}`, member)).toContain("/assets/meal-detail.js");
      expect(await preloads("/", member)).toContain("/assets/home.js");
    });

    it("in the language the app will speak: its cookie, else the browser's", async () => {
      const chosen = await preloads("/community", { cookie: "sid=some-session; mealshare_lang=de" });
      expect(chosen).toContain("/assets/app-de.js");
      expect(chosen).toContain("/assets/common-de.js");
      // date-fns's German tables, which the app loads beside `common` (English is in the entry).
      expect(chosen).toContain("/assets/dates-de.js");
      expect(chosen).not.toContain("/assets/app-en.js");
      expect(chosen).not.toContain("/assets/common-en.js");
      const browser = await preloads("/community", {
        ...member,
        "accept-language": "de-DE,de;q=0.9,en;q=0.5",
      });
      expect(browser).toContain("/assets/messages-de.js");
    });

    it("signed out: the landing page at /, a static page with its catalogue, a shared meal and a pickup pass with theirs, and for a member's page only the catalogue every page waits for", async () => {
      expect(await preloads("/")).toEqual(["/assets/common-en.js", "/assets/card.js", "/assets/landing.js"]);
      expect(await preloads("/about")).toEqual([
        "/assets/common-en.js",
        "/assets/about.js",
        "/assets/info-en.js",
      ]);
      expect(await preloads("/community")).toEqual(["/assets/common-en.js"]);
      // A shared meal's page and the pickup pass speak the members' words to a visitor too.
      const id = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
      expect(await preloads(`/meal/${id}`)).toEqual(["/assets/common-en.js", "/assets/app-en.js"]);
      expect(await preloads(`/pass/${id}`)).toEqual(["/assets/common-en.js", "/assets/app-en.js"]);
      // A member on a path of no page gets the shell's words, as the app renders the shell there.
      expect(await preloads("/no-such-page", member)).toEqual([
        "/assets/common-en.js",
        "/assets/app-en.js",
        "/assets/messages-en.js",
      ]);
      // A path that cannot be decoded is refused as a bad request, not an error of ours.
      const malformed = await t.app.inject({ url: "/meal/%E0%A4%A", headers: member });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe("a member's page carries its first API answers and preloads its largest picture", () => {
    /**
     * The page at `url` for a browser with `cookie`, by default in a time zone (the server draws a
     * member's page only in one it knows).
     */
    const page = async (url: string, cookie: string, zone: "UTC" | null = "UTC") => {
      const zoned = cookie && zone ? `${cookie}; ${TIME_ZONE_COOKIE}=${zone}` : cookie;
      const sent = await t.app.inject({ url, headers: { "accept-encoding": "br", cookie: zoned } });
      expect(sent.statusCode).toBe(200);
      const html =
        sent.headers["content-encoding"] === "br"
          ? brotliDecompressSync(sent.rawPayload).toString()
          : sent.body;
      const blocks = [
        ...html.matchAll(/<script type="application\/json" id="first-answers">(.*?)<\/script>/gs),
      ];
      expect(blocks.length).toBeLessThanOrEqual(1);
      const answers = blocks[0]
        ? (JSON.parse(blocks[0][1] ?? "[]") as {
            url: string;
            status: number;
            headers: Record<string, string>;
            body: string;
          }[])
        : [];
      const picture =
        /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)"/.exec(html);
      return { sent, html, answers, picture };
    };
    const api = async (url: string, cookie: string) => {
      const answer = await t.app.inject({ url, headers: { cookie } });
      expect(answer.statusCode).toBe(200);
      return answer;
    };
    // A title no page may run, or read as a replacement pattern when it is put in the page.
    const title = "</script><script>alert(1)</script> $' $& soup";
    const photo = "/objects/photos/0c8b6c1e-5a8e-4a7e-9d3e-3f1c2b4a5d6e.webp";

    it("Community: the settings, the sign-in check and the list's first page as the API sends them, and the first card's photo", async () => {
      const cook = await buildSignedInUser(t.db);
      const meal = await buildMeal(t.db, cook.user, { title, photoPath: photo });
      const eater = await buildSignedInUser(t.db);
      const { sent, html, answers, picture } = await page("/community", eater.cookie);
      // Nothing in the page closes its data block: the title is inside it, escaped, and only there.
      expect(html).not.toContain("<script>alert(1)");
      expect(sent.headers["cache-control"]).toBe("private, no-cache");
      expect(answers.map((answer) => answer.url)).toEqual([
        "/api/deployment",
        "/api/auth/user",
        "/api/meals?kind=free",
      ]);
      const [settings, user, list] = answers;
      // The settings too, which the page then does not ask for again.
      expect(settings?.body).toBe((await api("/api/deployment", eater.cookie)).body);
      expect(html).not.toMatch(/<link rel="preload" href="\/api\/(deployment|auth\/user)"/);
      expect(user?.body).toBe((await api("/api/auth/user", eater.cookie)).body);
      const direct = await api("/api/meals?kind=free", eater.cookie);
      expect(list?.body).toBe(direct.body);
      expect(list?.headers["x-total-count"]).toBe(direct.headers["x-total-count"]);
      const listed = JSON.parse(list?.body ?? "[]") as { id: string; title: string }[];
      expect(listed[0]).toMatchObject({ id: meal.id, title });
      expect(picture?.slice(1)).toEqual([
        photo.replace(".webp", "-400.webp"),
        `${photo.replace(".webp", "-400.webp")} 400w, ${photo.replace(".webp", "-800.webp")} 800w, ${photo} 1600w`,
        "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
      ]);
      // Each member's page holds their own answers.
      const other = await page("/community", cook.cookie);
      expect(JSON.parse(other.answers[1]?.body ?? "{}").id).toBe(cook.user.id);
      // The map asks for the list for its count line but draws no card: no photo to fetch first.
      const map = await page("/community?view=map", eater.cookie);
      expect(map.answers.map((answer) => answer.url)).toEqual([
        "/api/deployment",
        "/api/auth/user",
        "/api/meals?kind=free",
      ]);
      expect(map.picture).toBeNull();
    });

    it("a meal's page and a thread: theirs for those who may read them, nothing of another's thread", async () => {
      const cook = await buildSignedInUser(t.db);
      const meal = await buildMeal(t.db, cook.user, { title, photoPath: photo });
      const eater = await buildSignedInUser(t.db);
      const request = await buildRequest(t.db, meal, eater.user);
      const detail = await page(`/meal/${meal.id}`, eater.cookie);
      expect(detail.answers[2]?.url).toBe(`/api/meals/${meal.id}`);
      expect(detail.answers[2]?.body).toBe((await api(`/api/meals/${meal.id}`, eater.cookie)).body);
      expect(detail.picture?.[3]).toBe("(min-width: 1024px) 50vw, 100vw");
      const thread = await page(`/request/${request.id}`, eater.cookie);
      expect(thread.answers[2]?.body).toBe((await api(`/api/requests/${request.id}`, eater.cookie)).body);
      expect(thread.picture?.[3]).toBe("(min-width: 640px) 192px, 100vw");
      // Someone else opens the thread's address: the page holds no answer of it, and no picture.
      const stranger = await buildSignedInUser(t.db);
      const theirs = await page(`/request/${request.id}`, stranger.cookie);
      expect(theirs.answers.map((answer) => answer.url)).toEqual(["/api/deployment", "/api/auth/user"]);
      expect(theirs.picture).toBeNull();
      expect(theirs.html).not.toContain("alert(1)");
    });

    it("a member's list of meals the server does not draw is sent with its cards' outlines; other pages and visitors keep the spinner", async () => {
      const member = await buildSignedInUser(t.db);
      const outline =
        /<div id="root"><div class="min-h-screen">[\s\S]*aspect-\[4\/3\][\s\S]*<\/div><\/div>\s*(<script|<\/body>)/;
      // Without the browser's time zone the list is drawn in the browser: its outlines show until then.
      for (const url of ["/community", "/marketplace?q=soup"]) {
        const { html } = await page(url, member.cookie, null);
        expect(html, url).toMatch(outline);
        expect(html.match(/animate-pulse/g)).toHaveLength(6);
        // The spinner is gone, not beside it: one status in the root.
        expect(html.match(/role="status"/g)).toHaveLength(1);
      }
      for (const [url, cookie] of [
        ["/profile", member.cookie],
        ["/community", ""],
      ] as const) {
        const { html } = await page(url, cookie);
        expect(html, url).not.toContain("animate-pulse");
        expect(html, url).toContain('<span class="sr-only">Loading</span>');
      }
      // A visitor's landing page is drawn by the server (src/client/server-render.tsx), with no outlines.
      const landing = await page("/", "");
      expect(landing.html).toContain("data-server-rendered");
      expect(landing.html).not.toContain("animate-pulse");
    });

    it("nothing for a page that declares no data, or signed out; a session that does not answer, its 401", async () => {
      // A lapsed session: the page says "signed out" (and the settings) for its browser not to ask.
      const lapsed = await page("/community", "sid=no-such-session");
      expect(lapsed.answers.map((answer) => [answer.url, answer.status])).toEqual([
        ["/api/deployment", 200],
        ["/api/auth/user", 401],
      ]);
      expect(lapsed.picture).toBeNull();
      expect(lapsed.html).not.toContain("data-server-rendered");
      for (const [url, cookie] of [
        ["/profile", (await buildSignedInUser(t.db)).cookie],
        ["/community", ""],
      ] as const) {
        const { sent, answers, picture } = await page(url, cookie);
        expect(answers).toEqual([]);
        expect(picture).toBeNull();
        expect(sent.headers["cache-control"]).toBe("no-cache");
      }
    });
  });

  it("compresses API JSON over 1 KB, and leaves small answers alone", async () => {
    const { user, cookie } = await buildSignedInUser(t.db);
    for (let i = 0; i < 5; i++) await buildMeal(t.db, user, { title: `Serving test ${i}` });
    const list = await t.api({ url: "/api/meals", cookie, headers: { "accept-encoding": "br, gzip" } });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-encoding"]).toBe("br");
    const meals = JSON.parse(brotliDecompressSync(list.rawPayload).toString());
    expect(meals.length).toBeGreaterThanOrEqual(5);

    const gzip = await t.api({ url: "/api/meals", cookie, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(meals);

    const small = await t.api({ url: "/api/auth/user", cookie, headers: { "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("answers 304 to a list request whose ETag still matches, and 200 once the list changed", async () => {
    const { user, cookie } = await buildSignedInUser(t.db);
    await buildMeal(t.db, user, { title: "ETag soup" });
    const first = await t.api({ url: "/api/meals/my/all", cookie, headers: { "accept-encoding": "br" } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");

    const again = await t.api({ url: "/api/meals/my/all", cookie, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    await buildMeal(t.db, user, { title: "ETag stew" });
    const changed = await t.api({ url: "/api/meals/my/all", cookie, headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toHaveLength(2);
  });
});
