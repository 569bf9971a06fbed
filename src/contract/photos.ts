/**
 * The photo flow's shapes (spec §7 "The photo flow", §9 "Photo"; docs/features/trust.md).
 * Its words, limits and pure rules live in `./plain/photos.ts`, which this module re-exports; the
 * browser imports that one (docs/decisions/015 "Phones").
 */
import { z } from "zod";
import { isoDateTime } from "./common";
import { msg } from "./messages";

export * from "./plain/photos";

/**
 * `POST /api/objects/upload` body. The spec sends none; our uploader also sends the file's size,
 * so an S3 presigned URL can bind it and the bucket refuses anything else.
 */
export const uploadRequestSchema = z
  .object({
    contentLength: z.number().int().min(1).optional(),
    /**
     * A photo (≤ 5 MB, the default) or a cook application's document (≤ 10 MB,
     * docs/features/food-safety.md).
     */
    purpose: z.enum(["photo", "document"], { error: msg("purpose must be photo or document") }).optional(),
  })
  .nullish()
  .transform((body) => body ?? {});

export const uploadParamsSchema = z.object({
  uploadURL: z.url(),
  method: z.literal("PUT"),
  expiresAt: isoDateTime,
});
export type UploadParams = z.infer<typeof uploadParamsSchema>;

/** `PUT /api/meal-photos` body: the URL the file was PUT to. */
export const registerPhotoSchema = z.object({
  photoURL: z.string({ error: msg("photoURL is required") }).url("photoURL must be the upload URL"),
});

export const registeredPhotoSchema = z.object({
  /** The 1600 px WebP, e.g. `/objects/photos/{uuid}.webp`; stored as a meal's photoPath. */
  objectPath: z.string(),
  /** The 400 px WebP thumbnail of the same photo. */
  thumbnailPath: z.string(),
});
export type RegisteredPhoto = z.infer<typeof registeredPhotoSchema>;
