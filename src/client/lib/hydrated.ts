/**
 * Whether this render is in a browser past hydration (docs/decisions/019 "The first screen from the
 * server"): false on the server and in the render that hydrates its drawing, so both draw the same;
 * true in the renders after. For what only a browser can draw (Leaflet's map), whose place the server
 * draws as it looks while that loads.
 */
import { startTransition, useEffect, useState } from "react";

/**
 * Set by the first effect of `useHydrated`: effects run only in a browser, after a render has been
 * committed, so from then on nothing mounts into a server's drawing. (The root's `aria-disabled` is
 * no such sign: the app's first effect removes it while a page further down may still be hydrating.)
 */
let pastHydration = false;

/**
 * True once a browser's render no longer has to match the server's drawing. The first component to
 * ask draws as the server would, then turns true in a transition, so what it then draws (the map) is
 * rendered in slices as hydration was, not in one synchronous render as a changed external store's
 * would be; in a page the browser drew itself that costs one render more.
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
