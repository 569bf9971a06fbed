/**
 * Serving like a production site (docs/features/discovery.md, docs/DESIGN.md §6): the built client's
 * text files go out pre-compressed (brotli or gzip, as the browser accepts), API JSON over 1 KB is
 * compressed on the fly, and GET lists carry an ETag that answers 304 when nothing changed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeal, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

const BUILD_MANIFEST = {
  "index.html": { file: "assets/app.js", imports: ["_vendor.js"] },
  "_vendor.js": { file: "assets/vendor.js" },
  "_card.js": { file: "assets/card.js", imports: ["_vendor.js"] },
  "_meal-list.js": { file: "assets/meal-list.js", imports: ["_card.js", "_vendor.js"] },
  "src/client/app/signed-in-shell.tsx": { file: "assets/shell.js", imports: ["_vendor.js"] },
  "src/client/app/route-data.ts": { file: "assets/route-data.js", imports: ["_meal-list.js"] },
  "src/client/pages/landing.tsx": { file: "assets/landing.js", imports: ["_card.js"] },
  "src/client/pages/home.tsx": { file: "assets/home.js", imports: ["_meal-list.js"] },
  "src/client/pages/community.tsx": { file: "assets/community.js", imports: ["_meal-list.js"] },
  "src/client/pages/meal-detail.tsx": { file: "assets/meal-detail.js", imports: ["_card.js"] },
  "src/client/pages/edit-meal.tsx": { file: "assets/edit-meal.js" },
  "src/client/pages/about.tsx": { file: "assets/about.js" },
  "src/locales/en/app.json": { file: "assets/app-en.js" },
  "src/locales/en/messages.json": { file: "assets/messages-en.js" },
  "src/locales/en/info.json": { file: "assets/info-en.js" },
  "src/locales/de/app.json": { file: "assets/app-de.js" },
  "src/locales/de/messages.json": { file: "assets/messages-de.js" },
};

describe("serving", () => {
  let t: TestApp;
  let clientDir: string;
  const script = `console.log(${JSON.stringify("MealShare ".repeat(400))});`;

  beforeAll(async () => {
    // A built client as Vite and vite-plugin-compression2 leave it.
    clientDir = mkdtempSync(path.join(os.tmpdir(), "mealshare-client-"));
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(
      path.join(clientDir, "index.html"),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
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
    rmSync(clientDir, { recursive: true, force: true });
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

    it("a member's page: its first call's code, the shell, the page and what they import, then its catalogues, each once", async () => {
      expect(await preloads("/community?view=map", member)).toEqual([
        "/assets/card.js",
        "/assets/meal-list.js",
        "/assets/route-data.js",
        "/assets/shell.js",
        "/assets/community.js",
        "/assets/app-en.js",
        "/assets/messages-en.js",
      ]);
      // Nothing index.html loads already; the edit page is not the meal's page.
      const id = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
      expect(await preloads(`/meal/${id}/edit`, member)).toEqual([
        "/assets/card.js",
        "/assets/meal-list.js",
        "/assets/route-data.js",
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
      expect(chosen).not.toContain("/assets/app-en.js");
      const browser = await preloads("/community", {
        ...member,
        "accept-language": "de-DE,de;q=0.9,en;q=0.5",
      });
      expect(browser).toContain("/assets/messages-de.js");
    });

    it("signed out: the landing page at /, a static page with its catalogue, and nothing for a member's page", async () => {
      expect(await preloads("/")).toEqual(["/assets/card.js", "/assets/landing.js"]);
      expect(await preloads("/about")).toEqual(["/assets/about.js", "/assets/info-en.js"]);
      expect(await preloads("/community")).toEqual([]);
      expect(await preloads("/no-such-page", member)).toEqual([]);
      // A path that cannot be decoded is refused as a bad request, not an error of ours.
      const malformed = await t.app.inject({ url: "/meal/%E0%A4%A", headers: member });
      expect(malformed.statusCode).toBe(400);
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
