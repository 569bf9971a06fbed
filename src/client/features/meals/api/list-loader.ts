/**
 * The loader of a page that lists meals (Community, Marketplace, Home's featured meals;
 * src/client/lib/page-data.ts): the list's first page as the URL's filters ask it for this member
 * (src/contract/meal-list.ts `listFiltersOf`, the rule the list itself follows).
 */
import type { PageLoader } from "@/client/lib/page-data";
import { listFiltersOf } from "@/contract/meal-list";
import type { MealKind } from "@/contract/meals";
import { loadMealMap } from "../components/meal-results";
import { mealsQuery } from "./get-meals";

/**
 * A list page's loader. Nothing while the list waits for this device's position ("Near me"), nor on
 * a map that shows no list (`listedOnMap` false: Home's featured meals); Community and Marketplace ask
 * for their list on the map too, for its count line. A list opened on its map starts fetching the
 * map's code with its data, in a browser (Leaflet draws nowhere else).
 */
export const mealListLoader =
  (kind: MealKind | undefined, listedOnMap: boolean): PageLoader =>
  (_params, search, viewer) => {
    const { filters, area, view } = listFiltersOf(search, viewer, null, kind);
    const map = view === "map";
    // Not awaited and never failing: the map draws its own error where it shows.
    if (map && typeof window !== "undefined") void loadMealMap().catch(() => undefined);
    return area === "here" || (map && !listedOnMap) ? [] : [mealsQuery(filters)];
  };
