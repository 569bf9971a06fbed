/**
 * Whether this render is in a browser past hydration (docs/decisions/019 "The first screen from the
 * server"): false on the server and in the render that hydrates its drawing, so both draw the same;
 * true in the renders after, and from the first in a page the browser draws itself. For what only a
 * browser can draw (Leaflet's map), whose place the server draws as it looks while that loads.
 */
import { startTransition, useEffect, useState } from "react";

/** Set once the server's drawing has been taken over, or when there was none (main.tsx). */
let pastHydration = false;

/** Tells later renders that nothing left has to match a server's drawing (main.tsx, before createRoot). */
export function drawnInBrowser(): void {
  pastHydration = true;
}

/**
 * True once a browser's render no longer has to match the server's drawing. The switch after
 * hydration is a transition, so what it draws (the map) is rendered in slices as hydration was, not
 * in one synchronous render as a changed external store's would be.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pastHydration);
  useEffect(() => {
    if (hydrated) return;
    pastHydration = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
