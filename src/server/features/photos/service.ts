/**
 * Photos (docs/features/trust.md; spec §7 "The photo flow"): expiring single-use upload URLs, then
 * registration, which checks the bytes are a real image with sharp, refuses decompression bombs, strips
 * every bit of metadata (EXIF, GPS, XMP), and stores a 1600 px WebP, an 800 px one (a phone's card or
 * page: docs/decisions/015) and a 400 px thumbnail.
 */
import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { DOCUMENT_MAX_BYTES } from "../../../contract/cooks";
import { msg } from "../../../contract/messages";
import { PHOTO_MAX_BYTES, type RegisteredPhoto, type UploadParams } from "../../../contract/photos";
import type { Executor } from "../../db/client";
import { photos, type UserRow, uploads } from "../../db/schema";
import { AppError, conflict, forbidden, notFound, validation } from "../../errors";
import type { ObjectStorage } from "../../storage/storage";
import { decodeHeic, type RawImage } from "./heic";

/** How long an upload URL stays valid. */
export const UPLOAD_URL_SECONDS = 15 * 60;
/** Largest image accepted, in pixels (about 40 MP; phone cameras reach 50 MP only in raw modes). */
export const MAX_INPUT_PIXELS = 40_000_000;
const FULL_WIDTH = 1600;
/** What a phone's slot needs: a 375 px column at a 2× screen (docs/decisions/015). */
export const MEDIUM_WIDTH = 800;
const THUMB_WIDTH = 400;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

/** An abandoned upload is swept this long after its URL expired (a PUT begun in time may still run). */
const SWEEP_GRACE = "1 hour";
/** A registered upload's row (kept so a second registration answers 409) is dropped after this. */
const REGISTERED_KEPT = "1 day";
const SWEEP_BATCH = 500;

const tooLarge = () => new AppError(413, "too_large", msg("Photos can be at most 5 MB."));
const documentTooLarge = () => new AppError(413, "too_large", msg("Documents can be at most 10 MB."));

/** What an upload is for, and the most bytes each may have. */
export type UploadPurpose = "photo" | "document";
const MAX_BYTES: Record<UploadPurpose, number> = { photo: PHOTO_MAX_BYTES, document: DOCUMENT_MAX_BYTES };
const TOO_LARGE: Record<UploadPurpose, () => AppError> = { photo: tooLarge, document: documentTooLarge };
const tooManyPixels = () =>
  validation(msg("This image has too many pixels to process."), { photoURL: msg("Image too large") });

/**
 * Starts an upload: a fresh incoming key and the URL to PUT the file to.
 * @param contentLength the file's size in bytes, when the client knows it
 * @param purpose a photo (≤ 5 MB) or a cook application's document (≤ 10 MB)
 * @throws AppError 413 when the announced size is over the purpose's limit
 */
export async function createUpload(
  db: Executor,
  storage: ObjectStorage,
  user: UserRow,
  contentLength?: number,
  purpose: UploadPurpose = "photo",
): Promise<UploadParams> {
  if (contentLength !== undefined && contentLength > MAX_BYTES[purpose]) throw TOO_LARGE[purpose]();
  // A presigned URL binds the size only when it is given; without it a bucket takes any size.
  if (storage.kind === "s3" && contentLength === undefined)
    throw validation(msg("Send the file's size in bytes as contentLength."), {
      contentLength: msg("contentLength is required"),
    });
  const id = randomUUID();
  const key = `incoming/${id}`;
  const expiresAt = new Date(Date.now() + UPLOAD_URL_SECONDS * 1000);
  await db.insert(uploads).values({ id, userId: user.id, key, expiresAt, purpose });
  const uploadURL = await storage.uploadUrl(key, {
    uploadId: id,
    expiresInSeconds: UPLOAD_URL_SECONDS,
    contentLength,
  });
  return { uploadURL, method: "PUT", expiresAt: expiresAt.toISOString() };
}

/**
 * Receives the PUT of a local-storage upload: once, before it expires and before it is registered,
 * by the user who asked. A file arriving after registration would never be read nor swept.
 * @throws AppError 404 unknown or someone else's; 403 expired; 409 already used or registered;
 *   413 over the purpose's limit (5 MB for photos, 10 MB for documents)
 */
export async function receiveUpload(
  db: Executor,
  storage: ObjectStorage,
  user: UserRow,
  uploadId: string,
  body: Buffer,
): Promise<void> {
  if (body.length > DOCUMENT_MAX_BYTES) throw documentTooLarge();
  const [claimed] = await db
    .update(uploads)
    .set({ uploadedAt: sql`now()` })
    .where(
      and(
        eq(uploads.id, uploadId),
        eq(uploads.userId, user.id),
        isNull(uploads.uploadedAt),
        isNull(uploads.registeredAt),
        gt(uploads.expiresAt, sql`now()`),
      ),
    )
    .returning({ key: uploads.key, purpose: uploads.purpose });
  if (!claimed) {
    const [upload] = await db.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1);
    if (!upload || upload.userId !== user.id) throw notFound(msg("Upload not found"));
    if (upload.uploadedAt || upload.registeredAt)
      throw conflict(msg("This upload link was already used."), "upload_used");
    throw forbidden(msg("This upload link has expired."));
  }
  const purpose = claimed.purpose as UploadPurpose;
  if (body.length > MAX_BYTES[purpose]) {
    // Nothing was stored: the link may be used again with a smaller file.
    await db.update(uploads).set({ uploadedAt: null }).where(eq(uploads.id, uploadId));
    throw TOO_LARGE[purpose]();
  }
  await storage.write(claimed.key, body, "application/octet-stream");
}

/** The upload id in an upload URL (ours or a presigned bucket URL), or null. */
export function uploadIdFromUrl(photoURL: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(photoURL).pathname;
  } catch {
    return null;
  }
  return (
    /\/(?:api\/uploads|incoming)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(
      pathname,
    )?.[1] ?? null
  );
}

/**
 * Turns uploaded bytes into the stored photo: validated, oriented, metadata-free WebP in two sizes.
 * @throws AppError 400 not an image we accept, or too many pixels
 */
export async function processPhoto(
  input: Buffer,
): Promise<{ full: Buffer; medium: Buffer; thumbnail: Buffer }> {
  const unreadable = () =>
    validation(msg("This file is not a photo we can read. Please upload a JPEG, PNG, WebP or HEIC image."), {
      photoURL: msg("Not a supported image"),
    });
  let metadata: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the check below gives the clearer answer.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw unreadable();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw tooManyPixels();
  }
  let open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  if (metadata.format === "heif" && metadata.compression === "hevc") {
    let raw: RawImage;
    try {
      raw = await decodeHeic(input);
    } catch {
      throw unreadable();
    }
    // The decoder sizes its output itself; it must still be what the header promised.
    if (raw.width * raw.height > MAX_INPUT_PIXELS) {
      throw tooManyPixels();
    }
    open = () => sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } });
  }
  const resize = (width: number) =>
    open()
      // EXIF orientation is applied to the pixels before the metadata is dropped.
      .rotate()
      .resize({ width, height: width, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  try {
    const [full, medium, thumbnail] = await Promise.all([
      resize(FULL_WIDTH),
      resize(MEDIUM_WIDTH),
      resize(THUMB_WIDTH),
    ]);
    return { full, medium, thumbnail };
  } catch {
    throw unreadable();
  }
}

/**
 * Marks an upload registered, once, for its owner and the purpose it was made for (a photo upload
 * cannot become a cook's document, nor the other way round).
 * @returns the storage key of the uploaded file
 * @throws AppError 404 unknown, someone else's or another purpose's; 409 already registered
 */
export async function claimUpload(
  db: Executor,
  user: Pick<UserRow, "id">,
  uploadId: string,
  purpose: UploadPurpose,
): Promise<{ key: string }> {
  const [claimed] = await db
    .update(uploads)
    .set({ registeredAt: sql`now()` })
    .where(
      and(
        eq(uploads.id, uploadId),
        eq(uploads.userId, user.id),
        eq(uploads.purpose, purpose),
        isNull(uploads.registeredAt),
      ),
    )
    .returning({ key: uploads.key });
  if (claimed) return claimed;
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1);
  if (!upload || upload.userId !== user.id || upload.purpose !== purpose)
    throw notFound(msg("Upload not found"));
  throw conflict(msg("This upload was already used."), "upload_used");
}

/**
 * Hands a claimed upload back when registration found nothing uploaded yet, so the file may still
 * arrive (and be registered, or swept as abandoned) instead of landing on a claimed row that
 * neither registration nor the sweeper would touch again.
 */
export async function releaseUpload(db: Executor, uploadId: string): Promise<void> {
  await db.update(uploads).set({ registeredAt: null }).where(eq(uploads.id, uploadId));
}

/** 400 for a registration that found no file at the upload's key (the claim is released first). */
export async function nothingUploaded(db: Executor, uploadId: string, field: string): Promise<AppError> {
  await releaseUpload(db, uploadId);
  return validation(msg("Nothing was uploaded to this URL."), { [field]: msg("Nothing uploaded") });
}

/**
 * Turns a photo upload into a stored photo, once per upload, by its owner: checked, stripped of
 * metadata, stored as `{prefix}/{id}.webp`, `{prefix}/{id}-800.webp` and `{prefix}/{id}-400.webp`. The
 * incoming object is deleted
 * whatever the outcome.
 * @param prefix where it is kept: `photos` (public meal and profile photos) or `thread-photos` (a
 *   thread's, served to its participants only; docs/features/handover.md point 1)
 * @param field the request field to name in errors
 * @returns the new photo's id
 * @throws AppError 400 bad URL, nothing uploaded or not an image; 404 unknown or someone else's;
 *   409 already registered; 413 over 5 MB
 */
export async function storeUploadedPhoto(
  db: Executor,
  storage: ObjectStorage,
  user: Pick<UserRow, "id">,
  photoURL: string,
  prefix: "photos" | "thread-photos",
  field = "photoURL",
): Promise<string> {
  const uploadId = uploadIdFromUrl(photoURL);
  if (!uploadId)
    throw validation(msg("photoURL is not an upload URL of this app."), {
      [field]: msg("Unknown upload URL"),
    });
  const claimed = await claimUpload(db, user, uploadId, "photo");
  try {
    const size = await storage.size(claimed.key);
    if (size === null) throw await nothingUploaded(db, uploadId, field);
    if (size > PHOTO_MAX_BYTES) throw tooLarge();
    const bytes = await storage.read(claimed.key);
    if (!bytes) throw await nothingUploaded(db, uploadId, field);
    const { full, medium, thumbnail } = await processPhoto(bytes);
    const id = randomUUID();
    await storage.write(`${prefix}/${id}.webp`, full, "image/webp");
    await storage.write(`${prefix}/${id}-800.webp`, medium, "image/webp");
    await storage.write(`${prefix}/${id}-400.webp`, thumbnail, "image/webp");
    return id;
  } finally {
    await storage.delete(claimed.key).catch(() => {});
  }
}

/**
 * Registers an uploaded file as a photo (`PUT /api/meal-photos`): once per upload, by its owner.
 * @throws AppError as `storeUploadedPhoto`
 */
export async function registerPhoto(
  db: Executor,
  storage: ObjectStorage,
  user: UserRow,
  photoURL: string,
): Promise<RegisteredPhoto> {
  const id = await storeUploadedPhoto(db, storage, user, photoURL, "photos");
  await db.insert(photos).values({ id, userId: user.id });
  return { objectPath: `/objects/photos/${id}.webp`, thumbnailPath: `/objects/photos/${id}-400.webp` };
}

/**
 * Checks that a meal or a profile may show `path`: a photo `user` registered, or the one it
 * shows already (docs/features/operations.md finding 10: the path's format alone let anyone show another
 * user's photo, or one that does not exist).
 * @param field the request field to name in the error
 * @throws AppError 400 "Upload the photo first" otherwise
 */
export async function assertOwnPhoto(
  db: Executor,
  user: Pick<UserRow, "id">,
  path: string | null | undefined,
  field: string,
  current?: string | null,
): Promise<void> {
  if (!path || path === current) return;
  const id = /^\/objects\/photos\/([0-9a-f-]{36})\.webp$/.exec(path)?.[1];
  const [own] = id
    ? await db
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.id, id), eq(photos.userId, user.id)))
        .limit(1)
    : [];
  if (!own) throw validation(msg("Upload the photo first."), { [field]: msg("Upload the photo first") });
}

/**
 * Deletes uploads nobody registered once their URL has been expired for an hour, and registered
 * ones a day after registration — each with its incoming object, registered or not: a presigned
 * URL still takes a PUT after registration until it expires, and such a file must not stay for
 * ever ("nothing stored" for refused files holds for abandoned and late ones too). Objects go
 * first; a row whose object could not be deleted stays for the next sweep. Safe on many instances
 * at once: every step is idempotent.
 * @returns how many rows were deleted (at most 500 per call)
 */
export async function sweepAbandonedUploads(db: Executor, storage: ObjectStorage): Promise<number> {
  const sweepable = and(
    lt(uploads.expiresAt, sql`now() - ${SWEEP_GRACE}::interval`),
    or(isNull(uploads.registeredAt), lt(uploads.registeredAt, sql`now() - ${REGISTERED_KEPT}::interval`)),
  );
  const candidates = await db
    .select({ id: uploads.id, key: uploads.key })
    .from(uploads)
    .where(sweepable)
    .orderBy(uploads.expiresAt)
    .limit(SWEEP_BATCH);
  const done: string[] = [];
  for (const upload of candidates) {
    const deleted = await storage.delete(upload.key).then(
      () => true,
      () => false,
    );
    if (deleted) done.push(upload.id);
  }
  if (done.length === 0) return 0;
  const deleted = await db
    .delete(uploads)
    .where(and(inArray(uploads.id, done), sweepable))
    .returning({ id: uploads.id });
  return deleted.length;
}

/**
 * The 800 px copy of a public photo stored before that size existed (docs/decisions/015): made from
 * its 1600 px version the first time it is asked for, and kept.
 * @param id the photo's id (`photos/{id}.webp`)
 * @returns the copy, or null when the photo itself is not there or cannot be read
 */
export async function mediumPhotoOf(storage: ObjectStorage, id: string): Promise<Buffer | null> {
  const full = await storage.read(`photos/${id}.webp`);
  if (!full) return null;
  let medium: Buffer;
  try {
    medium = await sharp(full, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: MEDIUM_WIDTH, height: MEDIUM_WIDTH, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    // Only this app writes photos; one it cannot read is treated as missing, never a 500.
    return null;
  }
  await storage.write(`photos/${id}-800.webp`, medium, "image/webp");
  return medium;
}
