/**
 * The Create New Meal form (spec §5): the same field rules and messages as the API, with the
 * price typed in the deployment's currency as the reader's language writes numbers ("7.50",
 * "7,50"; docs/features/languages-currency-impact.md point 2) and the pickup times as local date-times,
 * converted on submit.
 */

import { NumberParser } from "@internationalized/number";
import { format } from "date-fns";
import { z } from "zod";
import { deployment } from "@/client/lib/deployment";
import { type AllergenCode, type DietTag, type StorageType, storageTypeSchema } from "@/contract/food-safety";
import { minorUnitDigits } from "@/contract/languages";
import {
  type CreateMealInput,
  createMealSchema,
  type MealDetail,
  mealFields,
  PICKUP_DETAILS_MAX,
  SERIES_WEEKS_MAX,
} from "@/contract/meals";
import { msg } from "@/contract/messages";
import { GROUP_FIRST_HOURS_MAX } from "@/contract/plain/groups";

/** A date as a `datetime-local` input's value, in the browser's time zone. */
export const localInput = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm");

export const mealFormSchema = z
  .object({
    title: mealFields.title,
    description: mealFields.description,
    kind: mealFields.kind,
    price: z.string(),
    // docs/decisions/022: card in the app, cash at pickup or both, where card payments are set up.
    paymentWays: z.enum(["cash", "card", "both"]).optional(),
    chargeNoShow: z.boolean().optional(),
    portionSize: z
      .number({ error: msg("Must have at least 1 portion") })
      .int()
      .min(1, msg("Must have at least 1 portion")),
    // docs/features/food-safety.md: the 14 allergens as a checkbox group, "none of the 14" as an
    // explicit choice.
    allergenCodes: z.array(z.string()),
    noMajorAllergens: z.boolean(),
    allergensOther: mealFields.allergensOther,
    dietTags: z.array(z.string()),
    // Optional, as the API has them (docs/ARCHITECTURE.md "Where to find a rule", a meal's required
    // food details): a weekly meal's coming week and meals posted through the API may lack them, and
    // an edit of such a meal must still save.
    preparedAt: z.string(),
    // A string, not the enum: the select starts empty, and the form's input and output types must agree.
    storage: z
      .string()
      .refine(
        (value) => value === "" || storageTypeSchema.safeParse(value).success,
        msg("Choose how the meal is stored"),
      ),
    reheating: z.string(),
    ingredients: mealFields.ingredients,
    pickupLocation: mealFields.pickupLocation,
    pickupDetails: z
      .string()
      .max(
        PICKUP_DETAILS_MAX,
        msg("Pickup details must be at most {{max}} characters", { max: PICKUP_DETAILS_MAX }),
      ),
    pickupWindowStart: z.string().min(1, msg("Pickup start time is required")),
    pickupWindowEnd: z.string().min(1, msg("Pickup end time is required")),
    deliveryAvailable: z.boolean(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    // docs/features/households.md point 3: a registered cook may post it every week.
    weekly: z.boolean(),
    weeks: z.number().int().min(2).max(SERIES_WEEKS_MAX),
    // docs/features/fair-shares.md point 1: how a free meal's portions are given (posting only).
    allocation: z.enum(["first_come", "draw", "choose"]),
    drawClosesAt: z.string(),
    // docs/decisions/020: who may enter a draw.
    drawEligibility: z.enum(["everyone", "neighbours"]),
    // docs/features/groups.md point 3: "Who can see this meal?" (posting only).
    audience: z.enum(["everyone", "group", "group_first"]),
    groupId: z.string(),
    everyoneAfterHours: z
      .number({
        error: msg("Hours must be a whole number from 1 to {{max}}", { max: GROUP_FIRST_HOURS_MAX }),
      })
      .int(msg("Hours must be a whole number from 1 to {{max}}", { max: GROUP_FIRST_HOURS_MAX }))
      .min(1, msg("Hours must be a whole number from 1 to {{max}}", { max: GROUP_FIRST_HOURS_MAX }))
      .max(
        GROUP_FIRST_HOURS_MAX,
        msg("Hours must be a whole number from 1 to {{max}}", { max: GROUP_FIRST_HOURS_MAX }),
      ),
  })
  .refine((values) => values.audience === "everyone" || values.groupId !== "", {
    message: msg("Choose one of your groups"),
    path: ["groupId"],
  })
  // A typed address always does (docs/decisions/018): a meal without a pickup point is found by
  // searching and in the full list, not nearby; the form says so where the point is chosen.
  .refine((values) => values.noMajorAllergens || values.allergenCodes.length > 0, {
    message: msg("Choose the allergens this meal contains, or confirm it contains none of the 14"),
    path: ["allergenCodes"],
    // Shown with the other fields' errors, not only once they are all fixed.
    when: (payload) => {
      const values = payload.value as { allergenCodes?: unknown; noMajorAllergens?: unknown } | undefined;
      return Array.isArray(values?.allergenCodes) && typeof values?.noMajorAllergens === "boolean";
    },
  });
export type MealFormValues = z.infer<typeof mealFormSchema>;

/** Form field → API field names differ only for the price. */
export const formFieldOf = (apiField: string) =>
  (apiField === "priceCents" ? "price" : apiField) as keyof MealFormValues;

/** The language's decimal and grouping signs ("." and "," in English, "," and "." in German). */
export function separatorsOf(language: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(language).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    group: parts.find((part) => part.type === "group")?.value ?? ",",
  };
}

/**
 * An amount as the language writes it ("7.50", "7,50", "1.000,50") in minor units of `currency`
 * (spec §5: × 100 and rounded, for a currency with cents).
 * @returns the amount; null when it is not a number; "ambiguous" when the language's grouping sign
 *   stands where it cannot group thousands ("8,50" in English, "8.50" in German): whoever typed it
 *   meant cents, and reading it as 850 would be wrong, so the form asks instead of guessing
 */
export function parsePrice(text: string, language: string, currency: string): number | "ambiguous" | null {
  const typed = text.trim();
  if (typed === "") return null;
  const { decimal, group } = separatorsOf(language);
  const whole = typed.split(decimal)[0];
  // Groups of three digits after each grouping sign, or it is not grouping at all.
  const groups = whole.split(group).slice(1);
  if (groups.some((digits) => !/^\d{3}$/.test(digits))) return "ambiguous";
  const amount = new NumberParser(language, { style: "decimal" }).parse(typed);
  return Number.isFinite(amount) ? Math.round(amount * 10 ** minorUnitDigits(currency)) : null;
}

/** The price in minor units, or null when it cannot be read (the form refuses it before sending). */
function priceCentsOf(text: string, language: string, currency: string): number | null {
  const cents = parsePrice(text, language, currency);
  return typeof cents === "number" ? cents : null;
}

/**
 * spec §5: the price in minor units, only for paid meals (null for free); times to ISO. The
 * allergens text is left to the server, which derives it from the codes (docs/features/food-safety.md).
 */
export function toCreateMeal(values: MealFormValues, language: string, currency: string): CreateMealInput {
  return {
    title: values.title,
    description: values.description,
    kind: values.kind,
    priceCents: values.kind === "paid" ? priceCentsOf(values.price, language, currency) : null,
    // Said only where card payments are set up (docs/decisions/022): otherwise a paid meal is cash.
    ...(values.kind === "paid" && deployment().cardPayments
      ? {
          paymentWays: values.paymentWays ?? "cash",
          chargeNoShow: (values.paymentWays ?? "cash") !== "cash" && values.chargeNoShow === true,
        }
      : {}),
    portionSize: values.portionSize,
    allergenCodes: values.noMajorAllergens ? [] : (values.allergenCodes as AllergenCode[]),
    noMajorAllergens: values.noMajorAllergens,
    allergensOther: values.allergensOther,
    dietTags: values.dietTags as DietTag[],
    preparedAt: values.preparedAt ? new Date(values.preparedAt).toISOString() : null,
    storage: (values.storage || null) as StorageType | null,
    reheating: values.reheating,
    ingredients: values.ingredients,
    pickupLocation: values.pickupLocation,
    pickupDetails: values.pickupDetails.trim() || null,
    pickupWindowStart: new Date(values.pickupWindowStart).toISOString(),
    pickupWindowEnd: new Date(values.pickupWindowEnd).toISOString(),
    deliveryAvailable: values.deliveryAvailable,
    latitude: values.latitude,
    longitude: values.longitude,
    ...(values.weekly
      ? { weekly: { weeks: values.weeks, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } }
      : {}),
    ...(values.kind === "free" && values.allocation !== "first_come"
      ? {
          allocation: values.allocation,
          ...(values.allocation === "draw" && values.drawClosesAt
            ? { drawClosesAt: new Date(values.drawClosesAt).toISOString() }
            : {}),
          ...(values.allocation === "draw" && values.drawEligibility === "neighbours"
            ? { drawEligibility: values.drawEligibility }
            : {}),
        }
      : {}),
    ...(values.audience !== "everyone" && values.groupId
      ? {
          groupId: values.groupId,
          everyoneAfterHours: values.audience === "group_first" ? values.everyoneAfterHours : null,
        }
      : {}),
  };
}

/**
 * "Share again" (docs/features/households.md point 3): a past meal's form values, with a new pickup
 * window at the same times of day — today if they are still ahead, else tomorrow — and the food made
 * afresh (when it was prepared is asked again).
 * @param price the meal's price as the reader's language writes it
 */
export function sharedAgain(meal: MealDetail, price: string, now = new Date()): Partial<MealFormValues> {
  const start = new Date(meal.pickupWindowStart);
  const length = new Date(meal.pickupWindowEnd).getTime() - start.getTime();
  const next = new Date(now);
  next.setHours(start.getHours(), start.getMinutes(), 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return {
    title: meal.title,
    description: meal.description,
    kind: meal.kind,
    price,
    paymentWays: meal.paymentWays ?? "cash",
    chargeNoShow: meal.chargeNoShow ?? false,
    portionSize: meal.portionSize,
    allergenCodes: meal.allergenCodes,
    noMajorAllergens: meal.noMajorAllergens,
    allergensOther: meal.allergensOther,
    dietTags: meal.dietTags,
    preparedAt: "",
    storage: meal.storage ?? "",
    reheating: meal.reheating ?? "",
    ingredients: meal.ingredients,
    pickupLocation: meal.pickupLocation,
    pickupDetails: meal.privatePickup?.details ?? "",
    pickupWindowStart: localInput(next),
    pickupWindowEnd: localInput(new Date(next.getTime() + length)),
    deliveryAvailable: meal.deliveryAvailable,
    // The feeder's exact point, not the one neighbours are shown (docs/features/neighbourhood.md).
    latitude: meal.privatePickup?.point?.latitude ?? meal.latitude,
    longitude: meal.privatePickup?.point?.longitude ?? meal.longitude,
  };
}

/** The API's cross-field rules run before sending, so the form shows them beside the fields. */
export function crossFieldErrors(meal: CreateMealInput): Partial<Record<keyof MealFormValues, string>> {
  const result = createMealSchema.safeParse(meal);
  if (result.success) return {};
  const errors: Partial<Record<keyof MealFormValues, string>> = {};
  for (const issue of result.error.issues) errors[formFieldOf(String(issue.path[0]))] ??= issue.message;
  return errors;
}

/**
 * A meal's own form values, for its cook to edit it (docs/features/everyday-journey.md): as posted,
 * the exact pickup point and details from the cook's private view, times as the form's inputs hold
 * them.
 * @param price the meal's price as the reader's language writes it
 */
export function editValuesOf(meal: MealDetail, price: string): MealFormValues {
  return {
    ...(sharedAgain(meal, price) as MealFormValues),
    preparedAt: meal.preparedAt ? localInput(new Date(meal.preparedAt)) : "",
    pickupWindowStart: localInput(new Date(meal.pickupWindowStart)),
    pickupWindowEnd: localInput(new Date(meal.pickupWindowEnd)),
    weekly: false,
    weeks: 4,
    allocation: "first_come",
    drawClosesAt: "",
    drawEligibility: "everyone",
    audience: "everyone",
    groupId: "",
    everyoneAfterHours: 24,
  };
}
