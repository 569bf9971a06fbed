/**
 * The photo flow (docs/features/trust.md; spec §7) on both storage drivers: local files, and S3 against
 * a real S3-protocol server (s3rver) started here. Files go over real HTTP, as a browser sends them.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { eq, inArray, sql } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediumOf } from "../../src/contract/photos";
import { uploads } from "../../src/server/db/schema";
import { sweepAbandonedUploads, uploadIdFromUrl } from "../../src/server/features/photos/service";
import { createStorage } from "../../src/server/storage/storage";
import { buildSignedInUser, mealPayload } from "../factories";
import { createTestApp, freePort, type TestApp } from "./harness";

const BUCKET = "mealshare-test";
const S3_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** A real JPEG whose EXIF carries a GPS position, as a phone writes it. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 2600/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 3900/100",
      },
    })
    .toBuffer();
}

/** 640 × 480, left half red, right half blue, EXIF with maker and GPS; made with libheif's heif-enc. */
const HEIC_FIXTURE = path.join(import.meta.dirname, "../fixtures/red-blue-gps.heic");

/** A copy of a HEIC file whose image-size property (`ispe` box) claims other dimensions. */
function withHeicSize(heic: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(heic);
  const ispe = copy.indexOf("ispe");
  expect(ispe).toBeGreaterThan(0);
  // Box type, then 4 bytes of version and flags, then width and height.
  copy.writeUInt32BE(width, ispe + 8);
  copy.writeUInt32BE(height, ispe + 12);
  return copy;
}

/** A tiny PNG whose header claims 50000 × 50000 pixels: a decompression bomb's calling card. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

interface Driver {
  name: "local" | "s3";
  start(): Promise<TestApp>;
  /** Keys of stored processed photos. */
  storedPhotos(t: TestApp): Promise<string[]>;
  stop(): Promise<void>;
}

const localDriver = (): Driver => ({
  name: "local",
  start: () => createTestApp({ listen: true }),
  async storedPhotos(t) {
    const dir = path.join(t.config.dataDir, "objects", "photos");
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  },
  async stop() {},
});

const s3Driver = (): Driver => {
  let server: S3rver;
  let endpoint = "";
  const directory = mkdtempSync(path.join(os.tmpdir(), "mealshare-s3rver-"));
  const client = () =>
    new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: S3_KEYS });
  return {
    name: "s3",
    async start() {
      server = new S3rver({
        port: await freePort(),
        address: "127.0.0.1",
        silent: true,
        directory,
        configureBuckets: [{ name: BUCKET, configs: [] }],
      });
      const address = (await server.run()) as AddressInfo;
      endpoint = `http://127.0.0.1:${address.port}`;
      return createTestApp({
        listen: true,
        config: {
          s3: { bucket: BUCKET, endpoint, region: "us-east-1", ...S3_KEYS, forcePathStyle: true },
        },
      });
    },
    async storedPhotos() {
      const listed = await client().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "photos/" }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "");
    },
    async stop() {
      await server?.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};

describe.each([localDriver(), s3Driver()])("photo uploads on the $name driver", (driver) => {
  let t: TestApp;
  let user: { cookie: string };
  beforeAll(async () => {
    t = await driver.start();
    user = await buildSignedInUser(t.db);
  });
  afterAll(async () => {
    await t.close();
    await driver.stop();
  });

  const api = (method: string, url: string, cookie: string, body?: unknown) =>
    fetch(`${t.config.publicUrl}${url}`, {
      method,
      // spec §7: a body, when present, is JSON with a JSON content type; the spec's upload call has none.
      headers: {
        cookie,
        origin: t.config.publicUrl,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** Asks for upload parameters and PUTs `bytes` to the URL, as the uploader does. */
  async function upload(bytes: Buffer, cookie = user.cookie, announce = true) {
    const params = await api(
      "POST",
      "/api/objects/upload",
      cookie,
      announce ? { contentLength: bytes.length } : undefined,
    );
    expect(params.status).toBe(200);
    const { uploadURL } = await params.json();
    const put = await fetch(uploadURL, {
      method: "PUT",
      body: new Uint8Array(bytes),
      headers: {
        "content-type": "image/jpeg",
        ...(driver.name === "local" ? { cookie, origin: t.config.publicUrl } : {}),
      },
    });
    return { uploadURL: uploadURL as string, put };
  }
  const register = (photoURL: string, cookie = user.cookie) =>
    api("PUT", "/api/meal-photos", cookie, { photoURL });

  it("lets a meal or a profile show only a photo its own user registered", async () => {
    const { uploadURL } = await upload(await jpegWithGps());
    const { objectPath } = await (await register(uploadURL)).json();
    const other = await buildSignedInUser(t.db);
    const meal = (photoPath: string) =>
      mealPayload({
        title: "Lentil soup",
        description: "A big pot.",
        portionSize: 2,
        allergens: "",
        ingredients: "lentils, carrots",
        pickupLocation: "Hall",
        photoPath,
      });
    const profile = (profileImageUrl: string) => ({
      firstName: "Pat",
      lastName: "Photo",
      bio: null,
      dietaryPrefs: null,
      profileImageUrl,
    });
    const missing = "/objects/photos/00000000-0000-4000-8000-000000000000.webp";

    for (const [path, cookie] of [
      [objectPath, other.cookie],
      [missing, user.cookie],
    ]) {
      const posted = await api("POST", "/api/meals", cookie, meal(path));
      expect(posted.status).toBe(400);
      expect((await posted.json()).errors).toEqual({ photoPath: "Upload the photo first" });
      const profiled = await api("PUT", "/api/user/profile", cookie, profile(path));
      expect(profiled.status).toBe(400);
      expect((await profiled.json()).errors).toEqual({ profileImageUrl: "Upload the photo first" });
    }

    const posted = await api("POST", "/api/meals", user.cookie, meal(objectPath));
    expect(posted.status).toBe(201);
    const { id } = await posted.json();
    expect((await api("PUT", "/api/user/profile", user.cookie, profile(objectPath))).status).toBe(200);
    const kept = await api("PUT", `/api/meals/${id}`, user.cookie, {
      title: "Red lentil soup",
      photoPath: objectPath,
    });
    expect(kept.status).toBe(200);
  });

  it("turns a JPEG with GPS EXIF into WebP without any metadata, in three sizes, served immutable", async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from("GPS"))).toBeDefined();
    const { uploadURL, put } = await upload(original);
    expect(put.ok).toBe(true);
    const registered = await register(uploadURL);
    expect(registered.status).toBe(200);
    const { objectPath, thumbnailPath } = await registered.json();
    expect(objectPath).toMatch(/^\/objects\/photos\/[0-9a-f-]{36}\.webp$/);

    const served = await fetch(`${t.config.publicUrl}${objectPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from("GPS"))).toBe(false);
    expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);

    const thumb = await sharp(
      Buffer.from(await (await fetch(`${t.config.publicUrl}${thumbnailPath}`)).arrayBuffer()),
    ).metadata();
    expect(thumb).toMatchObject({ format: "webp", width: 400, height: 300 });
    // The 800 px copy a phone's card takes (docs/decisions/015), without metadata either.
    const medium = Buffer.from(
      await (await fetch(`${t.config.publicUrl}${mediumOf(objectPath)}`)).arrayBuffer(),
    );
    expect(await sharp(medium).metadata()).toMatchObject({ format: "webp", width: 800, height: 600 });
    expect(medium.includes(Buffer.from("GPS"))).toBe(false);
  });

  it("makes the 800 px copy of a photo stored before that size existed the first time it is asked for", async () => {
    const { uploadURL } = await upload(await jpegWithGps());
    const { objectPath } = await (await register(uploadURL)).json();
    const id = /([0-9a-f-]{36})\.webp$/.exec(objectPath)![1];
    // As an older photo was stored: no 800 px copy.
    const storage = createStorage(t.config);
    await storage.delete(`photos/${id}-800.webp`);
    expect(await storage.size(`photos/${id}-800.webp`)).toBeNull();
    const served = await fetch(`${t.config.publicUrl}${mediumOf(objectPath)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 800 });
    expect(await storage.size(`photos/${id}-800.webp`)).toBeGreaterThan(0);
    // One whose stored bytes cannot be read (a damaged file) is missing too, never a 500.
    await storage.write(`photos/${id}.webp`, Buffer.from("not a photo"), "image/webp");
    await storage.delete(`photos/${id}-800.webp`);
    expect((await fetch(`${t.config.publicUrl}${mediumOf(objectPath)}`)).status).toBe(404);
    // A photo that is not there has no copy either.
    const missing = await fetch(
      `${t.config.publicUrl}/objects/photos/${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}-800.webp`,
    );
    expect(missing.status).toBe(404);
  });

  it("decodes an iPhone-style HEIC (HEVC) photo to the same metadata-free WebP", async () => {
    const original = readFileSync(HEIC_FIXTURE);
    expect(await sharp(original).metadata()).toMatchObject({ format: "heif", compression: "hevc" });
    expect(original.includes(Buffer.from("PhoneMaker"))).toBe(true);

    const { uploadURL } = await upload(original);
    const registered = await register(uploadURL);
    expect(registered.status).toBe(200);
    const { objectPath } = await registered.json();
    const bytes = Buffer.from(await (await fetch(`${t.config.publicUrl}${objectPath}`)).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 640, height: 480 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);

    // The pixels are the photo's, not a blank canvas: red on the left, blue on the right.
    const pixel = async (left: number) => {
      const { data } = await sharp(bytes)
        .extract({ left, top: 240, width: 1, height: 1 })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data];
    };
    const [red, , blue] = await pixel(100);
    expect(red).toBeGreaterThan(180);
    expect(blue).toBeLessThan(80);
    const [red2, , blue2] = await pixel(540);
    expect(red2).toBeLessThan(80);
    expect(blue2).toBeGreaterThan(170);
  });

  it("refuses a text file renamed .jpg, a 6 MB file and a decompression bomb, storing nothing", async () => {
    const before = await driver.storedPhotos(t);

    const text = await upload(Buffer.from("this is not a photo, just text\n"));
    const textRegistered = await register(text.uploadURL);
    expect(textRegistered.status).toBe(400);
    expect((await textRegistered.json()).message).toMatch(/not a photo/);

    const bomb = await upload(pngBomb());
    const bombRegistered = await register(bomb.uploadURL);
    expect(bombRegistered.status).toBe(400);
    expect((await bombRegistered.json()).message).toBe("This image has too many pixels to process.");

    // A HEIC cut short after its header, and one whose header claims 50000 × 50000 pixels.
    const heic = readFileSync(HEIC_FIXTURE);
    const truncated = await register((await upload(heic.subarray(0, heic.length - 200))).uploadURL);
    expect(truncated.status).toBe(400);
    expect((await truncated.json()).message).toMatch(/not a photo/);
    const heicBomb = await register((await upload(withHeicSize(heic, 50_000, 50_000))).uploadURL);
    expect(heicBomb.status).toBe(400);
    expect((await heicBomb.json()).message).toBe("This image has too many pixels to process.");

    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    // Announced: refused before any URL is handed out.
    expect(
      (await api("POST", "/api/objects/upload", user.cookie, { contentLength: big.length })).status,
    ).toBe(413);
    // Not announced: the receiving server refuses the PUT (local); a bucket URL is never handed out
    // without the size it binds (S3).
    if (driver.name === "local") {
      const unannounced = await upload(big, user.cookie, false);
      expect(unannounced.put.status).toBe(413);
    } else {
      const response = await api("POST", "/api/objects/upload", user.cookie);
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual({ contentLength: "contentLength is required" });
    }

    expect(await driver.storedPhotos(t)).toEqual(before);
  });

  it("accepts each upload once, from its owner only, and not after it expires", async () => {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
    const { uploadURL } = await upload(photo);
    const stranger = await buildSignedInUser(t.db);
    expect((await register(uploadURL, stranger.cookie)).status).toBe(404);
    expect((await register(uploadURL)).status).toBe(200);
    const again = await register(uploadURL);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This upload was already used.");
    expect((await register("https://elsewhere.example/some.jpg")).status).toBe(400);

    if (driver.name === "local") {
      // The local upload target itself is single-use and expires.
      const fresh = await (await api("POST", "/api/objects/upload", user.cookie, {})).json();
      const put = (cookie: string) =>
        fetch(fresh.uploadURL, {
          method: "PUT",
          body: new Uint8Array(photo),
          headers: { cookie, origin: t.config.publicUrl },
        });
      expect((await put(stranger.cookie)).status).toBe(404);
      expect((await put(user.cookie)).status).toBe(200);
      const reused = await put(user.cookie);
      expect(reused.status).toBe(409);
      expect((await reused.json()).message).toBe("This upload link was already used.");

      const stale = await (await api("POST", "/api/objects/upload", user.cookie, {})).json();
      const id = stale.uploadURL.split("/").pop();
      await t.db
        .update(uploads)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(uploads.id, id));
      const expired = await fetch(stale.uploadURL, {
        method: "PUT",
        body: new Uint8Array(photo),
        headers: { cookie: user.cookie, origin: t.config.publicUrl },
      });
      expect(expired.status).toBe(403);
      expect((await expired.json()).message).toBe("This upload link has expired.");
    } else {
      // The presigned URL carries its expiry and the size it was issued for.
      const url = new URL(
        (await (await api("POST", "/api/objects/upload", user.cookie, { contentLength: 10 })).json())
          .uploadURL,
      );
      expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
      expect(url.searchParams.get("X-Amz-SignedHeaders")).toContain("content-length");
    }
  });

  it("sweeps abandoned uploads and their files, and leaves fresh and just-registered ones", async () => {
    const storage = createStorage(t.config);
    const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#a50" } })
      .png()
      .toBuffer();
    const idOf = (uploadURL: string) => uploadIdFromUrl(uploadURL)!;
    const keyOf = (uploadURL: string) => `incoming/${idOf(uploadURL)}`;
    const age = (uploadURL: string, expired: string, registered?: string) =>
      t.db
        .update(uploads)
        .set({
          expiresAt: sql`now() - ${expired}::interval`,
          ...(registered ? { registeredAt: sql`now() - ${registered}::interval` } : {}),
        })
        .where(eq(uploads.id, idOf(uploadURL)));

    // Paused or abandoned long ago: file and row go.
    const abandoned = await upload(photo);
    await age(abandoned.uploadURL, "2 hours");
    // Expired only minutes ago: a PUT begun in time may still be running.
    const recent = await upload(photo);
    await age(recent.uploadURL, "5 minutes");
    // Registered long ago: only its row is left, and it goes; registered today: it stays.
    const oldRegistered = await upload(photo);
    expect((await register(oldRegistered.uploadURL)).status).toBe(200);
    await age(oldRegistered.uploadURL, "3 days", "2 days");
    const newRegistered = await upload(photo);
    expect((await register(newRegistered.uploadURL)).status).toBe(200);
    await age(newRegistered.uploadURL, "2 hours", "2 hours");
    expect(await storage.size(keyOf(abandoned.uploadURL))).toBe(photo.length);

    expect(await sweepAbandonedUploads(t.db, storage)).toBe(2);
    expect(await storage.size(keyOf(abandoned.uploadURL))).toBeNull();
    expect(await storage.size(keyOf(recent.uploadURL))).toBe(photo.length);
    const left = await t.db.select({ id: uploads.id }).from(uploads);
    const ids = left.map((row) => row.id);
    expect(ids).not.toContain(idOf(abandoned.uploadURL));
    expect(ids).not.toContain(idOf(oldRegistered.uploadURL));
    expect(ids).toContain(idOf(recent.uploadURL));
    expect(ids).toContain(idOf(newRegistered.uploadURL));
    // The registered one still answers "already used".
    expect((await register(newRegistered.uploadURL)).status).toBe(409);
    // A second sweep, as another instance would run it, finds nothing more.
    expect(await sweepAbandonedUploads(t.db, storage)).toBe(0);
  });

  it("keeps no file that arrives after its upload was registered: released, refused or swept", async () => {
    const storage = createStorage(t.config);
    const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#05a" } })
      .png()
      .toBuffer();
    const newUpload = async () =>
      (await (await api("POST", "/api/objects/upload", user.cookie, { contentLength: photo.length })).json())
        .uploadURL as string;
    const put = (uploadURL: string, bytes: Buffer) =>
      fetch(uploadURL, {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: driver.name === "local" ? { cookie: user.cookie, origin: t.config.publicUrl } : {},
      });
    const keyOf = (uploadURL: string) => `incoming/${uploadIdFromUrl(uploadURL)}`;
    const expire = (uploadURL: string) =>
      t.db
        .update(uploads)
        .set({
          expiresAt: sql`now() - interval '3 days'`,
          registeredAt: sql`case when registered_at is null then null else now() - interval '2 days' end`,
        })
        .where(eq(uploads.id, uploadIdFromUrl(uploadURL)!));

    // Registered before its file arrived: 400, and the upload is handed back, not kept claimed.
    const early = await newUpload();
    const premature = await register(early);
    expect(premature.status).toBe(400);
    expect((await premature.json()).message).toBe("Nothing was uploaded to this URL.");
    expect((await put(early, photo)).ok).toBe(true);
    expect((await register(early)).status).toBe(200);

    // Registration failed on the file (not an image): a second file is refused (local) or, where
    // the bucket still takes it until the URL expires (S3), swept with its row.
    const failed = await newUpload();
    expect((await put(failed, Buffer.alloc(photo.length, 7))).ok).toBe(true);
    expect((await register(failed)).status).toBe(400);
    const late = await put(failed, photo);
    if (driver.name === "local") {
      expect(late.status).toBe(409);
    } else {
      expect(late.ok).toBe(true);
      expect(await storage.size(keyOf(failed))).toBe(photo.length);
    }

    // Registered before the file, and the file never registered afterwards: swept with its row.
    const abandoned = await newUpload();
    expect((await register(abandoned)).status).toBe(400);
    expect((await put(abandoned, photo)).ok).toBe(true);

    for (const url of [early, failed, abandoned]) await expire(url);
    await sweepAbandonedUploads(t.db, storage);
    for (const url of [early, failed, abandoned]) expect(await storage.size(keyOf(url))).toBeNull();
    const left = await t.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        inArray(
          uploads.id,
          [early, failed, abandoned].map((url) => uploadIdFromUrl(url)!),
        ),
      );
    expect(left).toEqual([]);
  });

  it("requires a session for every step", async () => {
    expect(
      (
        await fetch(`${t.config.publicUrl}/api/objects/upload`, {
          method: "POST",
          headers: { origin: t.config.publicUrl },
        })
      ).status,
    ).toBe(401);
    expect(
      (await api("PUT", "/api/meal-photos", "", { photoURL: "http://x.example/incoming/x" })).status,
    ).toBe(401);
  });
});
