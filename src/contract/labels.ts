/**
 * The container label (docs/features/handover.md point 3): what the cook prints for the box and what
 * its QR code opens for anyone — the food, never the person — and the "Use by" rule per storage type.
 */
import { z } from "zod";
import { isoDateTime } from "./common";
import { allergenCodeSchema, type StorageType, storageTypeSchema } from "./food-safety";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long after it was made (or, for hot food, after the pickup window) a meal is to be eaten, per
 * storage type (docs/features/handover.md "Decisions", from the FSA guidance in `STORAGE_GUIDANCE`):
 * chilled two days, frozen three months, ambient one day; hot food two hours after the pickup window
 * ends.
 */
export const USE_BY_AFTER_MS: Record<StorageType, number> = {
  chilled: 2 * DAY_MS,
  frozen: 90 * DAY_MS,
  ambient: DAY_MS,
  hot: 2 * HOUR_MS,
};

/**
 * The label's "Use by" (docs/features/handover.md "Decisions").
 * @param meal `storage` (null: not said, so no date), `preparedAt` (ISO; when not given, the time the
 *   meal was posted stands in for it), `postedAt` and `pickupWindowEnd` (ISO)
 * @returns an ISO date-time, or null when the cook did not say how it is kept
 */
export function labelUseBy(meal: {
  storage: StorageType | null;
  preparedAt: string | null;
  postedAt: string;
  pickupWindowEnd: string;
}): string | null {
  if (!meal.storage) return null;
  const from = meal.storage === "hot" ? meal.pickupWindowEnd : (meal.preparedAt ?? meal.postedAt);
  return new Date(new Date(from).getTime() + USE_BY_AFTER_MS[meal.storage]).toISOString();
}

/** A piece of the ingredients text; `allergen` when the word means one of the 14 (shown in bold). */
export const ingredientPartSchema = z.object({ text: z.string(), allergen: z.boolean() });
export type IngredientPart = z.infer<typeof ingredientPartSchema>;

/**
 * `GET /api/labels/{token}`: the public label page, signed out, kept after the meal has ended (the
 * food still exists). Nothing about the cook or the place.
 */
export const publicLabelSchema = z.object({
  title: z.string(),
  ingredients: z.array(ingredientPartSchema),
  allergenCodes: z.array(allergenCodeSchema),
  allergensOther: z.string(),
  /** The allergens as typed, for meals posted before the 14 codes. */
  allergens: z.string(),
  noMajorAllergens: z.boolean(),
  preparedAt: isoDateTime.nullable(),
  useBy: isoDateTime.nullable(),
  storage: storageTypeSchema.nullable(),
  reheating: z.string().nullable(),
});
export type PublicLabel = z.infer<typeof publicLabelSchema>;

/** `POST /api/meals/{id}/label` (its cook only): the printed label, with the public page's token. */
export const printLabelSchema = publicLabelSchema.extend({
  token: z.string(),
  cookFirstName: z.string(),
});
export type PrintLabel = z.infer<typeof printLabelSchema>;

/** A label token: 22 URL-safe characters (128 random bits). */
export const labelTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
