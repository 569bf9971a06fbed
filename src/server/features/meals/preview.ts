/**
 * A shared meal link's preview for visitors who are not signed in (docs/features/everyday-journey.md):
 * the title, kind and photo of an open meal, so the sign-in page can say what
 * the link is for. Nothing of the place, the pickup or the cook leaves: those stay for members.
 */
import { and, eq } from "drizzle-orm";
import type { MealPreview } from "../../../contract/meals";
import { msg } from "../../../contract/messages";
import type { Executor } from "../../db/client";
import { meals } from "../../db/schema";
import { notFound } from "../../errors";
import { OPEN_MEAL_SQL } from "./availability";
import { PUBLIC_MEAL_SQL } from "./visibility";

/**
 * The preview of meal `id`.
 * @throws AppError 404 unknown, not open (taken down, deactivated or past its pickup window) or
 *   members-only (visibility.ts): such a meal tells a visitor nothing
 */
export async function getMealPreview(db: Executor, id: string): Promise<MealPreview> {
  const [row] = await db
    .select({ id: meals.id, title: meals.title, kind: meals.kind, photoPath: meals.photoPath })
    .from(meals)
    .where(and(eq(meals.id, id), OPEN_MEAL_SQL, PUBLIC_MEAL_SQL))
    .limit(1);
  if (!row) throw notFound(msg("Meal not found"));
  return row;
}
