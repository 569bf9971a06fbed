/**
 * Food-safety vocabulary without its schemas (docs/features/food-safety.md): the 14 allergens of EU
 * Regulation 1169/2011 Annex II as fixed codes with their display names, the dietary tags, how a meal is
 * stored, and how an eater's allergies are matched against a meal. `src/contract/food-safety.ts` builds
 * the API's schemas on it and re-exports it; the browser imports this module, so a page that only shows
 * these words does not build zod schemas (docs/decisions/015 "Phones").
 */
import { type Message, msg } from "../messages";

/** Annex II of Regulation (EU) No 1169/2011, in the Annex's order; the code is what the API stores. */
export const ALLERGENS = [
  { code: "gluten", name: msg("Cereals containing gluten") },
  { code: "crustaceans", name: msg("Crustaceans") },
  { code: "eggs", name: msg("Eggs") },
  { code: "fish", name: msg("Fish") },
  { code: "peanuts", name: msg("Peanuts") },
  { code: "soybeans", name: msg("Soybeans") },
  { code: "milk", name: msg("Milk") },
  { code: "tree_nuts", name: msg("Tree nuts") },
  { code: "celery", name: msg("Celery") },
  { code: "mustard", name: msg("Mustard") },
  { code: "sesame", name: msg("Sesame") },
  { code: "sulphites", name: msg("Sulphur dioxide/sulphites") },
  { code: "lupin", name: msg("Lupin") },
  { code: "molluscs", name: msg("Molluscs") },
] as const;

export type AllergenCode = (typeof ALLERGENS)[number]["code"];
export const ALLERGEN_CODES = ALLERGENS.map((allergen) => allergen.code) as [AllergenCode, ...AllergenCode[]];

/** Free-text allergens beyond the 14 ("Other allergens"), comma-separated. */
export const OTHER_ALLERGENS_MAX = 300;

/** Display name of a code. */
export const allergenName = (code: AllergenCode) =>
  ALLERGENS.find((allergen) => allergen.code === code)?.name ?? code;

/** Codes without repeats, in the Annex's order (so the derived text reads the same every time). */
export function sortAllergenCodes(codes: readonly AllergenCode[]): AllergenCode[] {
  return ALLERGEN_CODES.filter((code) => codes.includes(code));
}

/**
 * The spec's comma-separated `allergens` text of a meal with codes (docs/features/food-safety.md:
 * "derived: display names, then the free text").
 */
export function deriveAllergensText(codes: readonly AllergenCode[], other: string): string {
  return [...sortAllergenCodes(codes).map(allergenName), ...splitOtherAllergens(other)].join(", ");
}

/** "Other" allergens as their trimmed, non-empty comma-separated parts. */
export function splitOtherAllergens(other: string): string[] {
  return other
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Dietary tags a meal can carry and an eater can follow (docs/features/food-safety.md point 1). */
export const DIET_TAGS = [
  { code: "vegetarian", name: msg("Vegetarian") },
  { code: "vegan", name: msg("Vegan") },
  { code: "halal", name: msg("Halal") },
  { code: "kosher", name: msg("Kosher") },
  { code: "contains_pork", name: msg("Contains pork") },
  { code: "contains_alcohol", name: msg("Contains alcohol") },
] as const;
export type DietTag = (typeof DIET_TAGS)[number]["code"];
export const DIET_TAG_CODES = DIET_TAGS.map((tag) => tag.code) as [DietTag, ...DietTag[]];
export const dietTagName = (code: DietTag) => DIET_TAGS.find((tag) => tag.code === code)?.name ?? code;

/**
 * Tags that cannot both be true of one meal.
 * @returns the message for the first contradiction, or null
 */
export function dietTagConflict(tags: readonly DietTag[]): Message | null {
  const has = (tag: DietTag) => tags.includes(tag);
  if ((has("vegetarian") || has("vegan")) && has("contains_pork"))
    return msg("A vegetarian or vegan meal cannot contain pork");
  if ((has("halal") || has("kosher")) && has("contains_pork"))
    return msg("A halal or kosher meal cannot contain pork");
  return null;
}

/** How a meal is kept until pickup (docs/features/food-safety.md point 3). */
export const STORAGE_TYPES = [
  { code: "chilled", name: msg("Chilled (fridge)") },
  { code: "frozen", name: msg("Frozen") },
  { code: "hot", name: msg("Hot (kept hot)") },
  { code: "ambient", name: msg("Room temperature") },
] as const;
export type StorageType = (typeof STORAGE_TYPES)[number]["code"];
export const storageName = (code: StorageType) =>
  STORAGE_TYPES.find((type) => type.code === code)?.name ?? code;

/**
 * Short food-safety guidance per storage type, from the UK Food Standards Agency's advice on
 * chilling, leftovers and reheating (food.gov.uk/safety-hygiene: "Chilling", "Leftovers";
 * FSA Food Safety Week tips, 2012: fridge within 90 minutes, eat within two days, reheat until
 * steaming hot, only once) and its hot-holding rule (63 °C or above).
 */
export const STORAGE_GUIDANCE: Record<StorageType, Message> = {
  chilled: msg(
    "Keep it in the fridge at 5 °C or below and eat it within two days of when it was made (rice within one day).",
  ),
  frozen: msg(
    "Keep it frozen until needed. Defrost it in the fridge, eat it within 24 hours of defrosting, and do not refreeze it.",
  ),
  hot: msg(
    "It is kept hot (63 °C or above). Eat it within two hours of pickup, or cool it and put it in the fridge within 90 minutes.",
  ),
  ambient: msg(
    "Food at room temperature should be eaten soon. Do not leave cooked food out for more than two hours; put leftovers in the fridge.",
  ),
};
/** The FSA's reheating rule, shown whenever a meal may be reheated. */
export const REHEATING_GUIDANCE = msg("Reheat until steaming hot all the way through, and only reheat once.");

/** Longest reheating instructions. */
export const REHEATING_MAX = 1000;

/** An eater's allergies: codes of the 14 and free-text others (Settings → My allergies). */
export interface Allergies {
  allergyCodes: readonly AllergenCode[];
  allergiesOther: string;
}

/**
 * An eater's allergies as the tokens the server matches meals against (server/features/meals/
 * allergen-match.ts): the codes, then each free-text allergy, lower-cased. The same tokens hide meals
 * (the lists' `excludeAllergens`) and warn of them (a meal's `allergyWarnings`), so the two agree.
 */
export function allergyTokensOf(
  allergies: { allergyCodes: readonly string[]; allergiesOther: string } | null | undefined,
): string[] {
  if (!allergies) return [];
  return [
    ...allergies.allergyCodes,
    ...splitOtherAllergens(allergies.allergiesOther).map((a) => a.toLowerCase()),
  ];
}

/**
 * A warning token as shown: a code's display name ("Peanuts"), or the viewer's own words.
 */
export const allergyWarningName = (token: string): string =>
  (ALLERGEN_CODES as readonly string[]).includes(token) ? allergenName(token as AllergenCode) : token;
