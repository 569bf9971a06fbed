/**
 * One allergen rule (docs/features/food-safety.md; server/features/meals/allergen-match.ts): for any
 * allergies an eater types and any ingredients a cook writes, the meal page warns the eater exactly
 * when "Hide allergens" hides the meal from their list — by plural, word order, accents, hyphens,
 * synonyms and codes alike. Property-based (fast-check) over generated words, on PGlite and
 * PostgreSQL.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALLERGEN_CODES, type AllergenCode, allergyTokensOf } from "../../src/contract/food-safety";
import { buildMeal, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Words that stem, pluralise, carry accents, are synonyms of the 14, or are stop words. */
const WORDS = [
  "nut",
  "nuts",
  "Nuts",
  "walnut",
  "walnuts",
  "pine",
  "pines",
  "peanut",
  "peanuts",
  "egg",
  "eggs",
  "milk",
  "crème",
  "creme",
  "cream",
  "dairy",
  "shellfish",
  "prawns",
  "sesame",
  "seeds",
  "seed",
  "tree",
  "soy",
  "gluten",
  "wheat",
  "cheese",
  "the",
  "of",
  "and",
  "coriander",
  "free",
];

const word = fc.constantFrom(...WORDS);
/** One typed allergy: a word or two, spaced or hyphenated ("pine nuts", "pine-nuts"). */
const allergy = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 2 }), fc.constantFrom(" ", "-"))
  .map(([words, joint]) => words.join(joint));
/** A cook's ingredients: a few words, in any order, comma- or space-separated. */
const ingredients = fc
  .tuple(fc.array(word, { minLength: 0, maxLength: 6 }), fc.constantFrom(", ", " ", " (", "-"))
  .map(([words, joint]) => words.join(joint));
const codes = fc.subarray([...ALLERGEN_CODES], { maxLength: 3 }) as fc.Arbitrary<AllergenCode[]>;

describe("allergy warnings and hiding", () => {
  it("never disagree: a meal is hidden by the eater's allergies exactly when its page warns of them", async () => {
    const cook = await buildSignedInUser(t.db);
    let run = 0;
    const outcomes = new Set<boolean>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(allergy, { minLength: 1, maxLength: 2 }),
        codes,
        ingredients,
        codes,
        async (typed, allergyCodes, mealIngredients, mealCodes) => {
          run += 1;
          const tag = `propertytag${run}x`;
          const eater = await buildSignedInUser(t.db);
          const saved = await t.api({
            method: "PUT",
            url: "/api/user/profile",
            cookie: eater.cookie,
            payload: { allergyCodes, allergiesOther: typed.join(", ") },
          });
          expect(saved.statusCode).toBe(200);
          const meal = await buildMeal(t.db, cook.user, {
            title: `Dish ${tag}`,
            ingredients: mealIngredients,
            allergens: "",
            allergenCodes: mealCodes,
          });
          const page = (await t.api({ url: `/api/meals/${meal.id}`, cookie: eater.cookie })).json();
          const warned = page.allergyWarnings.length > 0;
          // "Hide allergens" sends the eater's saved allergies, as the client reads them.
          const me = (await t.api({ url: "/api/auth/user", cookie: eater.cookie })).json();
          const hide = new URLSearchParams({ q: tag, excludeAllergens: allergyTokensOf(me).join(",") });
          const listed = (await t.api({ url: `/api/meals?${hide}`, cookie: eater.cookie })).json();
          const hidden = !listed.some((shown: { id: string }) => shown.id === meal.id);
          outcomes.add(warned);
          expect({ typed, allergyCodes, mealIngredients, mealCodes, hidden }).toEqual({
            typed,
            allergyCodes,
            mealIngredients,
            mealCodes,
            hidden: warned,
          });
        },
      ),
      { numRuns: 60 },
    );
    // The runs met both outcomes: meals warned of and hidden, and meals neither.
    expect(outcomes).toEqual(new Set([true, false]));
  }, 120_000);

  it("warns of and hides a typed allergy worded otherwise than the ingredients: plural, word order, hyphen", async () => {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    await t.api({
      method: "PUT",
      url: "/api/user/profile",
      cookie: eater.cookie,
      payload: { allergyCodes: [], allergiesOther: "walnut, pine-nuts, cashew nut" },
    });
    const cases = [
      ["Walnuts, honey", ["walnut"]],
      ["toasted pine nuts", ["pine-nuts"]],
      ["nuts: cashew and almond", ["cashew nut"]],
      ["rice, nutmeg", []],
    ] as const;
    for (const [text, expected] of cases) {
      const meal = await buildMeal(t.db, cook.user, { ingredients: text, allergens: "", allergenCodes: [] });
      const page = (await t.api({ url: `/api/meals/${meal.id}`, cookie: eater.cookie })).json();
      expect(page.allergyWarnings, text).toEqual(expected);
    }
  });
});
