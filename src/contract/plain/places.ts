/**
 * Place rules without their schemas (docs/DESIGN.md §6c; docs/features/neighbourhood.md): the rounding
 * of every point a client sends, the shown point's offset and area, the home radius choices and text
 * limits. `src/contract/places.ts` builds the API's schemas on it and re-exports it; the browser imports
 * this module (docs/decisions/015 "Phones").
 */
export const roundCoordinate = (value: number) => Math.round(value * 1000) / 1000;

/**
 * How far from a meal's pickup point the point others are shown lies (docs/DESIGN.md §6c; the
 * `meal_shown_point` function of migration 0024), and the radius of the area drawn around the shown
 * point: the offset, the pickup point's rounding (about 80 m) and the shown point's (about 10 m) all
 * fit inside it.
 */
export const SHOWN_POINT_OFFSET_M = { min: 150, max: 250 } as const;
export const SHOWN_AREA_RADIUS_M = 350;

/**
 * The radii a home area, a local list or an alert may have, in km, and the default
 * (docs/features/discovery.md "near me"; docs/features/neighbourhood.md point 1).
 */
export const HOME_RADIUS_CHOICES_KM = [1, 2, 5, 10, 25] as const;
export const HOME_RADIUS_DEFAULT_KM = 5;
/** Longest name a home area keeps for its owner ("Kreuzberg, Berlin"). */
export const HOME_LABEL_MAX = 120;

/** Longest place search text. */
export const PLACE_QUERY_MAX = 200;
