/**
 * Photo sizes and paths without the upload schemas (spec §9 "Photo"; docs/features/trust.md,
 * docs/decisions/015: the 400, 800 and 1600 px WebP of a photo and the `srcset` that offers them).
 * `src/contract/photos.ts` builds the API's schemas on it and re-exports it; the browser imports this
 * module (docs/decisions/015 "Phones").
 */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Largest photo a person may pick: the browser makes bigger ones smaller before uploading them
 * (docs/features/everyday-journey.md: an ordinary 9.7 MB phone photo was refused); the server's 5 MB
 * limit stays.
 */
export const PHOTO_PICK_MAX_BYTES = 25 * 1024 * 1024;
/** Image types the uploader offers; the server decides by the bytes, not by this list. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"];

/**
 * Where processed photos are served; a meal's photoPath or a profile photo must be one
 * (docs/features/trust.md).
 */
export const PHOTO_PATH = /^\/objects\/photos\/[0-9a-f-]{36}\.webp$/;

/** The 400 px thumbnail of a stored photo (`…/{uuid}.webp` → `…/{uuid}-400.webp`). */
export const thumbnailOf = (objectPath: string) => objectPath.replace(/\.webp$/, "-400.webp");

/**
 * The 800 px copy of a stored photo (`…/{uuid}.webp` → `…/{uuid}-800.webp`): what a phone's card or
 * page needs (docs/decisions/015).
 */
export const mediumOf = (objectPath: string) => objectPath.replace(/\.webp$/, "-800.webp");

/** A stored photo's `srcset`: its 400, 800 and 1600 px copies, for the browser to take what its slot needs. */
export const photoSrcSet = (objectPath: string) =>
  `${thumbnailOf(objectPath)} 400w, ${mediumOf(objectPath)} 800w, ${objectPath} 1600w`;

/**
 * How wide a photo is shown, as `sizes`: a card's in the grid of spec §2 (1/2/3/4 columns), a meal
 * page's hero, a thread's meal. The server preloads a drawn page's largest picture with its `<img>`'s
 * own `srcset` and `sizes` (src/server/first-answers.ts `pictureIn`), so the browser fetches one copy.
 */
export const PHOTO_SIZES = {
  card: "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
  hero: "(min-width: 1024px) 50vw, 100vw",
  thread: "(min-width: 640px) 192px, 100vw",
} as const;
