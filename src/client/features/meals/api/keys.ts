/**
 * The meals feature's query keys, nested so that a prefix names a family: `all` covers every list
 * and every meal page (a meal's portions, a cook's rating), `detail(id)` one meal page. Their
 * string parts joined with "/" are the URLs they load (spec §7); a list's URL sits in an object
 * because the infinite query loads it page by page itself.
 */
export const mealKeys = {
  all: ["/api/meals"] as const,
  list: (url: string) => ["/api/meals", { list: url }] as const,
  detail: (id: string) => ["/api/meals", id] as const,
  /** `GET /api/meals/map?bbox=…`: the meals one map view shows. */
  map: (url: string) => ["/api/meals", { map: url }] as const,
  /** `GET /api/meals/my/all`: the feeder's own meals (Profile → My Meals). */
  mine: ["/api/meals/my/all"] as const,
  allergens: (kind: string) => ["/api/meals/allergens", { kind }] as const,
};
