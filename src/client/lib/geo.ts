/**
 * Real distances only (docs/DESIGN.md §4 "Distance"): between a meal's rounded coordinates and the
 * viewer's position, when the viewer chose to share it. Never a made-up number.
 */
import { useSyncExternalStore } from "react";
import type { Position } from "@/contract/meal-list";
import { i18n } from "./i18n";

export type { Position };

const EARTH_RADIUS_KM = 6371;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance between two points, in km. */
export function distanceKm(a: Position, b: Position): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/**
 * "0.4 km away" ("0,4 km entfernt"): to 0.1 km, like the server's distances (docs/DESIGN.md §4
 * "Distance").
 */
export const formatDistance = (km: number, language = i18n.language) =>
  i18n.t("{{distance}} km away", {
    ns: "app",
    distance: new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
      km,
    ),
  });

const STORAGE_KEY = "viewerPosition";
const listeners = new Set<() => void>();
let cached: string | null = typeof window === "undefined" ? null : window.sessionStorage.getItem(STORAGE_KEY);

/** The viewer's shared position for this browser session, or null. */
export function useViewerPosition(): Position | null {
  const raw = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => cached,
    // The server's render of a first screen, and the browser's hydration of it, know no position.
    () => null,
  );
  return raw ? (JSON.parse(raw) as Position) : null;
}

/**
 * Asks the browser for the viewer's position and keeps it (rounded to ~100 m) for the session.
 * @returns the position, or rejects when the viewer declines or the browser cannot tell
 */
export function requestViewerPosition(): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation)
      return reject(new Error(i18n.t("Location is not available in this browser.", { ns: "app" })));
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const position = {
          latitude: Math.round(coords.latitude * 1000) / 1000,
          longitude: Math.round(coords.longitude * 1000) / 1000,
        };
        cached = JSON.stringify(position);
        window.sessionStorage.setItem(STORAGE_KEY, cached);
        for (const listener of listeners) listener();
        resolve(position);
      },
      (error) =>
        reject(
          new Error(
            error.code === error.PERMISSION_DENIED
              ? // docs/features/everyday-journey.md §9 wording.
                i18n.t("Location permission denied — distances stay hidden.", { ns: "app" })
              : i18n.t("Could not get your location. Please try again.", { ns: "app" }),
          ),
        ),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 600_000 },
    );
  });
}
