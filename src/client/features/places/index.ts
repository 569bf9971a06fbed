/**
 * The places feature's public face (docs/features/neighbourhood.md points 1, 3–5): place search, and
 * the maps to choose a point on or show an area with. The maps are loaded when first drawn (they bring
 * Leaflet), so a page that imports this feature pays for them only when it shows one.
 */
import { lazy } from "react";

export { placeKeys, usePlaceSearch } from "./api/search-places";
export { PlaceSearch } from "./components/place-search";
export const PointPicker = lazy(() => import("./components/point-picker"));
export const AreaMap = lazy(() => import("./components/area-map"));
