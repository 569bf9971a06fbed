/**
 * Places (docs/DESIGN.md §6c; docs/features/neighbourhood.md points 1, 4, 5): a member's home area,
 * place search results, and the box a map shows. Every point a client sends is rounded to 3 decimals
 * (about 100 m) before anything keeps it: exact positions are never stored or shown.
 * Its words, limits and pure rules live in `./plain/places.ts`, which this module re-exports;
 * the browser imports that one (docs/decisions/015 "Phones").
 */
import { z } from "zod";
import { msg } from "./messages";
import {
  HOME_LABEL_MAX,
  HOME_RADIUS_CHOICES_KM,
  HOME_RADIUS_DEFAULT_KM,
  PLACE_QUERY_MAX,
  roundCoordinate,
} from "./plain/places";

export * from "./plain/places";

const latitude = z
  .number({ error: msg("Latitude must be a number") })
  .min(-90, msg("Latitude must be between -90 and 90"))
  .max(90, msg("Latitude must be between -90 and 90"))
  .transform(roundCoordinate);
const longitude = z
  .number({ error: msg("Longitude must be a number") })
  .min(-180, msg("Longitude must be between -180 and 180"))
  .max(180, msg("Longitude must be between -180 and 180"))
  .transform(roundCoordinate);
const radiusKm = z.union(
  HOME_RADIUS_CHOICES_KM.map((km) => z.literal(km)),
  { error: msg("Radius must be 1, 2, 5, 10 or 25 km") },
);

/** A point on the earth, rounded to about 100 m. */
export const pointSchema = z.object({ latitude, longitude });
export type Point = z.output<typeof pointSchema>;

/** `PUT /api/user/home-area` body: where, how far around it, and the place's name if searched. */
export const setHomeAreaSchema = pointSchema.extend({
  radiusKm: radiusKm.default(HOME_RADIUS_DEFAULT_KM),
  label: z
    .string()
    .trim()
    .max(HOME_LABEL_MAX, msg("The place name must be at most {{max}} characters", { max: HOME_LABEL_MAX }))
    .nullable()
    .optional()
    .transform((value) => value || null),
});
export type SetHomeAreaInput = z.input<typeof setHomeAreaSchema>;

/** A member's home area as only they see it (`GET /api/auth/user`, `PUT /api/user/home-area`). */
export const homeAreaSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  radiusKm: z.number().int(),
  label: z.string().nullable(),
});
export type HomeArea = z.infer<typeof homeAreaSchema>;

/** `GET /api/places?q=`: what to look for ("Kreuzberg", "12 Elm Street, Springfield"). */
export const placeSearchQuerySchema = z.object({
  q: z
    .string({ error: msg("Type a place or address to search for") })
    .trim()
    .min(2, msg("Type a place or address to search for"))
    .max(PLACE_QUERY_MAX, msg("Search text must be at most {{max}} characters", { max: PLACE_QUERY_MAX })),
});

/**
 * One place search result: its full name to choose it by, a coarse name to remember it by (its
 * district or town, never the street), and its point, rounded to about 100 m.
 */
export const placeSchema = z.object({
  label: z.string(),
  area: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Place = z.infer<typeof placeSchema>;

/**
 * The box a map shows, as `west,south,east,north` in degrees (`GET /api/meals/map?bbox=`). A box that
 * crosses the antimeridian is refused: a neighbourhood never does.
 */
export const bboxSchema = z
  .string({ error: msg("bbox must be west,south,east,north") })
  .regex(
    /^-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?$/,
    msg("bbox must be west,south,east,north"),
  )
  .transform((value, ctx) => {
    const [west, south, east, north] = value.split(",").map(Number);
    const inRange =
      [west, east].every((lng) => Math.abs(lng) <= 180) && [south, north].every((lat) => Math.abs(lat) <= 90);
    if (!inRange || west >= east || south >= north) {
      ctx.addIssue({ code: "custom", message: msg("bbox must be west,south,east,north") });
      return z.NEVER;
    }
    return { west, south, east, north };
  });
export type BoundingBox = z.output<typeof bboxSchema>;
