/**
 * Food-safety schemas (docs/features/food-safety.md): the API's validation of allergen codes, other
 * allergens, dietary tags and storage, built on the vocabulary of `./plain/food-safety.ts` (the 14
 * allergens of EU Regulation 1169/2011 Annex II, the tags, storage and the allergy match), which this
 * module re-exports so the server and the client forms speak the same codes.
 */
import { z } from "zod";
import { msg } from "./messages";
import {
  ALLERGEN_CODES,
  ALLERGENS,
  DIET_TAG_CODES,
  DIET_TAGS,
  OTHER_ALLERGENS_MAX,
  STORAGE_TYPES,
  type StorageType,
  sortAllergenCodes,
} from "./plain/food-safety";

export * from "./plain/food-safety";

/** One of the 14 codes; anything else is a 400 naming the field. */
export const allergenCodeSchema = z.enum(ALLERGEN_CODES, {
  error: (issue) => msg("Unknown allergen code: {{code}}", { code: String(issue.input).slice(0, 40) }),
});

/** A set of codes, each at most once, in the Annex's order. */
export const allergenCodesSchema = z
  .array(allergenCodeSchema, { error: msg("allergenCodes must be a list of allergen codes") })
  .max(ALLERGENS.length)
  .transform(sortAllergenCodes);
export const otherAllergensSchema = z
  .string({ error: msg("Other allergens must be text") })
  .trim()
  .max(
    OTHER_ALLERGENS_MAX,
    msg("Other allergens must be at most {{max}} characters", { max: OTHER_ALLERGENS_MAX }),
  );
export const dietTagsSchema = z
  .array(
    z.enum(DIET_TAG_CODES, {
      error: (issue) => msg("Unknown dietary tag: {{tag}}", { tag: String(issue.input).slice(0, 40) }),
    }),
    { error: msg("dietTags must be a list of dietary tags") },
  )
  .max(DIET_TAGS.length)
  .transform((tags) => DIET_TAG_CODES.filter((code) => tags.includes(code)));
export const storageTypeSchema = z.enum(
  STORAGE_TYPES.map((type) => type.code) as [StorageType, ...StorageType[]],
  { error: msg("Storage must be chilled, frozen, hot or ambient") },
);
