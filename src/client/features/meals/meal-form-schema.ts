/**
 * The Create New Meal form (spec §5): the same field rules and messages as the API, with the
 * price typed in dollars and the pickup times as local date-times, converted on submit.
 */
import { z } from "zod";
import { type AllergenCode, type DietTag, type StorageType, storageTypeSchema } from "@/contract/food-safety";
import { type CreateMealInput, createMealSchema, mealFields } from "@/contract/meals";

export const mealFormSchema = z
  .object({
    title: mealFields.title,
    description: mealFields.description,
    kind: mealFields.kind,
    price: z.string(),
    portionSize: z
      .number({ error: "Must have at least 1 portion" })
      .int()
      .min(1, "Must have at least 1 portion"),
    // Issue 13: the 14 allergens as a checkbox group, "none of the 14" as an explicit choice.
    allergenCodes: z.array(z.string()),
    noMajorAllergens: z.boolean(),
    allergensOther: mealFields.allergensOther,
    dietTags: z.array(z.string()),
    preparedAt: z.string().min(1, "Enter when the meal was prepared"),
    // A string, not the enum: the select starts empty, and the form's input and output types must agree.
    storage: z
      .string()
      .refine((value) => storageTypeSchema.safeParse(value).success, "Choose how the meal is stored"),
    reheating: z.string(),
    ingredients: mealFields.ingredients,
    pickupLocation: mealFields.pickupLocation,
    pickupWindowStart: z.string().min(1, "Pickup start time is required"),
    pickupWindowEnd: z.string().min(1, "Pickup end time is required"),
    deliveryAvailable: z.boolean(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  })
  .refine((values) => values.noMajorAllergens || values.allergenCodes.length > 0, {
    message: "Choose the allergens this meal contains, or confirm it contains none of the 14",
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

/**
 * spec §5: price in dollars × 100, rounded, only for paid meals (null for free); times to ISO.
 * The allergens text is left to the server, which derives it from the codes (issue 13).
 */
export function toCreateMeal(values: MealFormValues): CreateMealInput {
  const dollars = values.price.trim() === "" ? Number.NaN : Number(values.price);
  return {
    title: values.title,
    description: values.description,
    kind: values.kind,
    priceCents: values.kind === "paid" ? (Number.isFinite(dollars) ? Math.round(dollars * 100) : null) : null,
    portionSize: values.portionSize,
    allergenCodes: values.noMajorAllergens ? [] : (values.allergenCodes as AllergenCode[]),
    noMajorAllergens: values.noMajorAllergens,
    allergensOther: values.allergensOther,
    dietTags: values.dietTags as DietTag[],
    preparedAt: new Date(values.preparedAt).toISOString(),
    storage: (values.storage || null) as StorageType | null,
    reheating: values.reheating,
    ingredients: values.ingredients,
    pickupLocation: values.pickupLocation,
    pickupWindowStart: new Date(values.pickupWindowStart).toISOString(),
    pickupWindowEnd: new Date(values.pickupWindowEnd).toISOString(),
    deliveryAvailable: values.deliveryAvailable,
    latitude: values.latitude,
    longitude: values.longitude,
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
