/**
 * Meal limits and list choices without their schemas (spec §3 Meal, §5 "Create meal form";
 * docs/DESIGN.md §4 "Meals"): the kinds, text and portion limits, the local sorts and radii, the count
 * cap and the allergen tags of a meal's text. `src/contract/meals.ts` builds the API's schemas on it and
 * re-exports it; the browser imports this module (docs/decisions/015 "Phones").
 */
import { type Message, msg } from "../messages";
import { HOME_RADIUS_CHOICES_KM, HOME_RADIUS_DEFAULT_KM, roundCoordinate } from "./places";

/** The two kinds of meal (spec §3 Meal): shared for free (Community) or sold (Marketplace). */
export const MEAL_KINDS = ["free", "paid"] as const;
export type MealKind = (typeof MEAL_KINDS)[number];

export const MEAL_TITLE_MAX = 120;
export const MEAL_TEXT_MAX = 2000;
export const MEAL_ALLERGENS_MAX = 500;
export const MEAL_LOCATION_MAX = 300;
/** Longest private pickup details (door, floor, bell). */
export const PICKUP_DETAILS_MAX = 300;
export const MEAL_PORTIONS_MAX = 100;
/** Largest price a cook can ask, in cents ($1,000.00). */
export const MEAL_PRICE_MAX_CENTS = 100_000;

export { roundCoordinate };

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long ago a pickup window may have started when it is set, at most. */
export const PICKUP_START_PAST_MAX_MS = DAY_MS;
/** How far ahead a pickup window may start, at most. */
export const PICKUP_START_AHEAD_MAX_MS = 90 * DAY_MS;
/** The longest pickup window. */
export const PICKUP_WINDOW_MAX_MS = 7 * DAY_MS;

/** A weekly meal runs for at most this many weeks. */
export const SERIES_WEEKS_MAX = 8;

/**
 * Meals per page of the public list when the client gives no `limit`: 24 fills whole rows of the
 * 1-, 2-, 3- and 4-column grids (spec §2) and is what a phone scrolls through before "Load more".
 */
export const MEAL_PAGE_SIZE = 24;

/** How many meals a member may keep saved (docs/features/everyday-journey.md "Save a meal"). */
export const SAVED_MEALS_MAX = 200;
/**
 * How many meals, and how many cooks, a member may hide from their lists ("Not interested",
 * docs/features/everyday-journey.md): each list reads the set once per statement.
 */
export const HIDDEN_MAX = 500;
/** Longest search text `q` the list takes. */
export const SEARCH_TEXT_MAX = 200;
/**
 * "Near me" radius in km (docs/features/discovery.md): the default, the largest, and what the picker
 * offers.
 */
export const NEAR_RADIUS_DEFAULT_KM = HOME_RADIUS_DEFAULT_KM;
export const NEAR_RADIUS_MAX_KM = 50;
export const NEAR_RADIUS_CHOICES_KM = HOME_RADIUS_CHOICES_KM;
/** At most this many allergens in one `excludeAllergens`. */
export const EXCLUDED_ALLERGENS_MAX = 20;
/**
 * Lists count their matches up to this many; above it the count is a lower bound and the page says
 * "1,000+" (docs/decisions/006): an exact count would read every match, and cost must not grow with
 * the table (docs/DESIGN.md §6).
 */
export const MEAL_COUNT_CAP = 1000;

/** How a local list is ordered: nearest first (the default) or newest first. */
export const LOCAL_SORTS = ["nearest", "newest"] as const;
export type LocalSort = (typeof LOCAL_SORTS)[number];

/** Most meals one map view loads (`GET /api/meals/map`); a busier view says to zoom in. */
export const MAP_MEALS_MAX = 300;

/** Allergens text → trimmed, non-empty tags (spec §3 Meal). */
export function allergenTags(allergens: string): string[] {
  return allergens
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * The word Home's Free and Paid buttons put in the search box, in the reader's language (spec §2:
 * they "only set the search text"). The search matches every language's word for a kind, so
 * "gratis" or "kostenlos" lists free meals whatever the language of the one who shares the link.
 */
export const KIND_SEARCH_WORDS: Record<MealKind, Message> = {
  free: msg("free"),
  paid: msg("paid"),
};
