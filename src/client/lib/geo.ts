/**
 * Real distances only (DESIGN.md §4 "Distance"): between a meal's rounded coordinates and the
 * viewer's position, when the viewer chose to share it. Never a made-up number.
 */
import { useSyncExternalStore } from "react";

export interface Position {
  latitude: number;
  longitude: number;
}

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

/** "0.4 km away": to 0.1 km, like the server's distances (DESIGN.md §4 "Distance"). */
export const formatDistance = (km: number) => `${km.toFixed(1)} km away`;

/** What a refused or failed location request says (issue 12 §9 wording). */
export const LOCATION_DENIED = "Location permission denied — distances stay hidden.";

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
  );
  return raw ? (JSON.parse(raw) as Position) : null;
}

/**
 * Asks the browser for the viewer's position and keeps it (rounded to ~100 m) for the session.
 * @returns the position, or rejects when the viewer declines or the browser cannot tell
 */
export function requestViewerPosition(): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) return reject(new Error("Location is not available in this browser."));
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
              ? LOCATION_DENIED
              : "Could not get your location. Please try again.",
          ),
        ),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 600_000 },
    );
  });
}
