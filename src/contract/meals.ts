/**
 * Meal shapes and rules (spec §3 Meal, §5 "Create meal form", docs/DESIGN.md §4 "Meals"). The messages
 * are the spec's words; the same schema validates the API body and the form's converted values.
 * Its words, limits and pure rules live in `./plain/meals.ts`, which this module re-exports;
 * the browser imports that one (docs/decisions/015 "Phones").
 */
import { z } from "zod";
import { abilitySchema } from "./abilities";
import { allocationSchema, drawEligibilitySchema } from "./allocation";
import { isoDateTime, pageQuerySchema, publicUserSchema } from "./common";
import { allergenCodeSchema, storageTypeSchema } from "./food-safety";
import { mealAudienceFields, mealGroupSchema } from "./groups";
import { allocationErrors, isTimeZone, mealCrossFieldErrors, mealFields, mealKindSchema } from "./meal-rules";
import { msg } from "./messages";
import { paymentWaysSchema } from "./payments";
import { bboxSchema } from "./places";
import {
  allergenTags,
  EXCLUDED_ALLERGENS_MAX,
  LOCAL_SORTS,
  MAP_MEALS_MAX,
  MEAL_ALLERGENS_MAX,
  MEAL_PORTIONS_MAX,
  NEAR_RADIUS_MAX_KM,
  SEARCH_TEXT_MAX,
  SERIES_WEEKS_MAX,
} from "./plain/meals";

export * from "./meal-rules";
export * from "./plain/meals";

/**
 * `POST /api/meals` body (spec §7; docs/features/food-safety.md adds the allergen codes, dietary tags
 * and food details).
 */
export const createMealSchema = z
  .object({
    ...mealFields,
    allergens: mealFields.allergens.default(""),
    allergenCodes: mealFields.allergenCodes.optional(),
    allergensOther: mealFields.allergensOther.default(""),
    noMajorAllergens: mealFields.noMajorAllergens.default(false),
    dietTags: mealFields.dietTags.default([]),
    deliveryAvailable: mealFields.deliveryAvailable.default(false),
    /**
     * Post it every week, same weekday and times in `timeZone`, for `weeks` weeks in all
     * (docs/features/households.md point 3; registered cooks only).
     */
    weekly: z
      .object({
        weeks: z
          .number({ error: msg("Weeks must be a whole number from 2 to {{max}}", { max: SERIES_WEEKS_MAX }) })
          .int(msg("Weeks must be a whole number from 2 to {{max}}", { max: SERIES_WEEKS_MAX }))
          .min(2, msg("Weeks must be a whole number from 2 to {{max}}", { max: SERIES_WEEKS_MAX }))
          .max(
            SERIES_WEEKS_MAX,
            msg("Weeks must be a whole number from 2 to {{max}}", { max: SERIES_WEEKS_MAX }),
          ),
        timeZone: z.string().max(64).refine(isTimeZone, msg("Unknown time zone")),
      })
      .optional(),
    ...mealAudienceFields,
    /**
     * How its portions are given (docs/features/fair-shares.md point 1); a draw or the cook's choice
     * for free meals only, and not for a weekly meal. Set when posting; it does not change.
     */
    allocation: allocationSchema.default("first_come"),
    /** A draw's closing time: by default an hour after posting, at the latest the pickup start. */
    drawClosesAt: isoDateTime.optional(),
    /** Who may enter a draw (docs/decisions/020): everyone by default, or neighbours only. */
    drawEligibility: drawEligibilitySchema.optional(),
  })
  .superRefine((meal, ctx) => {
    for (const [path, message] of Object.entries(mealCrossFieldErrors(meal))) {
      ctx.addIssue({ code: "custom", path: [path], message });
    }
    for (const [path, message] of Object.entries(allocationErrors(meal))) {
      ctx.addIssue({ code: "custom", path: [path], message });
    }
    if (meal.everyoneAfterHours != null && !meal.groupId) {
      ctx.addIssue({
        code: "custom",
        path: ["everyoneAfterHours"],
        message: msg("Choose the group that sees it first"),
      });
    }
  });
export type CreateMealInput = z.input<typeof createMealSchema>;
export type CreateMeal = z.output<typeof createMealSchema>;

/** `PUT /api/meals/{id}` body: any subset of the fields, `isActive` included (spec §4 "Meal"). */
export const updateMealSchema = z
  .object({ ...mealFields, isActive: z.boolean() })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, msg("Nothing to update"));
export type UpdateMeal = z.output<typeof updateMealSchema>;

/**
 * The centre of a local list as the `near` parameter spells it: "lat,lng" in decimal degrees (the
 * device's position), or "home" for the viewer's home area, which the server knows and the URL
 * never carries (docs/features/neighbourhood.md point 2).
 */
export const nearSchema = z
  .string()
  .trim()
  .regex(/^(home|-?\d{1,3}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?)$/, msg("near must be latitude,longitude or home"))
  .transform((value, ctx) => {
    if (value === "home") return "home" as const;
    const [latitude, longitude] = value.split(",").map(Number);
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      ctx.addIssue({ code: "custom", message: msg("near is outside the earth's coordinates") });
      return z.NEVER;
    }
    return { latitude, longitude };
  });

/** Comma-separated allergens, trimmed, lower-cased, empties dropped (spec §3 Meal's format). */
const allergenListSchema = z
  .string()
  .max(
    MEAL_ALLERGENS_MAX,
    msg("excludeAllergens must be at most {{max}} characters", { max: MEAL_ALLERGENS_MAX }),
  )
  .transform((value) => [...new Set(allergenTags(value.toLowerCase()))])
  .refine(
    (tags) => tags.length <= EXCLUDED_ALLERGENS_MAX,
    msg("At most {{max}} allergens", { max: EXCLUDED_ALLERGENS_MAX }),
  );

/**
 * `GET /api/meals` query (spec §7; docs/features/discovery.md): `kind`; `q` searches title, description,
 * ingredients, allergens and kind; `near` + `radiusKm` keep meals within that distance, nearest
 * first; `excludeAllergens` drops meals whose allergens mention any of them.
 */
export const mealListQuerySchema = pageQuerySchema.extend({
  kind: mealKindSchema.optional(),
  q: z
    .string()
    .trim()
    .max(SEARCH_TEXT_MAX, msg("Search text must be at most {{max}} characters", { max: SEARCH_TEXT_MAX }))
    .optional()
    .transform((value) => value || undefined),
  near: nearSchema.optional(),
  radiusKm: z.coerce
    .number({ error: msg("radiusKm must be a number") })
    .gt(0, msg("radiusKm must be more than 0"))
    .max(NEAR_RADIUS_MAX_KM, msg("radiusKm must be at most {{max}}", { max: NEAR_RADIUS_MAX_KM }))
    .optional(),
  excludeAllergens: allergenListSchema.optional(),
  /** With `near`: nearest first (default) or newest first. */
  sort: z.enum(LOCAL_SORTS, { error: msg("sort must be nearest or newest") }).optional(),
});
export type MealListQuery = z.output<typeof mealListQuerySchema>;

/**
 * `GET /api/meals/map` query (docs/features/neighbourhood.md point 5): the list's filters and the box
 * the map shows.
 */
export const mealMapQuerySchema = mealListQuerySchema
  .pick({ kind: true, q: true, excludeAllergens: true })
  .extend({
    bbox: bboxSchema,
    limit: z.coerce.number().int().min(1).max(MAP_MEALS_MAX).optional(),
  });

/** A meal on the map: enough for its marker and its name in the list beside the map. */
export const mapMealSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  kind: mealKindSchema,
  priceCents: z.number().int().nullable(),
  portionsLeft: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  /** The group it is shared with while only the group's members see it. */
  group: mealGroupSchema.nullable(),
});
export type MapMeal = z.infer<typeof mapMealSchema>;

/** `GET /api/meals/map`: the meals in view nearest its centre, and whether more are in view. */
export const mealMapSchema = z.object({ meals: z.array(mapMealSchema), more: z.boolean() });
export type MealMap = z.infer<typeof mealMapSchema>;

/** `GET /api/meals/allergens`: allergens of open meals and how many of them name each. */
export const allergensInUseSchema = z.array(z.object({ allergen: z.string(), meals: z.number().int() }));
export type AllergensInUse = z.infer<typeof allergensInUseSchema>;

/**
 * How a paid meal is paid where card payment is offered (docs/decisions/022); absent: cash at pickup.
 * Optional, so last in every schema that carries them (the compiled writer writes optional fields last).
 */
const cardTerms = {
  paymentWays: paymentWaysSchema.optional(),
  /** Its eater's no-show is charged to the card (set before any request). */
  chargeNoShow: z.boolean().optional(),
};

/** A meal as every meal endpoint returns it (spec §3 Meal; docs/DESIGN.md §4 "Requests" for portionsLeft). */
export const mealSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  ingredients: z.string(),
  allergens: z.string(),
  /**
   * docs/features/food-safety.md: the 14 allergens' codes it contains, free-text others, "none of the
   * 14" declared.
   */
  allergenCodes: z.array(allergenCodeSchema),
  allergensOther: z.string(),
  noMajorAllergens: z.boolean(),
  dietTags: z.array(z.string()),
  preparedAt: isoDateTime.nullable(),
  storage: storageTypeSchema.nullable(),
  reheating: z.string().nullable(),
  kind: mealKindSchema,
  priceCents: z.number().int().nullable(),
  portionSize: z.number().int(),
  portionsLeft: z.number().int(),
  pickupWindowStart: isoDateTime,
  pickupWindowEnd: isoDateTime,
  pickupLocation: z.string(),
  deliveryAvailable: z.boolean(),
  photoPath: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isActive: z.boolean(),
  /**
   * Held for a moderator's check (docs/decisions/020): only its cook (and moderators) see it, inactive,
   * marked "Held for a quick check", until it is let through.
   */
  held: z.boolean(),
  /** True once the pickup window has ended. */
  isExpired: z.boolean(),
  createdAt: isoDateTime,
  /** The weekly series it is one week of (docs/features/households.md point 3), or null. */
  seriesId: z.uuid().nullable(),
  /**
   * The group it is shared with (docs/features/groups.md point 3) while only its members see it — or,
   * once shared with everyone, when the group is listed; null otherwise.
   */
  group: mealGroupSchema.nullable(),
  /** Only the group's members see it (until `opensAt`, when there is one). */
  membersOnly: z.boolean(),
  opensAt: isoDateTime.nullable(),
  /** How its portions are given (docs/features/fair-shares.md point 1): first come, a draw, the cook's choice. */
  allocation: allocationSchema,
  owner: publicUserSchema,
  /** Mean of the owner's reviews, one decimal; null with none. */
  ownerRating: z.number().nullable(),
  ownerReviewCount: z.number().int(),
  /**
   * The viewer's allergies this meal mentions (docs/features/food-safety.md): codes of the 14 and the
   * viewer's own words, as the server matched them — the same rule "Hide allergens" hides by. Empty
   * for the viewer's own meals and for a viewer with no allergies.
   */
  allergyWarnings: z.array(z.string()),
  /**
   * On lists, the viewer's place (1 = first) in the waiting list of a meal with nothing left; null
   * when they do not wait for it (docs/features/everyday-journey.md). The meal's page
   * says it in `waitlist.mine`.
   */
  waitlistPosition: z.number().int().nullable().optional(),
  /**
   * On lists, whether the meal is the viewer's own: a card then offers no request, save or hide and no
   * distance (docs/features/everyday-journey.md), told by the server, not worked out from ids.
   */
  yours: z.boolean().optional(),
  /**
   * Distance from the list's `near` point in km, rounded to 0.1 (docs/DESIGN.md §4 "Distance": never
   * exact); only on lists asked with `near`.
   */
  distanceKm: z.number().optional(),
  ...cardTerms,
});
export type Meal = z.infer<typeof mealSchema>;

/**
 * `GET /api/meals/{id}`: the meal, and the viewer's own pending or accepted request for it, so
 * the page links to that thread instead of offering a second request (docs/features/everyday-journey.md).
 */
/** A weekly series' state (docs/features/households.md point 3). */
export const seriesStatusSchema = z.enum(["active", "paused", "stopped"], {
  error: msg("status must be active, paused or stopped"),
});
export type SeriesStatus = z.infer<typeof seriesStatusSchema>;

/**
 * A weekly meal's series: how many weeks, how many made, and when the next
 * occurrence's pickup starts (null once there will be none).
 */
export const mealSeriesViewSchema = z.object({
  id: z.uuid(),
  status: seriesStatusSchema,
  weeks: z.number().int(),
  made: z.number().int(),
  nextStart: isoDateTime.nullable(),
  /** What the viewer may do with it: its cook pauses, resumes or stops it (`seriesRefusal`). */
  abilities: z.object({ pause: abilitySchema, resume: abilitySchema, stop: abilitySchema }),
});
export type MealSeriesView = z.infer<typeof mealSeriesViewSchema>;

/** `PUT /api/meal-series/{id}`: pause, resume or stop. */
export const updateSeriesSchema = z.object({ status: seriesStatusSchema });

/** A member's place in a meal's waiting list (docs/features/households.md point 2). */
export const myWaitlistPlaceSchema = z.object({
  portions: z.number().int(),
  /** 1 for the first in line. */
  position: z.number().int(),
});
export type MyWaitlistPlace = z.infer<typeof myWaitlistPlaceSchema>;

/**
 * The exact pickup point (to about 100 m) and the private pickup details: the feeder's own, and their
 * accepted eaters' (docs/features/neighbourhood.md); null for everyone else.
 */
export const privatePickupSchema = z.object({
  point: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  details: z.string().nullable(),
});
export type PrivatePickup = z.infer<typeof privatePickupSchema>;

export { type Ability, abilitySchema } from "./abilities";

/** What the viewer may do with a meal: ask, wait, enter or leave its draw, change it, print its label. */
export const mealAbilitiesSchema = z.object({
  request: abilitySchema,
  waitlist: abilitySchema,
  enterDraw: abilitySchema,
  leaveDraw: abilitySchema,
  edit: abilitySchema,
  printLabel: abilitySchema,
  /** Take it down or put it back: an admin's, on a meal not their own. */
  moderate: abilitySchema,
});
export type MealAbilities = z.infer<typeof mealAbilitiesSchema>;

export const mealDetailSchema = mealSchema
  .omit({ paymentWays: true, chargeNoShow: true, yours: true })
  .extend({
    /** Whether the viewer posted it, as the server reads it (its page then offers the cook's actions). */
    yours: z.boolean(),
    myOpenRequestId: z.uuid().nullable(),
    /**
     * Portions of it offered to the viewer from the waiting list, kept until `holdUntil`: the meal page
     * offers Take them up (its request is `myOpenRequestId`); null otherwise.
     */
    myOffer: z.object({ portions: z.number().int(), holdUntil: isoDateTime }).nullable(),
    /** The feeder's own view of where their meal is picked up; null for everyone else. */
    privatePickup: privatePickupSchema.nullable(),
    /** How many wait for portions, and the viewer's place among them. */
    waitlist: z.object({ waiting: z.number().int(), mine: myWaitlistPlaceSchema.nullable() }),
    /**
     * A weekly meal's series, so neighbours see when it comes next and its cook can pause or stop it;
     * null for single meals.
     */
    series: mealSeriesViewSchema.nullable(),
    /** What this viewer may do with the meal, and why not (`mealAbilitiesSchema`). */
    abilities: mealAbilitiesSchema,
    ...cardTerms,
  });
export type MealDetail = z.infer<typeof mealDetailSchema>;

/**
 * `GET /api/meals/{id}/preview`, for everyone: what a shared meal link shows a visitor who is not
 * signed in (docs/features/everyday-journey.md) — its title, kind and photo,
 * nothing of where or from whom. Only an open meal has one.
 */
export const mealPreviewSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  kind: mealKindSchema,
  photoPath: z.string().nullable(),
});
export type MealPreview = z.infer<typeof mealPreviewSchema>;

/** `POST /api/meals/{id}/waitlist`: how many portions the member waits for. */
export const joinWaitlistSchema = z.object({
  portions: z
    .number({ error: msg("Portions must be a whole number") })
    .int(msg("Portions must be a whole number"))
    .min(1, msg("Ask for at least 1 portion"))
    .max(MEAL_PORTIONS_MAX, msg("At most {{max}} portions", { max: MEAL_PORTIONS_MAX })),
});

/** `GET /api/user/{id}/rating` (docs/DESIGN.md §4 "Reviews"). */
/** `GET /api/user/{id}/rating`: mean of reviews received (one decimal, null with none) and count. */
export const ratingSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  /** Completed exchanges, either side. */
  completedExchanges: z.number().int(),
  /**
   * Meals they posted, and portions picked up from them (docs/features/languages-currency-impact.md
   * "Impact").
   */
  mealsShared: z.number().int(),
  portionsShared: z.number().int(),
  /** The Trusted Member badge: the trusted level (docs/decisions/020 "Levels"). */
  trustedMember: z.boolean(),
});
export type Rating = z.infer<typeof ratingSchema>;

/** `PUT`/`DELETE /api/meals/{id}/save`: whether the meal is saved now. */
export const savedStateSchema = z.object({ saved: z.boolean() });

/**
 * `GET /api/user/hidden`: the meals and cooks the member took out of their lists with "Not interested"
 * (docs/features/everyday-journey.md), most recent first, for Settings' undo.
 */
export const hiddenFromListsSchema = z.object({
  meals: z.array(z.object({ id: z.uuid(), title: z.string(), hiddenAt: isoDateTime })),
  cooks: z.array(
    z.object({
      id: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      profileImageUrl: z.string().nullable(),
      hiddenAt: isoDateTime,
    }),
  ),
});
export type HiddenFromLists = z.infer<typeof hiddenFromListsSchema>;

/** `PUT`/`DELETE /api/user/hidden/{meals|cooks}/{id}`: whether that meal or cook is hidden now. */
export const hiddenStateSchema = z.object({ id: z.uuid(), hidden: z.boolean() });
