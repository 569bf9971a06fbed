/**
 * A place shown as a circle, never a pin (docs/DESIGN.md §6c): a meal's pickup point as the ~100 m its
 * point is rounded to, or a home area with its radius. Lazily loaded: it brings Leaflet.
 */
import { Circle } from "react-leaflet";
import { BaseMap, zoomForRadius } from "@/client/components/map/base-map";

export default function AreaMap({
  center,
  radiusMetres,
  label,
  className,
}: {
  center: { latitude: number; longitude: number };
  radiusMetres: number;
  label: string;
  className?: string;
}) {
  return (
    <BaseMap center={center} zoom={zoomForRadius(radiusMetres)} label={label} className={className}>
      <Circle
        center={[center.latitude, center.longitude]}
        radius={radiusMetres}
        pathOptions={{ color: "#15803d", fillColor: "#22c55e", fillOpacity: 0.2, weight: 2 }}
      />
    </BaseMap>
  );
}
