/**
 * Every feature's query keys, in one place the features share (docs/ARCHITECTURE.md "The client"): a
 * feature invalidates another's data through these, never by importing that feature. Each family is
 * nested so that a prefix names it; their string parts joined with "/" are the URLs they load
 * (spec §7).
 */

/**
 * The meals' query keys, nested so that a prefix names a family: `all` covers every list
 * and every meal page (a meal's portions, a cook's rating), `detail(id)` one meal page. Their
 * string parts joined with "/" are the URLs they load (spec §7); a list's URL sits in an object
 * because the infinite query loads it page by page itself.
 */
export const mealKeys = {
  all: ["/api/meals"] as const,
  list: (url: string) => ["/api/meals", { list: url }] as const,
  detail: (id: string) => ["/api/meals", id] as const,
  /** `GET /api/meals/{id}/preview`: a shared link's title and photo, signed out. */
  preview: (id: string) => ["/api/meals", id, "preview"] as const,
  /** `GET /api/meals/map?bbox=…`: the meals one map view shows. */
  map: (url: string) => ["/api/meals", { map: url }] as const,
  /** `GET /api/meals/my/all`: the feeder's own meals (Profile → My Meals). */
  mine: ["/api/meals/my/all"] as const,
  allergens: (kind: string) => ["/api/meals/allergens", { kind }] as const,
  /** `GET /api/user/saved-meal-ids`: the hearts; `GET /api/user/saved-meals`: the Saved tab. */
  savedIds: ["/api/user/saved-meal-ids"] as const,
  saved: ["/api/user/saved-meals"] as const,
  /** `GET /api/user/hidden`: the meals and cooks marked "Not interested" (Settings). */
  hidden: ["/api/user/hidden"] as const,
};

/**
 * The requests' query keys, nested so that a prefix names a family: `all` covers both
 * lists and every thread, `detail(id)` a thread and its older messages. Their string parts joined
 * with "/" are the URLs they load (spec §7).
 */
export const requestKeys = {
  all: ["/api/requests"] as const,
  list: (type: "incoming" | "outgoing") => ["/api/requests", { type }] as const,
  detail: (id: string) => ["/api/requests", id] as const,
  older: (id: string, url: string | null) => ["/api/requests", id, "older", url] as const,
  /** The Messages view (`GET /api/threads`), under the requests' key so what refreshes them refreshes it. */
  threads: ["/api/requests", "threads"] as const,
};

/**
 * The members' query keys, nested so that a prefix names a family: `member(id)` covers a
 * member's profile, reviews and meals, to refresh all of them at once (after a review, a block,
 * a suspension). Their string parts joined with "/" are the URLs they load (spec §7).
 */
export const userKeys = {
  /** Everything shown about one member: `GET /api/users/{id}` and its sub-lists. */
  member: (id: string) => ["/api/users", id] as const,
  profile: (id: string) => ["/api/users", id] as const,
  reviews: (id: string) => ["/api/users", id, "reviews"] as const,
  meals: (id: string) => ["/api/users", id, "meals"] as const,
  /** `GET /api/user/{id}/rating`, shown on one's own profile. */
  rating: (id: string) => ["/api/user", id, "rating"] as const,
  blocks: ["/api/user/blocks"] as const,
};

/** The member's alerts (`GET /api/alerts`). */
export const alertKeys = { all: ["/api/alerts"] as const };

/** The signed-in member (`GET /api/auth/user`): their role, home area and settings. */
export const authKeys = { currentUser: ["/api/auth/user"] as const };

/**
 * The groups' query keys (docs/features/groups.md), nested so that `all` covers every group list and
 * page; a list's URL sits in an object because the infinite query loads it page by page itself.
 */
export const groupKeys = {
  all: ["/api/groups"] as const,
  /** `GET /api/groups?mine=true`: the member's own groups (the meal form's audience too). */
  mine: ["/api/groups", { mine: true }] as const,
  directory: (q: string) => ["/api/groups", { q }] as const,
  detail: (id: string) => ["/api/groups", id] as const,
  members: (id: string) => ["/api/groups", id, "members"] as const,
  applications: (id: string) => ["/api/groups", id, "applications"] as const,
  invites: (id: string) => ["/api/groups", id, "invites"] as const,
  meals: (id: string) => ["/api/groups", id, "meals"] as const,
  reports: (id: string) => ["/api/groups", id, "reports"] as const,
  /** `GET /api/groups/{id}/reviews`: its open membership reviews; `reviews(id)` prefixes one review too. */
  reviews: (id: string) => ["/api/groups", id, "reviews"] as const,
  review: (id: string, reviewId: string) => ["/api/groups", id, "reviews", reviewId] as const,
  /** `GET /api/invites/{token}`: the group an invite link opens. */
  invite: (token: string) => ["/api/invites", token] as const,
};

/** The member's own trust level and the newcomer limits (`GET /api/user/trust`; docs/decisions/020). */
export const trustKeys = { own: ["/api/user/trust"] as const };

/** The review queue and its log (`GET /api/moderation/queue`, `GET /api/moderation/log`). */
export const moderationKeys = {
  all: ["/api/moderation"] as const,
  queue: ["/api/moderation", "queue"] as const,
  log: ["/api/moderation", "log"] as const,
};

/** Card payments (docs/decisions/022): the member's connected account, their sales, the admin's view. */
export const paymentKeys = {
  account: ["/api/payments/account"] as const,
  sales: ["/api/payments/sales"] as const,
  admin: ["/api/admin/payments"] as const,
};
