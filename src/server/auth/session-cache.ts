/**
 * The signed-in member of a session cookie, remembered by this instance for a few seconds
 * (docs/decisions/011): most API requests would otherwise read `sessions` and `users` first. What
 * ends or changes a session reaches every instance through the live channel (live/hub.ts): sign-out
 * and suspension announce the user's sessions ended, and a trigger on `users` (migration 0020)
 * announces every change of a member's row (role, cook status, allergies, home area, suspension).
 * A write by the member forgets them on this instance before its answer goes out, so their next
 * request sees what they just saved. An entry also ends with its session's expiry, and after
 * `SESSION_CACHE_TTL_MS` whatever happens, which bounds the cost of a lost notification.
 */
import { LRUCache } from "lru-cache";
import type { UserRow } from "../db/schema";

/** How long a looked-up member is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions remembered per instance, at most. */
const SESSION_CACHE_MAX = 10_000;

export interface SessionCache {
  /**
   * The member of the session whose token hashes to `id`, from memory or from `load`. A change
   * announced while `load` runs keeps its answer out of the cache.
   */
  user(id: string, load: () => Promise<{ user: UserRow; expiresAt: Date } | null>): Promise<UserRow | null>;
  /** Forgets a member's sessions on this instance; null forgets everyone's. */
  forget(userId: string | null): void;
}

export function createSessionCache(options: { ttlMs?: number } = {}): SessionCache {
  const ttl = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const byUser = new Map<string, Set<string>>();
  const entries = new LRUCache<string, UserRow>({
    max: SESSION_CACHE_MAX,
    ttl,
    // Each entry is in `byUser` too, so forgetting a member finds their sessions.
    dispose: (user, id) => {
      const ids = byUser.get(user.id);
      ids?.delete(id);
      if (ids?.size === 0) byUser.delete(user.id);
    },
  });
  // Bumped by every forget: a lookup that started before it must not store what it read.
  let generation = 0;
  // Lookups under way, by session: the requests that miss together wait for one of them. When an
  // entry ends, every request of that session then in flight misses at once (a page's parallel
  // calls; 50 at a time under load), and each ran the same lookup before.
  const loading = new Map<string, Promise<UserRow | null>>();

  async function lookUp(id: string, load: () => Promise<{ user: UserRow; expiresAt: Date } | null>) {
    const started = generation;
    const found = await load();
    if (!found) return null;
    const left = found.expiresAt.getTime() - Date.now();
    if (started === generation && left > 0) {
      entries.set(id, found.user, { ttl: Math.min(ttl, left) });
      addSession(byUser, found.user.id, id);
    }
    return found.user;
  }

  return {
    async user(id, load) {
      const cached = entries.get(id);
      if (cached) return cached;
      let pending = loading.get(id);
      if (!pending) {
        pending = lookUp(id, load).finally(() => {
          if (loading.get(id) === pending) loading.delete(id);
        });
        loading.set(id, pending);
      }
      return pending;
    },
    forget(userId) {
      generation += 1;
      // A lookup under way may have read what this change replaces: later requests start their own.
      loading.clear();
      if (userId === null) {
        entries.clear();
        return;
      }
      for (const id of [...(byUser.get(userId) ?? [])]) entries.delete(id);
    },
  };
}

/** Files session `id` under its member in `byUser`, which lets `forget` find a member's sessions. */
function addSession(byUser: Map<string, Set<string>>, userId: string, id: string) {
  let ids = byUser.get(userId);
  if (!ids) {
    ids = new Set();
    byUser.set(userId, ids);
  }
  ids.add(id);
}
