/**
 * The map's outside services on this machine (docs/features/neighbourhood.md points 4–5), so tests
 * never reach the internet: a geocoder that speaks Nominatim's `/search?format=jsonv2` and Photon's
 * `/api` (GeoJSON) over a made-up gazetteer, and XYZ map tiles at `/tiles/{z}/{x}/{y}.png` (a plain
 * PNG each, drawn with sharp). It keeps the geocoder requests it was sent, for tests that check the
 * User-Agent, the language and the cache. Run alone (`tsx tests/map-services.ts PORT`) it serves the
 * e2e servers.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

interface Entry {
  name: string;
  lat: number;
  lon: number;
  address: Record<string, string>;
  /** Nominatim's `display_name` as it writes it, where the gazetteer's own would read better. */
  displayName?: string;
}

/** The gazetteer: districts of one city, a town 30 km away, a street address, a street in Paris. */
export const PLACES: Entry[] = [
  {
    name: "Lindenau",
    lat: 51.33661,
    lon: 12.33049,
    address: { suburb: "Lindenau", city: "Leipzig", country: "Germany" },
  },
  {
    name: "Plagwitz",
    lat: 51.32701,
    lon: 12.32902,
    address: { suburb: "Plagwitz", city: "Leipzig", country: "Germany" },
  },
  {
    name: "Gohlis",
    lat: 51.36005,
    lon: 12.37011,
    address: { suburb: "Gohlis", city: "Leipzig", country: "Germany" },
  },
  {
    name: "Connewitz",
    lat: 51.30402,
    lon: 12.38599,
    address: { suburb: "Connewitz", city: "Leipzig", country: "Germany" },
  },
  {
    name: "Halle (Saale)",
    lat: 51.48158,
    lon: 11.97947,
    address: { city: "Halle (Saale)", country: "Germany" },
  },
  {
    name: "Karl-Heine-Straße 12",
    lat: 51.33421,
    lon: 12.33817,
    address: {
      house_number: "12",
      road: "Karl-Heine-Straße",
      suburb: "Plagwitz",
      city: "Leipzig",
      country: "Germany",
    },
  },
  {
    name: "Rue Oberkampf",
    lat: 48.86549,
    lon: 2.37792,
    address: { road: "Rue Oberkampf", city: "Paris", country: "France" },
  },
  {
    // Paris is its own city, county and district: Nominatim and Photon name it twice or more.
    name: "12 Rue de Rivoli",
    lat: 48.85561,
    lon: 2.35882,
    address: { house_number: "12", road: "Rue de Rivoli", suburb: "Paris", city: "Paris", country: "France" },
    displayName: "12, Rue de Rivoli, Paris, Paris, Île-de-France, France métropolitaine, 75004, France",
  },
  {
    name: "Ørestad",
    lat: 55.63,
    lon: 12.58,
    address: { suburb: "Ørestad", city: "København", country: "Danmark" },
  },
];

/** One request the fixture answered. */
export interface SeenRequest {
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

function matches(query: string): Entry[] {
  const words = fold(query)
    .split(/[\s,]+/)
    .filter(Boolean);
  return PLACES.filter((place) => {
    const haystack = fold([place.name, ...Object.values(place.address)].join(" "));
    return words.every((word) => haystack.includes(word));
  });
}

const displayName = (place: Entry) =>
  [
    [place.address.road, place.address.house_number].filter(Boolean).join(" "),
    place.address.suburb,
    place.address.city,
    place.address.country,
  ]
    .filter(Boolean)
    .filter((part, i, all) => all.indexOf(part) === i)
    .join(", ") || place.name;

/** A running fixture geocoder. */
export interface GeocoderFixture {
  url: string;
  requests: SeenRequest[];
  /** Answers every request with this status from now on (null: answer normally again). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/** Starts the fixture on `port` (0: any free port) of the loopback interface. */
export async function startGeocoderFixture(port = 0): Promise<GeocoderFixture> {
  const requests: SeenRequest[] = [];
  let failure: number | null = null;
  const tile = await sharp({
    create: { width: 256, height: 256, channels: 3, background: { r: 232, g: 238, b: 228 } },
  })
    .png()
    .toBuffer();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fixture");
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      response.writeHead(200, { "content-type": "image/png", "cache-control": "max-age=3600" }).end(tile);
      return;
    }
    requests.push({
      path: url.pathname,
      query: url.searchParams,
      userAgent: request.headers["user-agent"],
      acceptLanguage: request.headers["accept-language"],
    });
    if (failure) {
      response.writeHead(failure, { "content-type": "text/plain" }).end("unavailable");
      return;
    }
    const limit = Number(url.searchParams.get("limit") ?? 10);
    const found = matches(url.searchParams.get("q") ?? "").slice(0, limit);
    if (url.pathname === "/search" && url.searchParams.get("format") === "jsonv2") {
      const body = found.map((place, i) => ({
        place_id: 1000 + i,
        lat: String(place.lat),
        lon: String(place.lon),
        display_name: place.displayName ?? displayName(place),
        name: place.name,
        ...(url.searchParams.get("addressdetails") === "1" ? { address: place.address } : {}),
      }));
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
      return;
    }
    if (url.pathname === "/api") {
      const body = {
        type: "FeatureCollection",
        features: found.map((place) => ({
          type: "Feature",
          geometry: { type: "Point", coordinates: [place.lon, place.lat] },
          properties: {
            name: place.address.house_number ? undefined : place.name,
            street: place.address.road,
            housenumber: place.address.house_number,
            district: place.address.suburb,
            city: place.address.city,
            country: place.address.country,
          },
        })),
      };
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
      return;
    }
    response.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    failWith: (status) => {
      failure = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// Run alone: serve on the port given, until stopped.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) {
  const port = Number(process.argv[2] ?? 5057);
  startGeocoderFixture(port).then((fixture) => console.log(`geocoder fixture on ${fixture.url}`));
}
