/**
 * The maps' defaults (`MAP_TILE_URL`, `MAP_ATTRIBUTION`, `MAP_CENTER`; docs/features/neighbourhood.md
 * point 5): OpenStreetMap's standard tiles with the attribution their tile usage policy requires,
 * opening on the whole world. Free of zod, like languages.ts: the landing page's first load reads it.
 */
export const DEFAULT_MAP = {
  tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  center: { latitude: 20, longitude: 0, zoom: 2 },
};
