/**
 * Place search through a self-hostable geocoder (docs/DESIGN.md §6c; docs/features/neighbourhood.md
 * point 4): `GEOCODER_URL` speaks Nominatim's `/search` (format jsonv2) or Photon's `/api` (GeoJSON).
 * The server asks, never the browser, so members' addresses reach the geocoder without their IP
 * address. Nominatim's usage policy (operations.osmfoundation.org/policies/nominatim) is kept: at most
 * one request a second from each instance (`GEOCODER_MIN_INTERVAL_MS`), a `User-Agent` naming the
 * deployment, answers cached (a day, per language and text), and no search-as-you-type (the client
 * asks when the member presses Search). Points come back rounded to about 100 m.
 *
 * The instance's turns are shared fairly: each member has at most one search waiting (a newer one
 * replaces it, which then answers 409), and members are served in turn, so one member's burst slows
 * only that member; the same text asked by several members at once is asked once.
 */
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { Language } from "../../../contract/i18n";
import { msg } from "../../../contract/messages";
import { type Place, roundCoordinate } from "../../../contract/places";
import type { Config } from "../../config";
import { AppError } from "../../errors";

/** Results a search returns. */
const RESULTS = 5;
/** How long an answer is reused. */
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** How long one request to the geocoder may take. */
const REQUEST_TIMEOUT_MS = 8_000;
/** A search that would wait longer than this for its turn (members ahead × the interval) is refused. */
const QUEUE_WAIT_MAX_MS = 10_000;

/** Searches places by name or address. */
export interface Geocoder {
  /**
   * @param text what the member typed
   * @param language the reader's language, for place names
   * @param memberId who asks: each member has one place in line
   * @throws AppError 503 `place_search_failed` when the geocoder cannot be reached, answers an error or
   *   too many members wait; 409 `place_search_superseded` when the same member searched again before
   *   this one's turn
   */
  search(text: string, language: Language, memberId: string): Promise<Place[]>;
}

const nominatimSchema = z.array(
  z.object({
    lat: z.coerce.number(),
    lon: z.coerce.number(),
    display_name: z.string(),
    name: z.string().optional(),
    address: z.record(z.string(), z.string()).optional(),
  }),
);

const photonSchema = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.record(z.string(), z.unknown()),
    }),
  ),
});

/** The first of `keys` that `fields` names, as text. */
const firstOf = (fields: Record<string, unknown>, keys: string[]) => {
  for (const key of keys) {
    const value = fields[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return undefined;
};

/**
 * The parts of a place's name, each said once: a part is left out when an earlier one says it, or a
 * later one holds it whole ("Paris" beside "75004 Paris"), compared without case. Geocoders name a
 * city as its own county and district, which read "Paris, Paris" (docs/features/everyday-journey.md).
 */
export function distinctParts(parts: readonly (string | undefined | null)[]): string[] {
  const given = parts.map((part) => part?.trim() ?? "").filter(Boolean);
  const key = (part: string) => part.toLocaleLowerCase();
  const words = (part: string) => ` ${key(part).replace(/[\s,]+/g, " ")} `;
  return given.filter(
    (part, i) =>
      given.findIndex((other) => key(other) === key(part)) === i &&
      !given.some((other, j) => j !== i && key(other) !== key(part) && words(other).includes(words(part))),
  );
}

/**
 * The name a home area is remembered by (docs/features/everyday-journey.md): the
 * searched place's own name with its town ("Rue Oberkampf, Paris", "Lindenau, Leipzig"), so the member
 * finds what they searched for; for a house address, only its district and town, never the street and
 * number someone lives at.
 * @param fields the result's address parts (Nominatim's `address`, Photon's `properties`)
 * @param own the result's own name, if it has one
 */
function rememberedName(fields: Record<string, unknown>, own: string | undefined): string | null {
  const isHouse = Boolean(firstOf(fields, ["house_number", "housenumber"]));
  const district = firstOf(fields, [
    "suburb",
    "quarter",
    "neighbourhood",
    "city_district",
    "district",
    "locality",
  ]);
  const town = firstOf(fields, ["city", "town", "village", "municipality", "county"]);
  const parts = own?.trim() && !isHouse ? [own.trim(), town] : [district, town];
  const name = distinctParts(parts).join(", ");
  return name ? name.slice(0, 120) : null;
}

const inRange = (latitude: number, longitude: number) =>
  Number.isFinite(latitude) &&
  Number.isFinite(longitude) &&
  Math.abs(latitude) <= 90 &&
  Math.abs(longitude) <= 180;

/** The request for `text` in the configured API's dialect. */
function searchUrl(config: NonNullable<Config["geocoder"]>, text: string, language: Language): URL {
  if (config.api === "photon") {
    const url = new URL(`${config.url}/api`);
    url.searchParams.set("q", text);
    url.searchParams.set("limit", String(RESULTS));
    url.searchParams.set("lang", language);
    return url;
  }
  const url = new URL(`${config.url}/search`);
  url.searchParams.set("q", text);
  url.searchParams.set("format", "jsonv2");
  url.searchParams.set("addressdetails", "1");
  url.searchParams.set("limit", String(RESULTS));
  return url;
}

/** The answer of either API as places, rounded to about 100 m. */
function placesOf(api: "nominatim" | "photon", body: unknown): Place[] {
  if (api === "photon") {
    return photonSchema
      .parse(body)
      .features.map(({ geometry, properties }) => {
        const [longitude, latitude] = geometry.coordinates;
        const street = [firstOf(properties, ["street"]), firstOf(properties, ["housenumber"])]
          .filter(Boolean)
          .join(" ");
        const town = [firstOf(properties, ["postcode"]), firstOf(properties, ["city", "town", "village"])]
          .filter(Boolean)
          .join(" ");
        const parts = [
          firstOf(properties, ["name"]),
          street,
          firstOf(properties, ["district"]),
          town,
          firstOf(properties, ["country"]),
        ];
        const label = distinctParts(parts).join(", ");
        return {
          label,
          area: rememberedName(properties, firstOf(properties, ["name"])),
          latitude,
          longitude,
        };
      })
      .filter((place) => place.label && inRange(place.latitude, place.longitude))
      .map(rounded);
  }
  return nominatimSchema
    .parse(body)
    .map((result) => ({
      label: distinctParts(result.display_name.split(",")).join(", "),
      area: rememberedName(result.address ?? {}, result.name),
      latitude: result.lat,
      longitude: result.lon,
    }))
    .filter((place) => inRange(place.latitude, place.longitude))
    .map(rounded);
}

const rounded = (place: Place): Place => ({
  label: place.label.slice(0, 300),
  area: place.area,
  latitude: roundCoordinate(place.latitude),
  longitude: roundCoordinate(place.longitude),
});

const unavailable = () =>
  new AppError(
    503,
    "place_search_failed",
    msg("Place search is not available right now. Try again, or put the pin on the map."),
  );

/** A search waiting for its turn. */
interface Waiting {
  key: string;
  /** Members waiting for this answer besides the one whose place in line it holds. */
  sharedWith: number;
  run: () => Promise<Place[]>;
  resolve: (places: Place[]) => void;
  reject: (error: unknown) => void;
}

const superseded = () =>
  new AppError(409, "place_search_superseded", msg("A newer search of yours replaced this one."));

/**
 * One search sent to the geocoder and its answer read.
 * @throws AppError 503 when it does not answer in time, answers an error, or answers what is not places
 */
async function askGeocoder(
  config: NonNullable<Config["geocoder"]>,
  fetchImpl: typeof fetch,
  text: string,
  language: Language,
): Promise<Place[]> {
  let body: unknown;
  try {
    const response = await fetchImpl(searchUrl(config, text, language), {
      headers: {
        "User-Agent": config.userAgent,
        "Accept-Language": language,
        Accept: "application/json",
      },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    body = await response.json();
  } catch {
    throw unavailable();
  }
  try {
    return placesOf(config.api, body);
  } catch {
    throw unavailable();
  }
}

/**
 * Takes the member's waiting search out of the line: a newer search of theirs replaces it. Others
 * waiting for the same answer keep it, in a place of its own; else it is refused as superseded.
 */
function giveUpPlace(
  line: Map<string, Waiting>,
  inFlight: Map<string, { places: Promise<Place[]>; waiting: Waiting }>,
  memberId: string,
) {
  const previous = line.get(memberId);
  if (previous) {
    line.delete(memberId);
    if (previous.sharedWith > 0) {
      // Others wait for that answer too: it keeps a place of its own, without this member.
      previous.sharedWith -= 1;
      line.set(`shared:${previous.key}`, previous);
    } else {
      inFlight.delete(previous.key);
      previous.reject(superseded());
    }
  }
}

/** A search for the line: its answer's promise, and the place in line that `run`s and settles it. */
function waitingSearch(
  key: string,
  run: () => Promise<Place[]>,
): { places: Promise<Place[]>; waiting: Waiting } {
  let waiting!: Waiting;
  const places = new Promise<Place[]>((resolve, reject) => {
    waiting = { key, sharedWith: 0, run, resolve, reject };
  });
  return { places, waiting };
}

/**
 * The deployment's geocoder, or null when `GEOCODER_URL` is unset (place search is hidden then).
 * @param fetchImpl the HTTP client (tests may count calls)
 */
export function createGeocoder(config: Config["geocoder"], fetchImpl: typeof fetch = fetch): Geocoder | null {
  if (!config) return null;
  const cache = new LRUCache<string, Place[]>({ max: 1000, ttl: CACHE_TTL_MS });
  /** Searches waiting or under way, by cache key: members asking the same text share one request. */
  const inFlight = new Map<string, { places: Promise<Place[]>; waiting: Waiting }>();
  /** One waiting search per member, in the order members joined the line. */
  const line = new Map<string, Waiting>();
  // When the next request may start, and whether the line is being worked.
  let nextSlot = 0;
  let working = false;

  /** Serves the line in turn, one request per interval, until it is empty. */
  const work = async () => {
    if (working) return;
    working = true;
    try {
      while (line.size > 0) {
        const wait = nextSlot - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const [member, waiting] = line.entries().next().value as [string, Waiting];
        line.delete(member);
        nextSlot = Date.now() + config.minIntervalMs;
        waiting.run().then(waiting.resolve, waiting.reject);
      }
    } finally {
      working = false;
    }
  };

  return {
    async search(text, language, memberId) {
      const key = `${config.api}|${language}|${text.trim().toLowerCase().replace(/\s+/g, " ")}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const shared = inFlight.get(key);
      if (shared) {
        shared.waiting.sharedWith += 1;
        return shared.places;
      }
      // Members ahead in line, each served one interval apart: too long a wait is refused.
      const ahead = line.size - (line.has(memberId) ? 1 : 0);
      if (ahead * config.minIntervalMs > QUEUE_WAIT_MAX_MS) throw unavailable();
      giveUpPlace(line, inFlight, memberId);
      const { places, waiting } = waitingSearch(key, async () => {
        const found = await askGeocoder(config, fetchImpl, text, language);
        cache.set(key, found);
        return found;
      });
      line.set(memberId, waiting);
      inFlight.set(key, { places, waiting });
      const forget = () => {
        if (inFlight.get(key)?.places === places) inFlight.delete(key);
      };
      places.then(forget, forget);
      void work();
      return places;
    },
  };
}
