/**
 * A list's meals on a map (docs/features/neighbourhood.md point 5): the meals in view with the list's
 * filters (`GET /api/meals/map`, asked again as the map is panned or zoomed), clustered with
 * supercluster, each at the point it is shown at (docs/decisions/013). A marker opens the meal's card
 * in a sheet over the foot of the map — not a Leaflet popup, whose auto-panning moved the map, which
 * asked for the meals again and redrew the popup, in a loop that crashed phones; the sheet stays
 * inside the map and outside Leaflet's styles. A cluster zooms in until it splits, or lists its meals
 * when they share one spot. Markers are keyboard buttons (Tab, Enter; Escape closes the sheet), and
 * the meals in view are listed under the map as its text alternative. Lazily loaded: it brings
 * Leaflet.
 */
import type { LatLngBounds, Map as LeafletMap } from "leaflet";
import { X } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Marker, useMapEvents } from "react-leaflet";
import { Link } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { BaseMap, zoomForRadius } from "@/client/components/map/base-map";
import { clusterIcon, pinIcon } from "@/client/components/map/icons";
import { Button } from "@/client/components/ui/button";
import { deployment } from "@/client/lib/deployment";
import { useFormat } from "@/client/lib/format";
import { useViewerPosition } from "@/client/lib/geo";
import type { MapMeal } from "@/contract/meals";
import type { BoundingBox } from "@/contract/places";
import { useMeal } from "../api/get-meal";
import { useMealMap } from "../api/get-meal-map";
import { CLUSTER_MAX_ZOOM, mealClusters } from "../map-clusters";
import type { MealFilterState } from "../use-meal-filters";
import { MealCard } from "./meal-card";

/** The map's bounds as the API's box: longitudes within ±180, latitudes within Web Mercator's. */
function boxOf(bounds: LatLngBounds): BoundingBox {
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  let west = bounds.getWest();
  let east = bounds.getEast();
  if (east - west >= 360 || clamp(west, 180) >= clamp(east, 180)) {
    west = -180;
    east = 180;
  }
  return {
    west: clamp(west, 180),
    south: clamp(bounds.getSouth(), 85),
    east: clamp(east, 180),
    north: clamp(bounds.getNorth(), 85),
  };
}

interface View {
  box: BoundingBox;
  zoom: number;
}

/** Reports the view after every pan or zoom (and once at the start). */
function ViewWatcher({ onView }: { onView: (view: View) => void }) {
  const map = useMapEvents({ moveend: () => onView({ box: boxOf(map.getBounds()), zoom: map.getZoom() }) });
  useEffect(() => onView({ box: boxOf(map.getBounds()), zoom: map.getZoom() }), [map, onView]);
  return null;
}

/** The meal's card in a marker's sheet: loading, its error with Retry, or the card. */
function MealPopupCard({ id }: { id: string }) {
  const { t } = useTranslation("app");
  const meal = useMeal(id);
  if (meal.isLoading) return <Spinner className="py-6" label={t("Loading meal")} />;
  if (meal.isError)
    return (
      <QueryError
        compact
        title={t("Could not load the meal")}
        error={meal.error}
        onRetry={() => meal.refetch()}
      />
    );
  return meal.data ? <MealCard meal={meal.data} /> : null;
}

/**
 * A sheet over the foot of the map: the chosen meal's card, scrolling inside the map's height, with
 * Close (and Escape). It takes the focus when it opens, so a keyboard or screen reader user lands on
 * what the marker opened.
 */
function MapSheet({
  label,
  onClose,
  children,
}: {
  label: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("app");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-label={label}
      tabIndex={-1}
      data-testid="map-sheet"
      onKeyDown={(event) => event.key === "Escape" && onClose()}
      className="absolute inset-x-2 bottom-2 z-[1000] max-h-[85%] overflow-y-auto rounded-xl border bg-background p-3 shadow-lg outline-none sm:start-auto sm:w-80"
    >
      <div className="mb-1 flex justify-end">
        <Button type="button" variant="ghost" size="sm" onClick={onClose} aria-label={t("Close")}>
          <X aria-hidden="true" />
        </Button>
      </div>
      {children}
    </div>
  );
}

type Selection =
  | { kind: "meal"; meal: MapMeal }
  | { kind: "spot"; meals: MapMeal[]; latitude: number; longitude: number };

/** A meal's price as the map says it: FREE, or the price in the deployment's currency. */
function usePriceOf() {
  const { t } = useTranslation("app");
  const f = useFormat();
  return (meal: MapMeal) => (meal.kind === "free" ? t("FREE") : f.price(meal.priceCents ?? 0));
}

/** The meals the map's view holds, listed under it: a way to them without the map. */
function MealsOnThisMap({ meals, loading }: { meals: MapMeal[]; loading: boolean }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const priceOf = usePriceOf();
  return (
    <div>
      <h3 className="font-semibold">
        {t("Meals on this map ({{number}})", { number: f.number(meals.length) })}
      </h3>
      {meals.length === 0 && !loading && (
        <p className="text-sm text-muted-foreground">
          {t("No meals in this part of the map. Zoom out or move the map.")}
        </p>
      )}
      <ul className="mt-1 grid gap-1 text-sm sm:grid-cols-2" data-testid="map-meal-list">
        {meals.map((meal) => (
          <li key={meal.id}>
            <Link href={`/meal/${meal.id}`} className="underline-offset-2 hover:underline" dir="auto">
              {meal.title}
            </Link>{" "}
            <span className="text-muted-foreground">
              · {priceOf(meal)} · {t("{{count}} portion", { count: meal.portionsLeft })}
              {meal.group && ` · ${t("Only for {{group}}", { group: meal.group.name })}`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What a tapped pin or spot opens: the meal's card, or the meals at one spot. */
function SelectionSheet({ selected, onClose }: { selected: Selection; onClose: () => void }) {
  const { t } = useTranslation("app");
  const priceOf = usePriceOf();
  return (
    <MapSheet
      onClose={onClose}
      label={selected.kind === "meal" ? selected.meal.title : t("Meals at this spot")}
    >
      {selected.kind === "meal" ? (
        <MealPopupCard id={selected.meal.id} />
      ) : (
        <ul className="flex flex-col gap-1 text-sm" aria-label={t("Meals at this spot")}>
          {selected.meals.map((meal) => (
            <li key={meal.id}>
              <Link href={`/meal/${meal.id}`} className="underline" dir="auto">
                {meal.title}
              </Link>{" "}
              · {priceOf(meal)}
            </li>
          ))}
        </ul>
      )}
    </MapSheet>
  );
}

/**
 * The view's pins and clusters: a cluster opens by zooming in, or, where zooming no further parts
 * it, by listing its meals (`onSelect`).
 */
function MealMarkers({
  meals,
  view,
  map,
  onSelect,
}: {
  meals: MapMeal[];
  view: View | null;
  map: LeafletMap | null;
  onSelect: (selection: Selection) => void;
}) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const priceOf = usePriceOf();
  const index = useMemo(() => mealClusters(meals), [meals]);
  const features = view
    ? index.getClusters([view.box.west, view.box.south, view.box.east, view.box.north], Math.round(view.zoom))
    : [];
  const openCluster = (id: number, latitude: number, longitude: number) => {
    const zoom = index.getClusterExpansionZoom(id);
    if (map && zoom <= CLUSTER_MAX_ZOOM) {
      map.setView([latitude, longitude], zoom);
      return;
    }
    const leaves = index.getLeaves(id, 50).map((leaf) => leaf.properties);
    onSelect({ kind: "spot", meals: leaves, latitude, longitude });
  };
  return features.map((feature) => {
    const [longitude, latitude] = feature.geometry.coordinates;
    const properties = feature.properties;
    if ("cluster" in properties && properties.cluster) {
      const count = properties.point_count;
      return (
        <Marker
          key={`cluster-${properties.cluster_id}`}
          position={[latitude, longitude]}
          icon={clusterIcon(count, f.number(count))}
          title={t("{{count}} meals here: open to zoom in", { count })}
          eventHandlers={{ click: () => openCluster(properties.cluster_id, latitude, longitude) }}
        />
      );
    }
    const meal = properties as MapMeal;
    return (
      <Marker
        key={meal.id}
        position={[meal.latitude, meal.longitude]}
        icon={pinIcon(meal.kind)}
        title={`${meal.title} (${priceOf(meal)})`}
        eventHandlers={{ click: () => onSelect({ kind: "meal", meal }) }}
      />
    );
  });
}

export default function MealMap({ filters }: { filters: MealFilterState }) {
  const { t } = useTranslation("app");
  const position = useViewerPosition();
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [selected, setSelected] = useState<Selection | null>(null);
  const query = useMealMap(view?.box ?? null, filters.filters);
  const meals = query.data?.meals ?? [];

  // Where the map opens: the list's centre and radius, else the home area, else the deployment's view.
  const [start] = useState(() => {
    const centre = filters.area === "here" && position ? position : (filters.homeArea ?? null);
    if (centre) return { ...centre, zoom: zoomForRadius(filters.radiusKm * 1000) };
    return deployment().map.center;
  });

  return (
    <section aria-label={t("Meals on the map")} className="flex flex-col gap-3">
      {query.isError && (
        <QueryError
          title={t("Could not load meals")}
          error={query.error}
          onRetry={() => query.refetch()}
          retrying={query.isRefetching}
        />
      )}
      <div className="relative">
        <BaseMap
          center={start}
          zoom={start.zoom}
          label={t("Map of meals")}
          className="h-[calc(100svh-13rem)] min-h-80"
          onReady={setMap}
        >
          <ViewWatcher onView={setView} />
          <MealMarkers meals={meals} view={view} map={map} onSelect={setSelected} />
        </BaseMap>
        {query.isFetching && (
          <div className="pointer-events-none absolute end-2 top-2 z-[1000] rounded-full bg-background/90 p-1">
            <Spinner className="h-6 w-6" label={t("Loading meals")} />
          </div>
        )}
        {selected && <SelectionSheet selected={selected} onClose={() => setSelected(null)} />}
      </div>
      {query.data?.more && (
        <p className="text-sm text-muted-foreground">
          {t("There are more meals here than the map shows: zoom in to see them all.")}
        </p>
      )}
      <MealsOnThisMap meals={meals} loading={query.isFetching || query.isError} />
    </section>
  );
}
