/**
 * A meal's fields and the rules across them (spec §5 "Create meal form", docs/DESIGN.md §4 "Meals"):
 * each field's schema with the spec's messages (`mealFields`), the cross-field rules
 * (`mealCrossFieldErrors`, `allocationErrors`) the API and the form both apply. meals.ts builds the
 * request and answer schemas on them and re-exports this module.
 */
import { z } from "zod";
import { inputDateTime } from "./common";
import {
  type AllergenCode,
  allergenCodesSchema,
  type DietTag,
  dietTagConflict,
  dietTagsSchema,
  otherAllergensSchema,
  REHEATING_MAX,
  storageTypeSchema,
} from "./food-safety";
import { type Message, msg } from "./messages";
import { paymentWaysSchema } from "./payments";
import { PHOTO_PATH } from "./photos";
import { roundCoordinate } from "./places";
import {
  MEAL_ALLERGENS_MAX,
  MEAL_KINDS,
  MEAL_LOCATION_MAX,
  MEAL_PORTIONS_MAX,
  MEAL_PRICE_MAX_CENTS,
  MEAL_TEXT_MAX,
  MEAL_TITLE_MAX,
  type MealKind,
  PICKUP_DETAILS_MAX,
  PICKUP_START_AHEAD_MAX_MS,
  PICKUP_START_PAST_MAX_MS,
  PICKUP_WINDOW_MAX_MS,
} from "./plain/meals";

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/Berlin"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A phone's clock may run this far ahead of the server's. */
const PREPARED_AT_SKEW_MS = 60_000;

export const mealKindSchema = z.enum(MEAL_KINDS, { error: msg("Kind must be free or paid") });

const requiredText = (required: Message, tooLong: Message, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** The per-field rules, for forms that build their own schema around them. */
export const mealFields = {
  title: requiredText(
    msg("Title is required"),
    msg("Title must be at most {{max}} characters", { max: MEAL_TITLE_MAX }),
    MEAL_TITLE_MAX,
  ),
  description: requiredText(
    msg("Description is required"),
    msg("Description must be at most {{max}} characters", { max: MEAL_TEXT_MAX }),
    MEAL_TEXT_MAX,
  ),
  kind: mealKindSchema,
  priceCents: z
    .number({ error: msg("Price must be a number") })
    .int(msg("Price must be a whole number of cents"))
    .min(0, msg("Price cannot be negative"))
    .max(MEAL_PRICE_MAX_CENTS, msg("Price must be at most {{max}}", { maxCents: MEAL_PRICE_MAX_CENTS }))
    .nullable()
    .optional(),
  /** Card in the app, cash at pickup, or both (docs/decisions/022); cash unless said. */
  paymentWays: paymentWaysSchema.optional(),
  chargeNoShow: z.boolean().optional(),
  portionSize: z
    .number({ error: msg("Must have at least 1 portion") })
    .int(msg("Portions must be a whole number"))
    .min(1, msg("Must have at least 1 portion"))
    .max(MEAL_PORTIONS_MAX, msg("At most {{max}} portions", { max: MEAL_PORTIONS_MAX })),
  allergens: z
    .string()
    .trim()
    .max(
      MEAL_ALLERGENS_MAX,
      msg("Allergens must be at most {{max}} characters", { max: MEAL_ALLERGENS_MAX }),
    ),
  /**
   * docs/features/food-safety.md: which of the 14 allergens the meal contains. When sent, `allergens` is
   * derived from these and `allergensOther`; without them, an `allergens` text is mapped to codes where
   * its words are unambiguous (the spec's clients keep working).
   */
  allergenCodes: allergenCodesSchema,
  allergensOther: otherAllergensSchema,
  /** The cook's explicit "Contains none of the 14". */
  noMajorAllergens: z.boolean({ error: msg("noMajorAllergens must be true or false") }),
  dietTags: dietTagsSchema,
  /** When the food was made: not in the future (docs/features/food-safety.md point 3). */
  preparedAt: inputDateTime(msg("Enter when the meal was prepared")).nullable().optional(),
  storage: storageTypeSchema.nullable().optional(),
  reheating: z
    .string()
    .trim()
    .max(
      REHEATING_MAX,
      msg("Reheating instructions must be at most {{max}} characters", { max: REHEATING_MAX }),
    )
    .nullable()
    .optional()
    .transform((value) => value || null),
  ingredients: requiredText(
    msg("Ingredients are required"),
    msg("Ingredients must be at most {{max}} characters", { max: MEAL_TEXT_MAX }),
    MEAL_TEXT_MAX,
  ),
  pickupLocation: requiredText(
    msg("Pickup location is required"),
    msg("Pickup location must be at most {{max}} characters", { max: MEAL_LOCATION_MAX }),
    MEAL_LOCATION_MAX,
  ),
  /**
   * Door, floor, bell: private (docs/features/neighbourhood.md) — only the feeder and the eaters they
   * accept ever read them; the public `pickupLocation` is a street or a landmark.
   */
  pickupDetails: z
    .string()
    .trim()
    .max(
      PICKUP_DETAILS_MAX,
      msg("Pickup details must be at most {{max}} characters", { max: PICKUP_DETAILS_MAX }),
    )
    .nullable()
    .optional()
    .transform((value) => value || null),
  pickupWindowStart: inputDateTime(msg("Pickup start time is required")),
  pickupWindowEnd: inputDateTime(msg("Pickup end time is required")),
  deliveryAvailable: z.boolean(),
  photoPath: z.string().regex(PHOTO_PATH, msg("Invalid photo")).nullable().optional(),
  latitude: z.number().min(-90).max(90).transform(roundCoordinate).nullable().optional(),
  longitude: z.number().min(-180).max(180).transform(roundCoordinate).nullable().optional(),
};

type MealRuleInput = {
  kind?: MealKind;
  allergenCodes?: readonly AllergenCode[];
  noMajorAllergens?: boolean;
  dietTags?: readonly DietTag[];
  preparedAt?: string | Date | null;
  priceCents?: number | null;
  pickupWindowStart?: string | Date;
  pickupWindowEnd?: string | Date;
  latitude?: number | null;
  longitude?: number | null;
};

/**
 * The rules that span fields (docs/DESIGN.md §4 "Meals"): price required (> 0) for paid and absent for
 * free, pickup end after start and not already over, coordinates in pairs; docs/features/food-safety.md:
 * allergens either listed or declared none (when codes are given at all, not both), dietary tags that
 * agree, prepared at not in the future (a minute of clock difference allowed).
 * @returns field → message for each broken rule; empty when the meal is valid
 */
export function mealCrossFieldErrors(meal: MealRuleInput, now = new Date()): Record<string, Message> {
  const errors: Record<string, Message> = {};
  if (meal.kind === "paid" && meal.priceCents == null)
    errors.priceCents = msg("Price is required for paid meals");
  else if (meal.kind === "paid" && (meal.priceCents ?? 0) <= 0)
    errors.priceCents = msg("Price must be more than {{amount}}", { amountCents: 0 });
  if (meal.kind === "free" && meal.priceCents != null) errors.priceCents = msg("Free meals have no price");
  if (meal.pickupWindowStart && meal.pickupWindowEnd) {
    const start = new Date(meal.pickupWindowStart).getTime();
    const end = new Date(meal.pickupWindowEnd).getTime();
    // A window a neighbour can plan around: started at most a day ago, starting within 90 days,
    // open for at most a week (docs/DESIGN.md §4 "Meals").
    if (start < now.getTime() - PICKUP_START_PAST_MAX_MS)
      errors.pickupWindowStart = msg("Pickup start cannot be more than a day ago");
    else if (start > now.getTime() + PICKUP_START_AHEAD_MAX_MS)
      errors.pickupWindowStart = msg("Pickup start must be within the next 90 days");
    if (end <= start) errors.pickupWindowEnd = msg("Pickup end time must be after the start time");
    else if (end <= now.getTime()) errors.pickupWindowEnd = msg("Pickup end time must be in the future");
    else if (end - start > PICKUP_WINDOW_MAX_MS)
      errors.pickupWindowEnd = msg("A pickup window can be at most 7 days long");
  }
  if ((meal.latitude == null) !== (meal.longitude == null))
    errors.latitude = msg("Give both latitude and longitude");
  if (meal.allergenCodes !== undefined) {
    if (meal.noMajorAllergens && meal.allergenCodes.length > 0)
      errors.noMajorAllergens = msg("A meal cannot both contain allergens and none of the 14");
    else if (!meal.noMajorAllergens && meal.allergenCodes.length === 0)
      errors.allergenCodes = msg(
        "Choose the allergens this meal contains, or confirm it contains none of the 14",
      );
  }
  const conflict = meal.dietTags ? dietTagConflict(meal.dietTags) : null;
  if (conflict) errors.dietTags = conflict;
  if (meal.preparedAt && new Date(meal.preparedAt).getTime() > now.getTime() + PREPARED_AT_SKEW_MS)
    errors.preparedAt = msg("Prepared at cannot be in the future");
  return errors;
}

/**
 * The rules of how a meal's portions are given (docs/features/fair-shares.md point 1): a draw or the
 * cook's choice for free meals only and not weekly ones; a draw closes in the future and by the pickup
 * start; a closing time only for a draw.
 * @returns field → message for each broken rule
 */
export function allocationErrors(
  meal: {
    kind?: MealKind;
    allocation?: string;
    drawClosesAt?: string;
    drawEligibility?: string;
    pickupWindowStart?: string;
    weekly?: unknown;
  },
  now = new Date(),
): Record<string, Message> {
  const errors: Record<string, Message> = {};
  const allocation = meal.allocation ?? "first_come";
  if (allocation !== "first_come" && meal.kind === "paid")
    errors.allocation = msg("Only free meals can be given by a draw or by your choice");
  else if (allocation !== "first_come" && meal.weekly)
    errors.allocation = msg("A weekly meal is given first come");
  if (meal.drawEligibility !== undefined && allocation !== "draw")
    errors.drawEligibility = msg("Only a draw says who may enter");
  if (meal.drawClosesAt !== undefined) {
    const closes = new Date(meal.drawClosesAt).getTime();
    if (allocation !== "draw") errors.drawClosesAt = msg("Only a draw has a closing time");
    else if (closes <= now.getTime()) errors.drawClosesAt = msg("Entries must close in the future");
    else if (meal.pickupWindowStart && closes > new Date(meal.pickupWindowStart).getTime())
      errors.drawClosesAt = msg("Entries must close by the start of the pickup");
  }
  return errors;
}
