/**
 * Object storage behind one interface (docs/features/trust.md; docs/DESIGN.md §2 S3_*): local files under
 * `DATA_DIR/objects` by default, or an S3-compatible bucket (AWS S3, MinIO, R2) with presigned
 * PUT URLs. Keys are app-made paths such as `incoming/{uuid}` or `photos/{uuid}.webp`.
 */
import { createReadStream } from "node:fs";
import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Config } from "../config";

/** A stored object opened for reading. */
export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface ObjectStorage {
  kind: "local" | "s3";
  /**
   * Where the browser PUTs a file for `key`. Local: our own `PUT /api/uploads/{uploadId}`
   * (`localTarget`); S3: a presigned URL valid for `expiresInSeconds`, binding `contentLength`
   * when known so S3 itself refuses a different size.
   */
  uploadUrl(
    key: string,
    options: { uploadId: string; expiresInSeconds: number; contentLength?: number },
  ): Promise<string>;
  /** The object's size in bytes, or null when it does not exist. */
  size(key: string): Promise<number | null>;
  /** The whole object, or null when it does not exist. */
  read(key: string): Promise<Buffer | null>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Opens an object for serving, or null when it does not exist. */
  open(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /**
   * The origin browsers PUT uploads to when it is not the app's own (the CSP's connect-src must
   * allow it), or null. S3: taken from a presigned URL, so path-style, virtual-hosted and AWS's
   * regional hosts all come out as the SDK builds them.
   */
  uploadOrigin(): Promise<string | null>;
}

/** Keys are made by the app, but a slip must never escape the storage root. */
function assertSafeKey(key: string): void {
  if (!/^[a-z][a-z-]*\/[0-9a-zA-Z._-]+$/.test(key) || key.includes(".."))
    throw new Error(`unsafe storage key: ${key}`);
}

/** Files under `root`; uploads arrive through the app's own PUT route. */
export function localStorage(root: string, publicUrl: string): ObjectStorage {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: "local",
    async uploadOrigin() {
      return null;
    },
    async uploadUrl(_key, { uploadId }) {
      return `${publicUrl}/api/uploads/${uploadId}`;
    },
    async size(key) {
      try {
        return (await stat(file(key))).size;
      } catch {
        return null;
      }
    },
    async read(key) {
      try {
        return await readFile(file(key));
      } catch {
        return null;
      }
    },
    async write(key, body) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), body);
    },
    async open(key) {
      try {
        const { size } = await stat(file(key));
        return { stream: createReadStream(file(key)), size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

/** `answer`'s value, or null when the bucket says the object is not there (a 404). */
async function unlessMissing<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    const missing =
      error instanceof NoSuchKey ||
      error instanceof NotFound ||
      (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;
    if (missing) return null;
    throw error;
  }
}

/** An S3-compatible bucket. */
export function s3Storage(s3: NonNullable<Config["s3"]>): ObjectStorage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
  });
  const Bucket = s3.bucket;

  return {
    kind: "s3",
    async uploadOrigin() {
      const probe = await getSignedUrl(client, new PutObjectCommand({ Bucket, Key: "incoming/probe" }), {
        expiresIn: 60,
      });
      return new URL(probe).origin;
    },
    async uploadUrl(key, { expiresInSeconds, contentLength }) {
      assertSafeKey(key);
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentLength: contentLength }), {
        expiresIn: expiresInSeconds,
      });
    },
    async size(key) {
      assertSafeKey(key);
      const head = await unlessMissing(client.send(new HeadObjectCommand({ Bucket, Key: key })));
      return head && (head.ContentLength ?? 0);
    },
    async read(key) {
      assertSafeKey(key);
      return unlessMissing(
        client
          .send(new GetObjectCommand({ Bucket, Key: key }))
          .then(async (object) => Buffer.from(await object.Body!.transformToByteArray())),
      );
    },
    async write(key, body, contentType) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async open(key) {
      assertSafeKey(key);
      const object = await unlessMissing(client.send(new GetObjectCommand({ Bucket, Key: key })));
      return object && { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

/** The storage the configuration asks for. */
export function createStorage(config: Config): ObjectStorage {
  return config.s3
    ? s3Storage(config.s3)
    : localStorage(path.join(config.dataDir, "objects"), config.publicUrl);
}
