/**
 * The map's clusters of meals (docs/features/neighbourhood.md point 5): a supercluster index of the
 * meals in view, each at the point it is shown at (docs/decisions/013).
 */
import Supercluster from "supercluster";
import type { MapMeal } from "@/contract/meals";

/** Beyond this zoom the map shows each meal, clustered or not, at its ~100 m point. */
export const CLUSTER_MAX_ZOOM = 17;

/**
 * Indexes `meals` (any order) for `getClusters(box, zoom)`; a cluster is the meals within 60 px
 * at that zoom.
 *
 * Supercluster's greedy clustering depends on the order of its points, and the API answers the
 * meals nearest the box's centre first. Loaded in that order, the meals a cluster split into at its
 * expansion zoom could cluster again once the zoomed box's answer came, and "open to zoom in" did
 * nothing. Loaded in the order of their ids, the same meals cluster the same way whatever the box.
 */
export function mealClusters(meals: readonly MapMeal[]): Supercluster<MapMeal> {
  const index = new Supercluster<MapMeal>({ radius: 60, maxZoom: CLUSTER_MAX_ZOOM });
  const byId = [...meals].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  index.load(
    byId.map((meal) => ({
      type: "Feature" as const,
      geometry: { type: "Point" as const, coordinates: [meal.longitude, meal.latitude] as [number, number] },
      properties: meal,
    })),
  );
  return index;
}
