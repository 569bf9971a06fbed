/**
 * The one definition of "this meal mentions this allergy" (docs/features/food-safety.md; docs/
 * ARCHITECTURE.md "Where to find a rule"), used for the warning an eater sees on a card and a meal's
 * page, for hiding meals from lists and the map ("Hide allergens"), and for alerts' allergens to
 * avoid. Warned and hidden cannot disagree, because both are this SQL over the same tokens.
 *
 * An allergy is a token: one of the 14 codes ("milk"), or words an eater typed ("pine nuts",
 * "dairy"), lower-cased. A meal mentions it when
 * - the meal declares one of the codes the token means: a code means itself, and a word means the
 *   codes the `allergen_synonyms` table gives it ("dairy" → milk), looked up when matching, the same
 *   way for lists, warnings and alerts; or
 * - every word of the token appears, by its English stem and without accents (the `mealshare` text
 *   search configuration: "nuts" matches "nut", "Crème" matches "creme"), in any order, among the words
 *   of the meal's allergens text or ingredients (weights B and C of its search document). A hyphen
 *   separates words ("pine-nuts" is "pine nuts"); a token with no word but stop words mentions nothing.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client";
import { allergenSynonyms, meals } from "../../db/schema";

/**
 * Whether the meal row in scope (Drizzle's `meals`, or a CTE's rows named "meals") mentions the
 * allergy `token` (a text expression: a bound value or a column).
 */
export function mentionsAllergy(token: SQL): SQL {
  const codes = sql`(select coalesce(array_agg(code), '{}'::text[]) from ${allergenSynonyms}
      cross join lateral unnest(${allergenSynonyms.codes}) as code
      where ${allergenSynonyms.synonym} = lower(btrim(${token})))`;
  const words = sql`plainto_tsquery('mealshare', translate(${token}, '-', ' '))`;
  return sql`(${meals.allergenCodes} && ${codes} or ts_filter(${meals.searchDoc}, '{b,c}') @@ ${words})`;
}

/**
 * The condition that keeps meals mentioning none of `tokens` (the list's and the map's
 * `excludeAllergens`). Each token is a bound value, so its codes and words are worked out once per
 * statement, not once per row.
 * @returns undefined when there is nothing to hide
 */
export function mentionsNoneOf(tokens: readonly string[]): SQL | undefined {
  if (tokens.length === 0) return undefined;
  return sql`not (${sql.join(
    tokens.map((token) => mentionsAllergy(sql`${token}::text`)),
    sql` or `,
  )})`;
}

/**
 * The condition that keeps meals mentioning none of the tokens in a `text[]` column (an alert's
 * `exclude_allergens`).
 */
export const mentionsNoneOfColumn = (column: SQL): SQL =>
  sql`not exists (select 1 from unnest(${column}) as "avoided"("token")
    where ${mentionsAllergy(sql`"avoided"."token"`)})`;

/**
 * The tokens of `tokens` (a JSON array of strings: a bound value or a placeholder) that the meal in
 * scope mentions, in their order: the warnings a viewer with those allergies sees.
 */
export const allergyWarningsSql = (tokens: unknown): SQL<string[]> =>
  sql<string[]>`array(select "allergy"."token"
    from jsonb_array_elements_text(${tokens}::jsonb) with ordinality as "allergy"("token", "n")
    where ${mentionsAllergy(sql`"allergy"."token"`)} order by "allergy"."n")`;

/**
 * The warnings a viewer with allergies `tokens` sees on each of a page's meals, in one statement.
 * @returns meal id → the tokens the meal mentions (meals that mention none are left out)
 */
export async function allergyWarningsOf(
  db: Executor,
  mealIds: readonly string[],
  tokens: readonly string[],
): Promise<Map<string, string[]>> {
  if (mealIds.length === 0 || tokens.length === 0) return new Map();
  const rows = await queryRows<{ id: string; warnings: string[] }>(
    db,
    sql`select ${meals.id} as "id", ${allergyWarningsSql(JSON.stringify(tokens))} as "warnings"
      from ${meals} where ${meals.id} = any(${`{${mealIds.join(",")}}`}::uuid[])`,
  );
  return new Map(rows.filter((row) => row.warnings.length > 0).map((row) => [row.id, row.warnings]));
}

/**
 * The ingredients text cut into words and what lies between, each word marked when it means one of
 * the 14 allergens by the `allergen_synonyms` table ("cheese" → milk; the codes' own words are in it):
 * the container label prints those in bold (docs/features/handover.md point 3).
 * @returns the parts in order; joined, they are `text` again
 */
export async function ingredientParts(
  db: Executor,
  text: string,
): Promise<{ text: string; allergen: boolean }[]> {
  const pieces = text.split(/([\p{L}\p{M}]+)/u).filter((piece) => piece !== "");
  const words = [
    ...new Set(pieces.filter((piece) => /^[\p{L}\p{M}]+$/u.test(piece)).map((w) => w.toLowerCase())),
  ];
  const found =
    words.length === 0
      ? []
      : await queryRows<{ synonym: string }>(
          db,
          sql`select ${allergenSynonyms.synonym} as synonym from ${allergenSynonyms}
              where ${allergenSynonyms.synonym} in (select jsonb_array_elements_text(${JSON.stringify(words)}::jsonb))`,
        );
  const allergenic = new Set(found.map((row) => row.synonym));
  return pieces.map((piece) => ({ text: piece, allergen: allergenic.has(piece.toLowerCase()) }));
}
