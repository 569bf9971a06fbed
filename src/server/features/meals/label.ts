/**
 * The container label (docs/features/handover.md point 3): the cook's printed label and the public page
 * its QR code opens. The page is found by a random token, not the meal's id, shows the food and never
 * the person or the place, and keeps answering after the meal has ended (the food still exists) —
 * but not once an admin has taken the meal down.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { labelUseBy, type PrintLabel, type PublicLabel } from "../../../contract/labels";
import { msg } from "../../../contract/messages";
import type { Executor } from "../../db/client";
import { type MealRow, meals, users } from "../../db/schema";
import { notFound } from "../../errors";
import { ingredientParts } from "./allergen-match";

const labelNotFound = () => notFound(msg("Label not found"));

async function present(db: Executor, meal: MealRow): Promise<PublicLabel> {
  return {
    title: meal.title,
    ingredients: await ingredientParts(db, meal.ingredients),
    allergenCodes: meal.allergenCodes as PublicLabel["allergenCodes"],
    allergensOther: meal.allergensOther,
    allergens: meal.allergens,
    noMajorAllergens: meal.noMajorAllergens,
    preparedAt: meal.preparedAt?.toISOString() ?? null,
    useBy: labelUseBy({
      storage: meal.storage,
      preparedAt: meal.preparedAt?.toISOString() ?? null,
      postedAt: meal.createdAt.toISOString(),
      pickupWindowEnd: meal.pickupWindowEnd.toISOString(),
    }),
    storage: meal.storage,
    reheating: meal.reheating,
  };
}

/**
 * The label of the cook's own meal `mealId`, giving the meal its public page's token the first time.
 * @returns the label with the token and the cook's first name
 * @throws AppError 404 "Meal not found" for an unknown meal, one taken down, and anyone but its cook
 */
export async function printLabel(db: Executor, cookId: string, mealId: string): Promise<PrintLabel> {
  const token = randomBytes(16).toString("base64url");
  const [meal] = await db
    .update(meals)
    .set({ labelToken: sql`coalesce(${meals.labelToken}, ${token})` })
    .where(and(eq(meals.id, mealId), eq(meals.ownerId, cookId), eq(meals.hiddenByAdmin, false)))
    .returning();
  if (!meal?.labelToken) throw notFound(msg("Meal not found"));
  const [cook] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, cookId));
  return { ...(await present(db, meal)), token: meal.labelToken, cookFirstName: cook?.firstName ?? "" };
}

/**
 * The public label behind `token`, for anyone.
 * @throws AppError 404 "Label not found" for an unknown token or a meal an admin took down
 */
export async function getPublicLabel(db: Executor, token: string): Promise<PublicLabel> {
  const [meal] = await db
    .select()
    .from(meals)
    .where(and(eq(meals.labelToken, token), eq(meals.hiddenByAdmin, false)))
    .limit(1);
  if (!meal) throw labelNotFound();
  return present(db, meal);
}
