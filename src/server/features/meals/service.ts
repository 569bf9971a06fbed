/**
 * Meal rules and queries (spec §5, §7; DESIGN.md §4 "Visibility", "Meals", "Requests"). Every
 * read returns meals with their owner, the owner's rating and the portions left in one SQL
 * statement: correlated sub-selects on indexed columns, so a page costs one round trip.
 */
import { and, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import {
  type CreateMeal,
  type Meal,
  type MealKind,
  mealCrossFieldErrors,
  type Rating,
  TRUSTED_MIN_EXCHANGES,
  TRUSTED_MIN_RATING,
  type UpdateMeal,
} from "../../../contract/meals";
import { presentPublicUser } from "../../auth/users";
import type { Executor } from "../../db/client";
import { meals, requests, reviews, type UserRow, users } from "../../db/schema";
import { forbidden, notFound, validation } from "../../errors";
import type { Cursor } from "../../pagination";
import { canUpdateMeal } from "./policy";

/** Requests that hold a portion (DESIGN.md §4: portionsLeft counts accepted and completed). */
export const PORTION_HOLDING_STATUSES = ["accepted", "completed"] as const;

/** SQL for the portions a meal has left; `mealId` is the column or value naming the meal. */
export const portionsTakenSql = (mealId: SQL | typeof meals.id) =>
  sql<number>`(select count(*)::int from ${requests} where ${requests.mealId} = ${mealId} and ${requests.status} in ('accepted', 'completed'))`;

/** SQL for a user's rating: the mean of reviews received, one decimal, null with none. */
export const ratingAverageSql = (userId: SQL | typeof users.id | typeof meals.ownerId) =>
  sql<
    number | null
  >`(select round(avg(${reviews.rating})::numeric, 1)::float8 from ${reviews} where ${reviews.revieweeId} = ${userId})`;
/** SQL for how many reviews a user has received. */
export const ratingCountSql = (userId: SQL | typeof users.id | typeof meals.ownerId) =>
  sql<number>`(select count(*)::int from ${reviews} where ${reviews.revieweeId} = ${userId})`;

const mealSelection = {
  meal: meals,
  owner: users,
  portionsTaken: portionsTakenSql(meals.id),
  ownerRating: ratingAverageSql(meals.ownerId),
  ownerReviewCount: ratingCountSql(meals.ownerId),
};

type MealSelectionRow = {
  meal: typeof meals.$inferSelect;
  owner: UserRow;
  portionsTaken: number;
  ownerRating: number | null;
  ownerReviewCount: number;
};

/** Turns a joined row into the API's meal shape (spec §3 Meal). */
function presentMeal(row: MealSelectionRow, now = new Date()): Meal & { createdAtDate: Date } {
  const { meal } = row;
  return {
    id: meal.id,
    title: meal.title,
    description: meal.description,
    ingredients: meal.ingredients,
    allergens: meal.allergens,
    kind: meal.kind,
    priceCents: meal.priceCents,
    portionSize: meal.portionSize,
    portionsLeft: Math.max(0, meal.portionSize - Number(row.portionsTaken)),
    pickupWindowStart: meal.pickupWindowStart.toISOString(),
    pickupWindowEnd: meal.pickupWindowEnd.toISOString(),
    pickupLocation: meal.pickupLocation,
    deliveryAvailable: meal.deliveryAvailable,
    photoPath: meal.photoPath,
    latitude: meal.latitude,
    longitude: meal.longitude,
    isActive: meal.isActive,
    isExpired: meal.pickupWindowEnd.getTime() <= now.getTime(),
    createdAt: meal.createdAt.toISOString(),
    createdAtDate: meal.createdAt,
    owner: presentPublicUser(row.owner),
    ownerRating: row.ownerRating == null ? null : Number(row.ownerRating),
    ownerReviewCount: Number(row.ownerReviewCount),
  };
}

/** A listed meal plus the sort key the pagination needs. */
export type ListedMeal = Meal & { createdAtDate: Date };

const afterCursor = (cursor: Cursor | undefined) =>
  cursor
    ? sql`(${meals.createdAt}, ${meals.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;

/**
 * The public meal list: active meals whose pickup window has not ended, newest first
 * (DESIGN.md §4 "Visibility").
 * @returns up to `limit + 1` meals; the extra one tells the caller there is a next page
 */
export async function listOpenMeals(
  db: Executor,
  options: { kind?: MealKind; limit: number; cursor?: Cursor },
): Promise<ListedMeal[]> {
  const rows = await db
    .select(mealSelection)
    .from(meals)
    .innerJoin(users, eq(users.id, meals.ownerId))
    .where(
      and(
        eq(meals.isActive, true),
        gt(meals.pickupWindowEnd, sql`now()`),
        options.kind ? eq(meals.kind, options.kind) : undefined,
        afterCursor(options.cursor),
      ),
    )
    .orderBy(desc(meals.createdAt), desc(meals.id))
    .limit(options.limit + 1);
  return rows.map((row) => presentMeal(row));
}

/**
 * A user's own meals, active or not, newest first (spec §7 `GET /api/meals/my/all`).
 * @returns up to `limit + 1` meals
 */
export async function listOwnMeals(
  db: Executor,
  ownerId: string,
  options: { limit: number; cursor?: Cursor },
): Promise<ListedMeal[]> {
  const rows = await db
    .select(mealSelection)
    .from(meals)
    .innerJoin(users, eq(users.id, meals.ownerId))
    .where(and(eq(meals.ownerId, ownerId), afterCursor(options.cursor)))
    .orderBy(desc(meals.createdAt), desc(meals.id))
    .limit(options.limit + 1);
  return rows.map((row) => presentMeal(row));
}

/**
 * One meal, also when inactive or expired, so old links and threads keep working (DESIGN.md §4).
 * @throws AppError 404 "Meal not found"
 */
export async function getMeal(db: Executor, id: string): Promise<ListedMeal> {
  const [row] = await db
    .select(mealSelection)
    .from(meals)
    .innerJoin(users, eq(users.id, meals.ownerId))
    .where(eq(meals.id, id))
    .limit(1);
  if (!row) throw notFound("Meal not found");
  return presentMeal(row);
}

/**
 * Posts a meal for its owner. The input is already validated by `createMealSchema`.
 * @returns the created meal
 */
export async function createMeal(db: Executor, owner: UserRow, input: CreateMeal): Promise<ListedMeal> {
  const [meal] = await db
    .insert(meals)
    .values({
      ownerId: owner.id,
      title: input.title,
      description: input.description,
      ingredients: input.ingredients,
      allergens: input.allergens,
      kind: input.kind,
      priceCents: input.kind === "free" ? null : (input.priceCents ?? null),
      portionSize: input.portionSize,
      pickupWindowStart: new Date(input.pickupWindowStart),
      pickupWindowEnd: new Date(input.pickupWindowEnd),
      pickupLocation: input.pickupLocation,
      deliveryAvailable: input.deliveryAvailable,
      photoPath: input.photoPath ?? null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
    })
    .returning({ id: meals.id });
  return getMeal(db, meal.id);
}

/**
 * Changes a meal; only its owner may (DESIGN.md §4 "Meals"), except that an admin may
 * deactivate or reactivate it. The merged meal must still satisfy
 * the cross-field rules, except that an expired window may stay as it is (e.g. to deactivate).
 * @param options.isAdmin the user is an admin (DESIGN.md §4 "Admin")
 * @throws AppError 404 unknown meal, 403 not the owner (nor an admin switching isActive), 400 broken rule
 */
export async function updateMeal(
  db: Executor,
  user: UserRow,
  id: string,
  patch: UpdateMeal,
  options: { isAdmin: boolean } = { isAdmin: false },
): Promise<ListedMeal> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(meals).where(eq(meals.id, id)).for("update").limit(1);
    if (!current) throw notFound("Meal not found");
    if (!canUpdateMeal(user, current, patch, options))
      throw forbidden("Only the cook who posted this meal can change it.");

    const merged = { ...current, ...patch };
    const touchesWindow = patch.pickupWindowStart !== undefined || patch.pickupWindowEnd !== undefined;
    const errors = mealCrossFieldErrors({
      kind: merged.kind,
      priceCents: patch.kind === "free" && patch.priceCents === undefined ? null : merged.priceCents,
      pickupWindowStart: touchesWindow ? merged.pickupWindowStart : undefined,
      pickupWindowEnd: touchesWindow ? merged.pickupWindowEnd : undefined,
      latitude: merged.latitude,
      longitude: merged.longitude,
    });
    if (Object.keys(errors).length > 0) throw validation(Object.values(errors)[0], errors);

    await tx
      .update(meals)
      .set({
        ...patch,
        priceCents: merged.kind === "free" ? null : merged.priceCents,
        pickupWindowStart: patch.pickupWindowStart ? new Date(patch.pickupWindowStart) : undefined,
        pickupWindowEnd: patch.pickupWindowEnd ? new Date(patch.pickupWindowEnd) : undefined,
        updatedAt: new Date(),
      })
      .where(eq(meals.id, id));
    return getMeal(tx, id);
  });
}

/**
 * A user's rating (DESIGN.md §4 "Reviews") and whether they are a Trusted Member (README).
 * @throws AppError 404 unknown user
 */
export async function getUserRating(db: Executor, userId: string): Promise<Rating> {
  const [row] = await db
    // The id is passed as a parameter: in a one-table select Drizzle leaves `users.id` unqualified,
    // and inside the subqueries a bare "id" would mean the subquery's own table.
    .select({
      average: ratingAverageSql(sql`${userId}::uuid`),
      count: ratingCountSql(sql`${userId}::uuid`),
      completed: sql<number>`(select count(*)::int from ${requests} where ${requests.status} = 'completed' and (${requests.eaterId} = ${userId}::uuid or ${requests.ownerId} = ${userId}::uuid))`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound("User not found");
  const average = row.average == null ? null : Number(row.average);
  const completedExchanges = Number(row.completed);
  return {
    average,
    count: Number(row.count),
    completedExchanges,
    trustedMember:
      completedExchanges >= TRUSTED_MIN_EXCHANGES && average !== null && average >= TRUSTED_MIN_RATING,
  };
}
