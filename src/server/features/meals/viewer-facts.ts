/**
 * What a page of meals says to its viewer alone, added after the page is read so the page's own
 * statement stays the same for everyone (docs/decisions/011): the viewer's allergy warnings
 * (docs/features/food-safety.md) and, on a meal with nothing left, their place in its waiting list
 * (docs/features/everyday-journey.md: a card must not offer the line to someone in it).
 * One statement each for the whole page, none when nothing on it needs one.
 */
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client";
import { waitlistEntries } from "../../db/schema";
import { allergyWarningsOf } from "./allergen-match";

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/**
 * The viewer's place (1 = first) in the waiting lists of `mealIds`, counted through each line's
 * index as the meal page counts it (requests/waitlist.ts `waitlistPlace`).
 * @returns meal id → place, for the meals the viewer waits for
 */
async function waitlistPlacesOf(
  db: Executor,
  viewerId: string,
  mealIds: readonly string[],
): Promise<Map<string, number>> {
  if (mealIds.length === 0) return new Map();
  const w = waitlistEntries;
  const rows = await queryRows<{ mealId: string; position: number }>(
    db,
    sql`select mine.meal_id as "mealId",
          1 + (select count(*)::int from ${w} ahead
                where ahead.meal_id = mine.meal_id and ahead.status = 'waiting'
                  and (ahead.created_at, ahead.id) < (mine.created_at, mine.id)) as "position"
        from ${w} mine
        where mine.meal_id = any(${uuidArray(mealIds)}) and mine.user_id = ${viewerId}
          and mine.status = 'waiting'`,
  );
  return new Map(rows.map((row) => [row.mealId, row.position]));
}

/**
 * Fills each meal's `allergyWarnings` (none on the viewer's own meals, whose allergens they wrote),
 * `waitlistPosition` (null unless the viewer waits for it) and `yours`.
 * @param tokens the viewer's allergies (codes and their own words)
 */
export async function withViewerFacts<T extends { id: string; owner: { id: string }; portionsLeft: number }>(
  db: Executor,
  viewerId: string,
  tokens: readonly string[],
  list: T[],
): Promise<(T & { allergyWarnings: string[]; waitlistPosition: number | null; yours: boolean })[]> {
  const others = list.filter((meal) => meal.owner.id !== viewerId);
  const full = others.filter((meal) => meal.portionsLeft <= 0).map((meal) => meal.id);
  const [warnings, places] = await Promise.all([
    allergyWarningsOf(
      db,
      others.map((meal) => meal.id),
      tokens,
    ),
    waitlistPlacesOf(db, viewerId, full),
  ]);
  return list.map((meal) => ({
    ...meal,
    allergyWarnings: warnings.get(meal.id) ?? [],
    waitlistPosition: places.get(meal.id) ?? null,
    yours: meal.owner.id === viewerId,
  }));
}
