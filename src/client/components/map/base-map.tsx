/**
 * The one way a map is drawn (docs/DESIGN.md §6c; docs/features/neighbourhood.md point 5): Leaflet
 * with the deployment's XYZ tiles (`MAP_TILE_URL`) and their attribution (`MAP_ATTRIBUTION`), zoom
 * buttons named in the reader's language, and an accessible name for the map itself, which the
 * keyboard reaches (arrow keys pan, + and − zoom). Only lazily loaded chunks import this file, so
 * Leaflet never weighs on a page without a map.
 */
import "leaflet/dist/leaflet.css";
import "./map.css";
import type { Map as LeafletMap } from "leaflet";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AttributionControl, MapContainer, TileLayer, useMap, ZoomControl } from "react-leaflet";
import { deployment } from "@/client/lib/deployment";
import { cn } from "@/client/lib/utils";
import { directionOf } from "@/contract/languages";

/** A zoom at which a circle of `radiusMetres` around the centre fills a small map. */
export function zoomForRadius(radiusMetres: number): number {
  if (radiusMetres <= 150) return 16;
  if (radiusMetres <= 1_500) return 14;
  if (radiusMetres <= 3_000) return 13;
  if (radiusMetres <= 6_000) return 12;
  if (radiusMetres <= 12_000) return 11;
  return 10;
}

/** Gives the map's container its name and role, which Leaflet leaves out. */
function MapName({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute("role", "region");
    container.setAttribute("aria-label", label);
    container.setAttribute("aria-roledescription", "map");
  }, [map, label]);
  return null;
}

/**
 * Keeps Leaflet's idea of the map's size true: a map drawn inside a dialog that is still opening, or
 * in a box that changes with the page, otherwise centres its view on a size it no longer has — a
 * chosen point then sits off the map's middle, or above it (docs/features/everyday-journey.md).
 */
function KeepSize() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === "undefined") return;
    const centre = map.getCenter();
    const observer = new ResizeObserver(() => map.invalidateSize({ pan: false }));
    observer.observe(map.getContainer());
    map.invalidateSize({ pan: false });
    map.setView(centre, map.getZoom(), { animate: false });
    return () => observer.disconnect();
  }, [map]);
  return null;
}

export function BaseMap({
  center,
  zoom,
  label,
  className,
  children,
  onReady,
  scrollWheelZoom = false,
}: {
  center: { latitude: number; longitude: number };
  zoom: number;
  /** What the map shows, for screen readers ("Map of meals"). */
  label: string;
  className?: string;
  children?: ReactNode;
  onReady?: (map: LeafletMap) => void;
  /** Off by default: a page scrolled on a phone or with a mouse wheel should not zoom the map instead. */
  scrollWheelZoom?: boolean;
}) {
  const { t, i18n } = useTranslation("app");
  const { map } = deployment();
  // The map itself is geography and never mirrors; its controls sit at the reading start and end as
  // the page's do (docs/STYLE.md "Direction"): Leaflet places them by left and right only.
  const rtl = directionOf(i18n.language) === "rtl";
  return (
    <MapContainer
      center={[center.latitude, center.longitude]}
      zoom={zoom}
      zoomControl={false}
      attributionControl={false}
      scrollWheelZoom={scrollWheelZoom}
      className={cn("z-0 h-72 w-full rounded-lg border", className)}
      ref={(instance) => {
        if (instance) onReady?.(instance);
      }}
    >
      <TileLayer url={map.tileUrl} attribution={map.attribution} />
      <ZoomControl
        position={rtl ? "topright" : "topleft"}
        zoomInTitle={t("Zoom in")}
        zoomOutTitle={t("Zoom out")}
      />
      <AttributionControl position={rtl ? "bottomleft" : "bottomright"} />
      <MapName label={label} />
      <KeepSize />
      {children}
    </MapContainer>
  );
}
