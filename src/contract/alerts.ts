/**
 * Alerts for new meals (docs/features/neighbourhood.md point 6): "Tell me about new meals like this"
 * saves a local list's search text, kind and allergens to avoid, around the member's home area with
 * the list's radius.
 */
import { z } from "zod";
import { isoDateTime } from "./common";
import { EXCLUDED_ALLERGENS_MAX, mealKindSchema, SEARCH_TEXT_MAX } from "./meals";
import { msg } from "./messages";
import { HOME_RADIUS_CHOICES_KM } from "./places";

/** Alerts one member may keep. */
export const ALERTS_MAX = 20;
/** Longest allergen word an alert keeps. */
const ALLERGEN_WORD_MAX = 60;

/** `POST /api/alerts` body. */
export const createAlertSchema = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_TEXT_MAX, msg("Search text must be at most {{max}} characters", { max: SEARCH_TEXT_MAX }))
    .optional()
    .transform((value) => value || undefined),
  kind: mealKindSchema.optional(),
  excludeAllergens: z
    .array(
      z
        .string()
        .trim()
        .min(1, msg("An allergen cannot be empty"))
        .max(
          ALLERGEN_WORD_MAX,
          msg("An allergen must be at most {{max}} characters", { max: ALLERGEN_WORD_MAX }),
        ),
    )
    .max(EXCLUDED_ALLERGENS_MAX, msg("At most {{max}} allergens", { max: EXCLUDED_ALLERGENS_MAX }))
    .default([])
    .transform((words) => [...new Set(words.map((word) => word.toLowerCase()))]),
  /** Around the home area; its radius unless another is chosen. */
  radiusKm: z
    .union(
      HOME_RADIUS_CHOICES_KM.map((km) => z.literal(km)),
      { error: msg("Radius must be 1, 2, 5, 10 or 25 km") },
    )
    .optional(),
});
export type CreateAlertInput = z.input<typeof createAlertSchema>;

/** An alert as its owner sees it (`GET /api/alerts`). */
export const alertSchema = z.object({
  id: z.uuid(),
  q: z.string().nullable(),
  kind: mealKindSchema.nullable(),
  excludeAllergens: z.array(z.string()),
  radiusKm: z.number().int(),
  paused: z.boolean(),
  createdAt: isoDateTime,
});
export type Alert = z.infer<typeof alertSchema>;

/** `PUT /api/alerts/{id}` body: pause or resume. */
export const updateAlertSchema = z.object({
  paused: z.boolean({ error: msg("paused must be true or false") }),
});
