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
      '<!doctype html><script src="/assets/app.js"></script>',
    );
    writeFileSync(path.join(clientDir, "assets/app.js"), script);
    writeFileSync(path.join(clientDir, "assets/app.js.br"), brotliCompressSync(script));
    writeFileSync(path.join(clientDir, "assets/app.js.gz"), gzipSync(script));
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
