/**
 * The map's markers as HTML (Leaflet's default icon images do not survive bundling): a pin for a
 * point, a numbered disc for a cluster. Their names come from the marker's `title`, so a screen
 * reader and a keyboard user know each one.
 */
import L from "leaflet";

const PIN_PATH =
  "M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z";

/**
 * Icons made once and kept: react-leaflet gives a marker whose `icon` is a new object a new icon
 * (`setIcon` rewrites its element), so a map of 300 markers made afresh on every render rewrote
 * 300 elements each time the list refetched or the spinner showed.
 */
const icons = new Map<string, L.DivIcon>();

function kept(key: string, make: () => L.DivIcon): L.DivIcon {
  let icon = icons.get(key);
  if (!icon) {
    icon = make();
    icons.set(key, icon);
  }
  return icon;
}

/** A pin, green for free meals and points, amber for paid meals; the same object for the same tone. */
export function pinIcon(tone: "free" | "paid" | "point" = "point"): L.DivIcon {
  return kept(`pin:${tone}`, () => makePin(tone));
}

function makePin(tone: "free" | "paid" | "point"): L.DivIcon {
  const colour = tone === "paid" ? "#b45309" : "#15803d";
  return L.divIcon({
    className: "mealshare-pin",
    html: `<svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true"><path d="${PIN_PATH}" fill="${colour}" stroke="#fff" stroke-width="1.5"/></svg>`,
    iconSize: [32, 32],
    iconAnchor: [16, 31],
    popupAnchor: [0, -28],
  });
}

/**
 * A disc with the number of meals a cluster holds (`label`, that number formatted for the reader's
 * locale); the same object for the same count and label.
 */
export function clusterIcon(count: number, label: string): L.DivIcon {
  return kept(`cluster:${count}:${label}`, () => makeCluster(count, label));
}

function makeCluster(count: number, label: string): L.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 40 : 48;
  return L.divIcon({
    className: "mealshare-cluster",
    html: `<span aria-hidden="true" style="width:${size}px;height:${size}px">${label}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}
