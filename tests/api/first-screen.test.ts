/**
 * How the server puts a first screen it drew into the page (docs/decisions/019,
 * src/server/plugins/client.ts): what the renderer is given, where its HTML goes, and how a page with
 * a picture fetches its code once the picture is in. The renderer here is a stand-in beside a stand-in
 * build, which writes what it was given into the page; the app's own renderer, drawing the real pages,
 * is tested in the browser (tests/e2e/first-screen.spec.ts).
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directionOf, TIME_ZONE_COOKIE } from "@/contract/languages";
import type { FirstAnswer, FirstScreenRequest } from "@/contract/pages";
import { buildMeal, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

const INDEX = readFileSync(path.resolve(import.meta.dirname, "../../index.html"), "utf8").replace(
  '<script type="module" src="/src/client/main.tsx"></script>',
  "",
);

/** A build's index.html: the entry and the chunks Vite preloads for it in the head. */
const BUILT_INDEX = INDEX.replace(
  "</head>",
  '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor.js"></head>',
);

const MANIFEST = {
  "index.html": { file: "assets/index.js", imports: ["_vendor.js"] },
  "_vendor.js": { file: "assets/vendor.js" },
  "src/client/app/signed-in-shell.tsx": { file: "assets/signed-in-shell.js" },
  "src/client/pages/community.tsx": { file: "assets/community.js" },
  "src/client/pages/landing.tsx": { file: "assets/landing.js" },
  "src/locales/en/common.json": { file: "assets/common-en.js" },
};

/**
 * The stand-in renderer: it asks what a list page's loader would (the sign-in check, the list's first
 * page for a member, the settings) through the `ask` it is given, and draws what it was given and the
 * statuses it was answered, with the first card's photo as the app draws it; nothing for a profile.
 */
const RENDERER = `export async function renderFirstScreen({ ask, ...given }) {
  if (given.pathname === "/profile") return { html: null, answers: [] };
  const q = new URLSearchParams(given.search).get("q");
  const list = "/api/meals?kind=free" + (q ? "&q=" + encodeURIComponent(q) : "");
  const answers = [];
  for (const url of ["/api/auth/user", ...(given.signedIn ? [list] : []), "/api/deployment"]) answers.push(await ask(url));
  const photo = given.signedIn ? JSON.parse(answers[1].body)[0]?.photoPath : undefined;
  const picture = photo ? '<img src="' + photo + '" srcset="' + photo + ' 400w" sizes="100vw" fetchpriority="high">' : "";
  const shown = { ...given, asked: answers.map((answer) => [answer.url, answer.status]) };
  return { html: "<main id=given>" + JSON.stringify(shown).replace(/</g, "\\u003c") + "</main>" + picture, answers };
}`;

describe("a first screen drawn on the server", () => {
  let t: TestApp;
  let build: string;

  beforeAll(async () => {
    build = mkdtempSync(path.join(os.tmpdir(), "mealshare-build-"));
    const client = path.join(build, "client");
    mkdirSync(path.join(client, ".vite"), { recursive: true });
    mkdirSync(path.join(build, "ssr"));
    writeFileSync(path.join(client, "index.html"), BUILT_INDEX);
    writeFileSync(path.join(client, ".vite/manifest.json"), JSON.stringify(MANIFEST));
    writeFileSync(path.join(build, "ssr/server-render.js"), RENDERER);
    t = await createTestApp({ clientDir: client });
  });
  afterAll(async () => {
    await t.close();
    rmSync(build, { recursive: true, force: true });
  });

  const open = async (url: string, cookie: string, acceptLanguage = "en-GB,en;q=0.9") => {
    const sent = await t.app.inject({ url, headers: { cookie, "accept-language": acceptLanguage } });
    expect(sent.statusCode).toBe(200);
    const html = sent.body;
    const given = /<main id=given>(.*?)<\/main>/s.exec(html)?.[1];
    return {
      sent,
      html,
      given: given
        ? (JSON.parse(given) as Omit<FirstScreenRequest, "ask"> & { asked: [string, number][] })
        : null,
      carried: JSON.parse(
        /<script type="application\/json" id="first-answers">(.*?)<\/script>/s.exec(html)?.[1] ?? "[]",
      ) as FirstAnswer[],
      code: /<script type="application\/json" id="page-code">(.*?)<\/script>/s.exec(html)?.[1],
    };
  };

  it("a member's list: drawn from the answers the page carries, in the browser's zone, its code after its picture", async () => {
    const cook = await buildSignedInUser(t.db);
    await buildMeal(t.db, cook.user, {
      title: "Drawn soup",
      photoPath: "/objects/photos/0c8b6c1e-5a8e-4a7e-9d3e-3f1c2b4a5d6e.webp",
    });
    const eater = await buildSignedInUser(t.db);
    const cookie = `${eater.cookie}; ${TIME_ZONE_COOKIE}=${encodeURIComponent("Europe/Madrid")}`;
    const { sent, html, given, code, carried } = await open("/community", cookie);
    // Its controls answer once the browser has taken it over, and say so until then.
    expect(html).toContain('<div id="root" data-server-rendered aria-disabled="true"><main id=given>');
    expect(given).toMatchObject({
      pathname: "/community",
      search: "",
      language: "en",
      timeZone: "Europe/Madrid",
      // Dates in the region its browser reads them in, as the app takes it from navigator.languages.
      region: "en-GB",
      signedIn: true,
      // Asked as the member's browser would: with their session.
      asked: [
        ["/api/auth/user", 200],
        ["/api/meals?kind=free", 200],
        ["/api/deployment", 200],
      ],
    });
    // The answers it was drawn from go in the page, for the browser not to ask again.
    expect(carried.map((answer) => answer.url)).toEqual([
      "/api/auth/user",
      "/api/meals?kind=free",
      "/api/deployment",
    ]);
    expect(JSON.parse(carried[0]?.body ?? "{}")).toMatchObject({ id: eater.user.id });
    expect(carried[1]?.headers["x-total-count"]).toBe("1");
    // Its code is not in the head beside the picture: listed, entry first, for the one inline loader.
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(JSON.parse(code ?? "[]")).toEqual([
      "/assets/index.js",
      "/assets/vendor.js",
      "/assets/common-en.js",
      "/assets/signed-in-shell.js",
      "/assets/community.js",
    ]);
    const loader = /<script>(.*?)<\/script>/s.exec(html)?.[1] ?? "";
    const hash = createHash("sha256").update(loader).digest("base64");
    expect(sent.headers["content-security-policy"]).toContain(`script-src 'self' 'sha256-${hash}'`);
    // The picture it drew first is still asked for first, beside the page.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/objects/photos/0c8b6c1e-5a8e-4a7e-9d3e-3f1c2b4a5d6e.webp" imagesrcset="/objects/photos/0c8b6c1e-5a8e-4a7e-9d3e-3f1c2b4a5d6e.webp 400w" imagesizes="100vw" fetchpriority="high">',
    );
  });

  it("a zone or region the server does not know is not passed to the renderer", async () => {
    const eater = await buildSignedInUser(t.db);
    for (const zone of ["Mars/Olympus_Mons", "<script>"]) {
      const { given } = await open(
        "/community",
        `${eater.cookie}; ${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`,
      );
      expect(given?.timeZone).toBeUndefined();
    }
    const { given } = await open("/community", eater.cookie, "en-x-!!,en;q=0.5");
    expect(given?.region).toBeUndefined();
    expect(given?.language).toBe("en");
  });

  it("a visitor's landing page: drawn signed out, from the sign-in check's 401 and the settings, its code as before", async () => {
    const { sent, html, given, code, carried } = await open("/", "");
    expect(given?.signedIn).toBe(false);
    expect(carried.map((answer) => [answer.url, answer.status])).toEqual([
      ["/api/auth/user", 401],
      ["/api/deployment", 200],
    ]);
    expect(given?.timeZone).toBeUndefined();
    // No picture to wait for: the code loads from the head, as Vite wrote it.
    expect(code).toBeUndefined();
    expect(html).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    // What the page carries is not preloaded again.
    expect(html).not.toMatch(/<link rel="preload" href="\/api\/(deployment|auth\/user)"/);
    expect(sent.headers["cache-control"]).toBe("no-cache");
  });

  it("names the page's language and direction on <html> from its first byte, signed in or out", async () => {
    const visitor = await open("/", "", "es-ES,es;q=0.9");
    expect(visitor.html).toContain('<html lang="es" dir="ltr">');
    expect(visitor.given?.language).toBe("es");
    const member = await buildSignedInUser(t.db);
    const { html } = await open("/community", member.cookie, "de-DE,de;q=0.9");
    expect(html).toContain('<html lang="de" dir="ltr">');
    // The direction a right-to-left language will get (docs/STYLE.md "Direction").
    expect([directionOf("ar"), directionOf("ar-EG"), directionOf("he"), directionOf("de-DE")]).toEqual([
      "rtl",
      "rtl",
      "rtl",
      "ltr",
    ]);
  });

  it("a search of any characters is drawn from its answer, not read as a pattern", async () => {
    const eater = await buildSignedInUser(t.db);
    const cookie = `${eater.cookie}; ${TIME_ZONE_COOKIE}=UTC`;
    for (const q of ["**", "(soup", "[", "+?", "$'"]) {
      const { given } = await open(`/community?q=${encodeURIComponent(q)}`, cookie);
      expect(given?.asked[1]?.[0], q).toMatch(/^\/api\/meals\?kind=free&q=/);
    }
  });

  it("a page the renderer does not draw, and a visitor's other pages, keep the spinner", async () => {
    const member = await buildSignedInUser(t.db);
    for (const [url, cookie] of [
      ["/profile", member.cookie],
      ["/community", ""],
    ] as const) {
      const { html, given } = await open(url, cookie);
      expect(given, url).toBeNull();
      expect(html, url).not.toContain("data-server-rendered");
    }
  });
});
