/**
 * Structured allergens on the server (docs/features/food-safety.md point 1): the words people type
 * mapped to the 14 codes through the `allergen_synonyms` table (the one list migration 0011 also maps
 * old meals with), and the allergen columns a meal is written with.
 */
import { inArray } from "drizzle-orm";
import {
  type AllergenCode,
  deriveAllergensText,
  sortAllergenCodes,
  splitOtherAllergens,
} from "../../../contract/food-safety";
import { allergenTags } from "../../../contract/meals";
import { msg } from "../../../contract/messages";
import type { Executor } from "../../db/client";
import { allergenSynonyms } from "../../db/schema";
import { validation } from "../../errors";

/**
 * Splits allergen words into the codes they mean and those that mean none (free text).
 * @param words as typed; matched trimmed and lower-cased
 * @returns the codes (Annex order, each once) and the unmatched words, in their order
 */
export async function mapAllergenWords(
  db: Executor,
  words: readonly string[],
): Promise<{ codes: AllergenCode[]; other: string[] }> {
  const keys = [...new Set(words.map((word) => word.trim().toLowerCase()).filter(Boolean))];
  if (keys.length === 0) return { codes: [], other: [] };
  const rows = await db.select().from(allergenSynonyms).where(inArray(allergenSynonyms.synonym, keys));
  const known = new Map(rows.map((row) => [row.synonym, row.codes as AllergenCode[]]));
  return {
    codes: sortAllergenCodes(rows.flatMap((row) => row.codes as AllergenCode[])),
    other: words.map((word) => word.trim()).filter((word) => word && !known.has(word.toLowerCase())),
  };
}

/** What a meal's allergen columns are written from: codes, or the spec's text alone. */
export interface AllergenInput {
  allergens?: string;
  allergenCodes?: AllergenCode[];
  allergensOther?: string;
  noMajorAllergens?: boolean;
}

/** A meal's allergen columns. */
export interface AllergenColumns {
  allergens: string;
  allergenCodes: AllergenCode[];
  allergensOther: string;
  noMajorAllergens: boolean;
}

/**
 * The allergen columns of a meal: with codes, `allergens` is derived (display names, then the
 * free text); with the spec's `allergens` text alone, its unambiguous words become codes and the
 * rest "Other", and the text is kept as typed.
 * @throws AppError 400 when the text maps to allergens but "none of the 14" is declared, or the
 *   derived text is longer than the column
 */
export async function allergenColumns(db: Executor, input: AllergenInput): Promise<AllergenColumns> {
  const noMajorAllergens = input.noMajorAllergens ?? false;
  if (input.allergenCodes !== undefined) {
    const allergensOther = input.allergensOther ?? "";
    const allergens = deriveAllergensText(input.allergenCodes, allergensOther);
    if (allergens.length > 500) throw validation(msg("Allergens must be at most 500 characters"));
    return { allergens, allergenCodes: input.allergenCodes, allergensOther, noMajorAllergens };
  }
  const text = input.allergens ?? "";
  const mapped = await mapAllergenWords(db, [
    ...allergenTags(text),
    ...allergenTags(input.allergensOther ?? ""),
  ]);
  if (noMajorAllergens && mapped.codes.length > 0) {
    throw validation(msg("A meal cannot both contain allergens and none of the 14"), {
      noMajorAllergens: msg("A meal cannot both contain allergens and none of the 14"),
    });
  }
  return {
    allergens: text || mapped.other.join(", "),
    allergenCodes: mapped.codes,
    allergensOther: mapped.other.join(", ").slice(0, 300),
    noMajorAllergens,
  };
}

/**
 * An eater's allergies as they are saved: each free-text allergy that names one of the 14
 * ("dairy", "shellfish") becomes its codes, so warnings, which compare codes, see it as hiding
 * does (docs/ARCHITECTURE.md "Where to find a rule": allergen matching; migration 0017 did the same
 * to allergies saved before). Words that mean no code stay free text, in their order.
 * @param allergies the codes ticked and the free text typed, as sent
 * @returns the codes (Annex order, each once) and the remaining free text, comma-separated
 */
export async function eaterAllergies(
  db: Executor,
  allergies: { allergyCodes: readonly AllergenCode[]; allergiesOther: string },
): Promise<{ allergyCodes: AllergenCode[]; allergiesOther: string }> {
  const mapped = await mapAllergenWords(db, splitOtherAllergens(allergies.allergiesOther));
  return {
    allergyCodes: sortAllergenCodes([...new Set([...allergies.allergyCodes, ...mapped.codes])]),
    allergiesOther: mapped.other.join(", "),
  };
}
