/**
 * A list's meals as a grid or, with `?view=map`, on a map (docs/features/neighbourhood.md point 5),
 * and the List/Map switch. The map is loaded when first shown: it brings Leaflet, which draws in a
 * browser alone; the server's first screen draws its place as it looks while it loads.
 */
import { List, Map as MapIcon } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { useHydrated } from "@/client/lib/hydrated";
import { mealsUrl } from "@/contract/meal-list";
import type { useMeals } from "../api/get-meals";
import type { MealFilterState } from "../use-meal-filters";
import { MealGrid } from "./meal-grid";

/** Fetches the map's code (and Leaflet) ahead of showing it: a page opened on `?view=map` asks at once. */
export const loadMealMap = () => import("./meal-map");
const MealMap = lazy(loadMealMap);

/**
 * What an empty list says, most specific first: a search that matched nothing names the words
 * searched for (not "nothing within 5 km yet", which reads as an empty neighbourhood), then the
 * radius, then other filters; `otherwise` when nothing narrows the list
 * (docs/features/everyday-journey.md).
 */
export function useNoMealsText(filters: MealFilterState, otherwise?: string): string | undefined {
  const { t } = useTranslation("app");
  const { q } = filters.alert;
  const km = filters.radiusKm;
  if (q)
    return filters.isLocal
      ? t("No meal within {{km}} km matches “{{q}}”. Try other words, a wider radius, or look everywhere.", {
          km,
          q,
        })
      : t("No meal matches “{{q}}”. Try other words.", { q });
  if (filters.isLocal)
    return t("Nothing within {{km}} km yet. Try a wider radius, or look everywhere.", { km });
  return filters.narrowed ? t("Try adjusting your search terms.") : otherwise;
}

/** List or Map. */
export function ViewToggle({ filters }: { filters: MealFilterState }) {
  const { t } = useTranslation("app");
  return (
    <fieldset className="flex gap-1">
      <legend className="sr-only">{t("Show as")}</legend>
      <Button
        size="sm"
        variant={filters.view === "list" ? "default" : "outline"}
        aria-pressed={filters.view === "list"}
        onClick={() => filters.setView("list")}
      >
        <List aria-hidden="true" /> {t("List")}
      </Button>
      <Button
        size="sm"
        variant={filters.view === "map" ? "default" : "outline"}
        aria-pressed={filters.view === "map"}
        onClick={() => filters.setView("map")}
      >
        <MapIcon aria-hidden="true" /> {t("Map")}
      </Button>
    </fieldset>
  );
}

/**
 * The map, or while its code loads a spinner in its place. The server's drawing, and the render that
 * hydrates it, show the spinner too: Leaflet draws in a browser alone.
 */
function MapInBrowser({ filters }: { filters: MealFilterState }) {
  const { t } = useTranslation("app");
  const hydrated = useHydrated();
  const loading = <Spinner className="py-16" label={t("Loading the map")} />;
  if (!hydrated) return loading;
  return (
    <Suspense fallback={loading}>
      <MealMap filters={filters} />
    </Suspense>
  );
}

/** A list's meals: on the map with `?view=map`, else as a grid. */
export function MealResults({
  filters,
  query,
  empty,
}: {
  filters: MealFilterState;
  query: ReturnType<typeof useMeals>;
  empty: ReactNode;
}) {
  if (filters.view === "map") return <MapInBrowser filters={filters} />;
  // A grid per list: a new search or filter starts again from its first cards, drawn four by four
  // (meal-grid.tsx), instead of drawing the new list's whole page in the commit that shows it.
  return <MealGrid key={mealsUrl(filters.filters)} query={query} empty={empty} />;
}
