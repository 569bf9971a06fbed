/**
 * The one way a meal is read and shown (spec §3 Meal): the SQL columns every meal read selects,
 * with its owner and the owner's rating from their counters, and the presenter that turns such a
 * row into the API's shape. Reads use plain driver rows, not the query builder's mapping: on a
 * page of meals that mapping cost more than the query itself (docs/decisions/006).
 */

import { type SQL, sql } from "drizzle-orm";
import type { Allocation } from "../../../contract/allocation";
import type { AllergenCode, StorageType } from "../../../contract/food-safety";
import type { Meal, MealKind, PrivatePickup } from "../../../contract/meals";
import { meals, users } from "../../db/schema";
import { shownLastNameSql } from "../../member-names";
import { portionsLeft } from "./availability";

/** A meal row as `MEAL_COLUMNS` selects it (driver values: Dates, numbers, strings). */
export interface MealColumnsRow {
  id: string;
  title: string;
  description: string;
  ingredients: string;
  allergens: string;
  allergenCodes: AllergenCode[];
  allergensOther: string;
  noMajorAllergens: boolean;
  dietTags: string[];
  preparedAt: Date | null;
  storage: StorageType | null;
  reheating: string | null;
  kind: MealKind;
  priceCents: number | null;
  paymentWays: "cash" | "card" | "both";
  chargeNoShow: boolean;
  portionSize: number;
  portionsTaken: number;
  pickupWindowStart: Date;
  pickupWindowEnd: Date;
  pickupLocation: string;
  deliveryAvailable: boolean;
  photoPath: string | null;
  latitude: number | null;
  longitude: number | null;
  isActive: boolean;
  heldForReview: boolean;
  createdAt: Date;
  seriesId: string | null;
  membersOnly: boolean;
  opensAt: Date | null;
  allocation: Allocation;
  groupId: string | null;
  /** The group's name where the meal may be marked with it (`GROUP_MARK`). */
  groupName: string | null;
  ownerId: string;
  ownerFirstName: string;
  ownerLastName: string;
  ownerProfileImageUrl: string | null;
  ownerIsCook: boolean;
  ownerRating: number | null;
  ownerReviewCount: number;
}

/** A meal row, with the viewer's allergy warnings where the statement asked for them (allergen-match.ts). */
export type MealRow = MealColumnsRow & { allergyWarnings?: string[] };

const aliased = (columns: Record<keyof MealColumnsRow, SQL | { name: string }>) =>
  sql.join(
    Object.entries(columns).map(([alias, column]) => sql`${column} as ${sql.identifier(alias)}`),
    sql`, `,
  );

/**
 * The group a meal is marked with (docs/features/groups.md point 3): while members-only, its group
 * (only members read the meal then); once shared with everyone, only a listed group's name — a hidden
 * group's name never reaches anyone outside it. A primary-key lookup per row of the page.
 */
const GROUP_MARK = sql`(select g.name from groups g
  where g.id = ${meals.groupId} and (${meals.membersOnly} or g.visibility = 'listed'))`;

/** The select list of every meal read: `from meals join users on users.id = meals.owner_id`. */
export const MEAL_COLUMNS = aliased({
  id: meals.id,
  title: meals.title,
  description: meals.description,
  ingredients: meals.ingredients,
  allergens: meals.allergens,
  allergenCodes: meals.allergenCodes,
  allergensOther: meals.allergensOther,
  noMajorAllergens: meals.noMajorAllergens,
  dietTags: meals.dietTags,
  preparedAt: meals.preparedAt,
  storage: meals.storage,
  reheating: meals.reheating,
  kind: meals.kind,
  priceCents: meals.priceCents,
  paymentWays: meals.paymentWays,
  chargeNoShow: meals.chargeNoShow,
  portionSize: meals.portionSize,
  portionsTaken: meals.portionsTaken,
  pickupWindowStart: meals.pickupWindowStart,
  pickupWindowEnd: meals.pickupWindowEnd,
  pickupLocation: meals.pickupLocation,
  deliveryAvailable: meals.deliveryAvailable,
  photoPath: meals.photoPath,
  latitude: meals.latitude,
  longitude: meals.longitude,
  isActive: meals.isActive,
  heldForReview: meals.heldForReview,
  createdAt: meals.createdAt,
  seriesId: meals.seriesId,
  membersOnly: meals.membersOnly,
  opensAt: meals.opensAt,
  allocation: meals.allocation,
  groupId: meals.groupId,
  groupName: sql`${GROUP_MARK}`,
  ownerId: users.id,
  ownerFirstName: users.firstName,
  ownerLastName: sql`${shownLastNameSql(users)}`,
  ownerProfileImageUrl: users.profileImageUrl,
  ownerIsCook: users.isRegisteredCook,
  // docs/DESIGN.md §4 "Reviews": the mean of reviews received, one decimal, null with none.
  ownerRating: sql`round(${users.ratingSum}::numeric / nullif(${users.ratingCount}, 0), 1)::float8`,
  ownerReviewCount: users.ratingCount,
});

/** The columns a page is picked with before its owners are joined (the select list's meal part). */
export const PAGE_COLUMNS = sql.join(
  [
    meals.id,
    meals.ownerId,
    meals.title,
    meals.description,
    meals.ingredients,
    meals.allergens,
    meals.allergenCodes,
    meals.allergensOther,
    meals.noMajorAllergens,
    meals.dietTags,
    meals.preparedAt,
    meals.storage,
    meals.reheating,
    meals.kind,
    meals.priceCents,
    meals.paymentWays,
    meals.chargeNoShow,
    meals.portionSize,
    meals.portionsTaken,
    meals.pickupWindowStart,
    meals.pickupWindowEnd,
    meals.pickupLocation,
    meals.deliveryAvailable,
    meals.photoPath,
    meals.latitude,
    meals.longitude,
    meals.isActive,
    meals.heldForReview,
    // Read by the open condition when a list re-applies its filters to a window's rows (near.ts).
    meals.ended,
    meals.createdAt,
    meals.seriesId,
    meals.membersOnly,
    meals.opensAt,
    meals.allocation,
    meals.groupId,
  ].map((column) => sql`${column}`),
  sql`, `,
);

/** `from meals join users` for the columns above. */
export const MEALS_WITH_OWNERS = sql`${meals} inner join ${users} on ${users.id} = ${meals.ownerId}`;

/** A listed meal plus the sort key the pagination needs. */
export type ListedMeal = Meal & { createdAtDate: Date; score?: number };

/**
 * Turns a row into the API's meal shape (spec §3 Meal; docs/DESIGN.md §4 "Requests" for portionsLeft).
 * @param distanceMetres from the list's `near` point; shown to 0.1 km (docs/DESIGN.md §4 "Distance")
 */
export function presentMeal(row: MealRow, distanceMetres?: number | null, now = Date.now()): ListedMeal {
  const pickupWindowEnd = new Date(row.pickupWindowEnd);
  const createdAt = new Date(row.createdAt);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    ingredients: row.ingredients,
    allergens: row.allergens,
    allergenCodes: row.allergenCodes,
    allergensOther: row.allergensOther,
    noMajorAllergens: row.noMajorAllergens,
    dietTags: row.dietTags,
    preparedAt: row.preparedAt == null ? null : new Date(row.preparedAt).toISOString(),
    storage: row.storage,
    reheating: row.reheating,
    kind: row.kind,
    priceCents: row.priceCents,
    // Card payment, where the cook offers it (docs/decisions/022); cash at pickup says nothing here.
    ...(row.kind === "paid" && row.paymentWays !== "cash"
      ? { paymentWays: row.paymentWays, chargeNoShow: row.chargeNoShow }
      : {}),
    portionSize: row.portionSize,
    portionsLeft: portionsLeft(row),
    pickupWindowStart: new Date(row.pickupWindowStart).toISOString(),
    pickupWindowEnd: pickupWindowEnd.toISOString(),
    pickupLocation: row.pickupLocation,
    deliveryAvailable: row.deliveryAvailable,
    photoPath: row.photoPath,
    latitude: row.latitude == null ? null : Number(row.latitude),
    longitude: row.longitude == null ? null : Number(row.longitude),
    isActive: row.isActive,
    held: row.heldForReview,
    isExpired: pickupWindowEnd.getTime() <= now,
    createdAt: createdAt.toISOString(),
    createdAtDate: createdAt,
    seriesId: row.seriesId ?? null,
    group: row.groupId && row.groupName ? { id: row.groupId, name: row.groupName } : null,
    membersOnly: row.membersOnly,
    opensAt: row.opensAt == null ? null : new Date(row.opensAt).toISOString(),
    allocation: row.allocation,
    owner: {
      id: row.ownerId,
      firstName: row.ownerFirstName,
      lastName: row.ownerLastName,
      profileImageUrl: row.ownerProfileImageUrl,
      isCook: row.ownerIsCook,
    },
    ownerRating: row.ownerRating == null ? null : Number(row.ownerRating),
    ownerReviewCount: Number(row.ownerReviewCount),
    ...(distanceMetres == null ? {} : { distanceKm: Math.round(Number(distanceMetres) / 100) / 10 }),
    allergyWarnings: row.allergyWarnings ?? [],
  };
}

/** A meal's exact pickup point and private details, for those allowed to read them. */
export function privatePickupOf(meal: {
  pickupLatitude: number | null;
  pickupLongitude: number | null;
  pickupDetails: string | null;
}): PrivatePickup {
  return {
    point:
      meal.pickupLatitude == null || meal.pickupLongitude == null
        ? null
        : { latitude: Number(meal.pickupLatitude), longitude: Number(meal.pickupLongitude) },
    details: meal.pickupDetails,
  };
}
