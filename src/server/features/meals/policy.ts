/**
 * Who may change a meal (docs/DESIGN.md §4 "Meals"); services call these, routes never decide. Whether
 * a meal can be had is availability.ts.
 */
import type { ActorRef } from "../../auth/actor";
import type { MealRow } from "../../db/schema";

/**
 * The owner may change anything of their meal; an admin may only switch it on or off, to take a
 * reported meal down (docs/features/safety-and-admin.md, docs/DESIGN.md §4 "Admin").
 */
export const canUpdateMeal = (actor: ActorRef, meal: Pick<MealRow, "ownerId">, patch: object) =>
  meal.ownerId === actor.id || (actor.isAdmin && Object.keys(patch).every((field) => field === "isActive"));
