/** Who may do what with a meal (DESIGN.md §4 "Meals"); services call these, routes never decide. */
import type { MealRow, UserRow } from "../../db/schema";

/** Only the owner may change a meal. */
export const canUpdateMeal = (user: Pick<UserRow, "id">, meal: Pick<MealRow, "ownerId">) =>
  meal.ownerId === user.id;

/** A meal is listed and requestable while active and its pickup window has not ended. */
export const isMealOpen = (meal: Pick<MealRow, "isActive" | "pickupWindowEnd">, now = new Date()) =>
  meal.isActive && meal.pickupWindowEnd.getTime() > now.getTime();
