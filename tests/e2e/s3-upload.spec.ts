/**
 * The photo flow against an S3-protocol bucket (s3rver) in a real browser: the presigned PUT
 * crosses origins, so the bucket's CORS rules, our CSP's connect-src and the signed
 * Content-Length must all agree (README "Storage"). Its own app runs in this process on the
 * S3 driver; the built client comes from the main web server's build.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import S3rver from "s3rver";
import sharp from "sharp";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { freePort } from "../api/harness";
import { person, pickPhoto, signIn, toast } from "./fixtures";

const BUCKET = "meal-photos";
const CORS = `<CORSConfiguration><CORSRule>
  <AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod>
  <AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>
</CORSRule></CORSConfiguration>`;

let close: () => Promise<void>;
let baseURL = "";

test.beforeAll(async () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), "mealshare-e2e-s3-"));
  const bucket = new S3rver({
    port: await freePort(),
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [CORS] }],
  });
  const { port: bucketPort } = (await bucket.run()) as AddressInfo;
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mealshare-e2e-s3-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${bucketPort}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "1",
  });
  const database = await openDatabase({ dataDir: "memory://" });
  const app = await buildApp({ config, database });
  await app.listen({ port, host: "127.0.0.1" });
  baseURL = `http://localhost:${port}`;
  close = async () => {
    await app.close();
    await database.close();
    await bucket.close();
    rmSync(directory, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
});
test.afterAll(() => close?.());

test("a photo goes straight to the bucket through a presigned URL and shows as the preview", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, person("Bea", "Bucket"));
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "mealshare-photo-")), "stew.jpg");
  await sharp({ create: { width: 800, height: 600, channels: 3, background: "#7a3" } })
    .jpeg()
    .toFile(file);

  await page.goto("/meals/new");
  const bucketPut = page.waitForRequest(
    (request) => request.method() === "PUT" && request.url().includes(`/${BUCKET}/incoming/`),
  );
  await pickPhoto(page, "Upload Photo", file);
  expect(new URL((await bucketPut).url()).searchParams.get("X-Amz-Signature")).toBeTruthy();

  await expect(toast(page, "Photo uploaded.")).toBeVisible();
  const preview = page.getByTestId("meal-photo-preview");
  await expect(preview).toHaveAttribute("src", /\/objects\/photos\/[0-9a-f-]+-400\.webp$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
  await context.close();
});
