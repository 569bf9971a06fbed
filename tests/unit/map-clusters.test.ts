/**
 * The map's clusters (src/client/features/meals/map-clusters.ts): opening a cluster zooms to where
 * it splits, and the meals stay split when the zoomed view's answer lists them in another order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLUSTER_MAX_ZOOM, mealClusters } from "../../src/client/features/meals/map-clusters";
import type { MapMeal } from "../../src/contract/meals";

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** Up to eight meals within about a kilometre of one another, as a street's meals are. */
const mealsNearby = fc
  .uniqueArray(
    fc.record({
      id: fc.uuid(),
      latitude: fc.double({ min: 51.32, max: 51.33, noNaN: true }),
      longitude: fc.double({ min: 12.32, max: 12.335, noNaN: true }),
    }),
    { minLength: 2, maxLength: 8, selector: (meal) => meal.id },
  )
  .map((points) =>
    points.map(
      (point): MapMeal => ({
        ...point,
        title: `Meal ${point.id.slice(0, 4)}`,
        kind: "free",
        priceCents: null,
        portionsLeft: 1,
        group: null,
      }),
    ),
  );

/** Each cluster at `zoom` as its meals' ids, sorted: the index's partition of the meals. */
function partition(meals: MapMeal[], zoom: number): string[] {
  const index = mealClusters(meals);
  return index
    .getClusters(WORLD, zoom)
    .map((feature) =>
      "cluster" in feature.properties && feature.properties.cluster
        ? index
            .getLeaves(feature.properties.cluster_id, Number.POSITIVE_INFINITY)
            .map((leaf) => leaf.properties.id)
            .sort()
            .join(",")
        : (feature.properties as MapMeal).id,
    )
    .sort();
}

describe("mealClusters", () => {
  it("clusters the same meals the same way whatever order the API lists them in", () => {
    fc.assert(
      fc.property(
        mealsNearby.chain((meals) =>
          fc.tuple(fc.constant(meals), fc.shuffledSubarray(meals, { minLength: meals.length })),
        ),
        fc.integer({ min: 12, max: CLUSTER_MAX_ZOOM }),
        ([meals, reordered], zoom) => {
          expect(partition(reordered, zoom)).toEqual(partition(meals, zoom));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("a cluster's meals are apart at its expansion zoom, in the answer for the zoomed view too", () => {
    fc.assert(
      fc.property(
        mealsNearby.chain((meals) =>
          fc.tuple(fc.constant(meals), fc.shuffledSubarray(meals, { minLength: meals.length })),
        ),
        fc.integer({ min: 12, max: 16 }),
        ([meals, reordered], zoom) => {
          const index = mealClusters(meals);
          for (const feature of index.getClusters(WORLD, zoom)) {
            if (!("cluster" in feature.properties && feature.properties.cluster)) continue;
            const expansion = index.getClusterExpansionZoom(feature.properties.cluster_id);
            if (expansion > CLUSTER_MAX_ZOOM) continue;
            const leaves = index
              .getLeaves(feature.properties.cluster_id, Number.POSITIVE_INFINITY)
              .map((leaf) => leaf.properties.id)
              .sort()
              .join(",");
            expect(partition(reordered, expansion)).not.toContain(leaves);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
