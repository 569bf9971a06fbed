/**
 * "Not interested" (docs/features/everyday-journey.md): a member takes a meal, or every
 * meal of a cook, out of their lists — Community, Marketplace, their local pages and the map, all of
 * which start from `planList` (filters.ts) — and puts it back in Settings. A hidden meal's page still
 * opens by its link; nothing changes for the cook, who is not told. At most `HIDDEN_MAX` of each a
 * member, so a list reads the two sets once per statement, whatever the city.
 */
import { and, count, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { HiddenFromLists } from "../../../contract/meals";
import { msg } from "../../../contract/messages";
import { HIDDEN_MAX } from "../../../contract/plain/meals";
import type { Executor } from "../../db/client";
import { hiddenCooks, hiddenMeals, meals, users } from "../../db/schema";
import { conflict, notFound, validation } from "../../errors";
import { shownLastNameSql } from "../../member-names";
import { requireMealSeenBy } from "./visibility";

const tooMany = () =>
  conflict(
    msg("You have hidden {{max}} already: show one again in Settings to hide another.", { max: HIDDEN_MAX }),
    "hidden_full",
  );

/**
 * Hides the meal from the member's lists (again: nothing changes).
 * @throws AppError 404 "Meal not found" for a meal they may not see; 400 for their own meal; 409
 *   `hidden_full` at `HIDDEN_MAX` hidden meals
 */
export async function hideMeal(db: Executor, member: { id: string }, mealId: string): Promise<void> {
  const meal = await requireMealSeenBy(db, member.id, mealId);
  if (meal.ownerId === member.id) throw validation(msg("Your own meals stay in your lists."));
  const [{ hidden }] = await db
    .select({ hidden: count() })
    .from(hiddenMeals)
    .where(eq(hiddenMeals.userId, member.id));
  if (hidden >= HIDDEN_MAX) throw tooMany();
  await db.insert(hiddenMeals).values({ userId: member.id, mealId }).onConflictDoNothing();
}

/** Puts the meal back in the member's lists (nothing when it was not hidden). */
export async function showMeal(db: Executor, member: { id: string }, mealId: string): Promise<void> {
  await db.delete(hiddenMeals).where(and(eq(hiddenMeals.userId, member.id), eq(hiddenMeals.mealId, mealId)));
}

/**
 * Hides every meal of the cook from the member's lists, those to come too (again: nothing changes).
 * @throws AppError 404 unknown user; 400 oneself; 409 `hidden_full` at `HIDDEN_MAX` hidden cooks
 */
export async function hideCook(db: Executor, member: { id: string }, cookId: string): Promise<void> {
  if (cookId === member.id) throw validation(msg("Your own meals stay in your lists."));
  const [cook] = await db.select({ id: users.id }).from(users).where(eq(users.id, cookId)).limit(1);
  if (!cook) throw notFound(msg("User not found"));
  const [{ hidden }] = await db
    .select({ hidden: count() })
    .from(hiddenCooks)
    .where(eq(hiddenCooks.userId, member.id));
  if (hidden >= HIDDEN_MAX) throw tooMany();
  await db.insert(hiddenCooks).values({ userId: member.id, cookId }).onConflictDoNothing();
}

/** Puts the cook's meals back in the member's lists (nothing when they were not hidden). */
export async function showCook(db: Executor, member: { id: string }, cookId: string): Promise<void> {
  await db.delete(hiddenCooks).where(and(eq(hiddenCooks.userId, member.id), eq(hiddenCooks.cookId, cookId)));
}

/** What the member hid, most recent first (Settings → Hidden from your lists). */
export async function listHidden(db: Executor, member: { id: string }): Promise<HiddenFromLists> {
  const hiddenMealRows = await db
    .select({ id: meals.id, title: meals.title, hiddenAt: hiddenMeals.createdAt })
    .from(hiddenMeals)
    .innerJoin(meals, eq(meals.id, hiddenMeals.mealId))
    .where(eq(hiddenMeals.userId, member.id))
    .orderBy(desc(hiddenMeals.createdAt))
    .limit(HIDDEN_MAX);
  const hiddenCookRows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: sql<string>`${shownLastNameSql(users)}`,
      profileImageUrl: users.profileImageUrl,
      hiddenAt: hiddenCooks.createdAt,
    })
    .from(hiddenCooks)
    .innerJoin(users, eq(users.id, hiddenCooks.cookId))
    .where(eq(hiddenCooks.userId, member.id))
    .orderBy(desc(hiddenCooks.createdAt))
    .limit(HIDDEN_MAX);
  return {
    meals: hiddenMealRows.map((row) => ({ ...row, hiddenAt: row.hiddenAt.toISOString() })),
    cooks: hiddenCookRows.map((row) => ({ ...row, hiddenAt: row.hiddenAt.toISOString() })),
  };
}

/**
 * A list condition keeping out the meals `viewerId` hid and those of the cooks they hid. Both sets
 * are uncorrelated sub-selects (computed once per statement over the primary key's prefix), so the
 * per-row cost is two array tests, as `notBlockedWith`'s.
 */
export function notHiddenFrom(viewerId: string | Placeholder): SQL {
  return sql`${meals.id} <> all(coalesce((
      select array_agg(${hiddenMeals.mealId}) from ${hiddenMeals} where ${hiddenMeals.userId} = ${viewerId}::uuid
    ), '{}'::uuid[]))
    and ${meals.ownerId} <> all(coalesce((
      select array_agg(${hiddenCooks.cookId}) from ${hiddenCooks} where ${hiddenCooks.userId} = ${viewerId}::uuid
    ), '{}'::uuid[]))`;
}
