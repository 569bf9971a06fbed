/**
 * The users feature's query keys, nested so that a prefix names a family: `member(id)` covers a
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
