/**
 * spec §5 "Search": case-insensitive substring match on title, description and allergens, done
 * in the browser over the loaded list. The meal's kind ("free"/"paid") is searched too, so Home's
 * Free and Paid buttons, which only set the search text, show what they say (README "Decisions").
 */
import type { Meal } from "@/contract/meals";

/** Whether a meal matches the search text; empty text matches everything. */
export function matchesSearch(
  meal: Pick<Meal, "title" | "description" | "allergens" | "kind">,
  text: string,
): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [meal.title, meal.description, meal.allergens, meal.kind].some((field) =>
    field.toLowerCase().includes(needle),
  );
}
