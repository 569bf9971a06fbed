/**
 * Choosing a point on a map (docs/features/neighbourhood.md points 1 and 3): a pin to drag, the map to
 * click where it should go, and, for the keyboard, the pin itself — focus it and move it with the
 * arrow keys, about 100 m a press. Every point is rounded to about 100 m before it leaves here
 * (docs/DESIGN.md §6c), so the pin sits where others could at most place it. Lazily loaded: it
 * brings Leaflet.
 */
import type { Marker as LeafletMarker, LeafletMouseEvent } from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Circle, Marker, useMap, useMapEvents } from "react-leaflet";
import { BaseMap, zoomForRadius } from "@/client/components/map/base-map";
import { pinIcon } from "@/client/components/map/icons";
import { deployment } from "@/client/lib/deployment";
import type { Point } from "@/contract/places";
import { roundCoordinate } from "@/contract/plain/places";

/** The zoom a chosen point is shown at: streets and their names. */
const POINT_ZOOM = 15;
/** How far one arrow key moves the pin, in degrees of latitude (about 110 m). */
const STEP = 0.001;

const rounded = (latitude: number, longitude: number): Point => ({
  latitude: roundCoordinate(Math.max(-90, Math.min(90, latitude))),
  longitude: roundCoordinate(((((longitude + 180) % 360) + 360) % 360) - 180),
});

/**
 * Clicking the map puts the pin there. A point set from outside (a searched place, this device's
 * position) is put in the middle of the map, with its radius in view; one the member placed on the map
 * moves the map only when it left the view.
 */
function FollowPoint({
  value,
  onChange,
  placedHere,
  radiusMetres,
}: {
  value: Point | null;
  onChange: (point: Point) => void;
  /** The last point placed on the map itself (click, drag, arrow keys). */
  placedHere: { current: Point | null };
  radiusMetres?: number;
}) {
  const map = useMap();
  useMapEvents({
    click: (event: LeafletMouseEvent) => onChange(rounded(event.latlng.lat, event.latlng.lng)),
  });
  const latitude = value?.latitude;
  const longitude = value?.longitude;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    const here = placedHere.current;
    const fromMap = here?.latitude === latitude && here?.longitude === longitude;
    if (fromMap) {
      if (!map.getBounds().contains([latitude, longitude])) map.panTo([latitude, longitude]);
      return;
    }
    const zoom = radiusMetres ? zoomForRadius(radiusMetres) : Math.max(map.getZoom(), POINT_ZOOM);
    map.setView([latitude, longitude], zoom, { animate: false });
  }, [map, latitude, longitude, placedHere, radiusMetres]);
  return null;
}

export default function PointPicker({
  value,
  onChange,
  label,
  pinLabel,
  fallback,
  radiusMetres,
}: {
  value: Point | null;
  onChange: (point: Point) => void;
  /** The map's name ("Map to choose your home area"). */
  label: string;
  /** The pin's name, read when it has focus ("Your home area: move it with the arrow keys"). */
  pinLabel: string;
  /** Where the map opens without a point: the deployment's map centre unless given. */
  fallback?: { latitude: number; longitude: number; zoom: number };
  /** A radius to draw around the point (a home area's), in metres; the map fits it when set from outside. */
  radiusMetres?: number;
}) {
  const { t } = useTranslation("app");
  const marker = useRef<LeafletMarker>(null);
  const placedHere = useRef<Point | null>(null);
  const place = (point: Point) => {
    placedHere.current = point;
    onChange(point);
  };
  const start = value ? { ...value, zoom: POINT_ZOOM } : (fallback ?? deployment().map.center);
  const icon = useMemo(() => pinIcon("point"), []);

  // Arrow keys on the focused pin move it (Leaflet's own keyboard handling pans the map instead).
  useEffect(() => {
    const element = marker.current?.getElement();
    if (!element || !value) return;
    const onKey = (event: KeyboardEvent) => {
      const moves: Record<string, [number, number]> = {
        ArrowUp: [STEP, 0],
        ArrowDown: [-STEP, 0],
        ArrowLeft: [0, -STEP],
        ArrowRight: [0, STEP],
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      event.stopPropagation();
      // A degree of longitude shrinks towards the poles: the step keeps about 100 m both ways.
      const east = move[1] / Math.max(0.2, Math.cos((value.latitude * Math.PI) / 180));
      placedHere.current = rounded(value.latitude + move[0], value.longitude + east);
      onChange(placedHere.current);
    };
    element.addEventListener("keydown", onKey);
    return () => element.removeEventListener("keydown", onKey);
  }, [value, onChange]);

  return (
    <div className="flex flex-col gap-1">
      <BaseMap center={start} zoom={start.zoom} label={label} className="h-56 sm:h-72">
        <FollowPoint value={value} onChange={place} placedHere={placedHere} radiusMetres={radiusMetres} />
        {value && radiusMetres && (
          <Circle
            center={[value.latitude, value.longitude]}
            radius={radiusMetres}
            pathOptions={{ color: "#15803d", fillColor: "#22c55e", fillOpacity: 0.15, weight: 2 }}
            interactive={false}
          />
        )}
        {value && (
          <Marker
            ref={marker}
            position={[value.latitude, value.longitude]}
            icon={icon}
            draggable
            title={pinLabel}
            eventHandlers={{
              dragend: () => {
                const at = marker.current?.getLatLng();
                if (at) place(rounded(at.lat, at.lng));
              },
            }}
          />
        )}
      </BaseMap>
      <p className="text-xs text-muted-foreground">
        {value
          ? t(
              "Drag the pin or click the map to move it; with the keyboard, focus the pin and use the arrow keys.",
            )
          : t("Click the map to put the pin there.")}
      </p>
    </div>
  );
}
