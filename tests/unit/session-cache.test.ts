/**
 * The session cache's lookups (src/server/auth/session-cache.ts; docs/decisions/011): requests of one
 * session that miss together share one lookup, and a change announced while it runs sends later
 * requests to the database again. tests/api/session-cache.test.ts covers the cache across instances.
 */
import { describe, expect, it } from "vitest";
import { createSessionCache } from "../../src/server/auth/session-cache";
import type { UserRow } from "../../src/server/db/schema";

const member = (firstName: string) => ({ id: "member-1", firstName }) as UserRow;
const inAnHour = () => new Date(Date.now() + 60 * 60_000);

/** A lookup that answers when told to, counting how often it was asked. */
function heldLookup(firstName: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const lookup = {
    calls: 0,
    release,
    load: async () => {
      lookup.calls += 1;
      await held;
      return { user: member(firstName), expiresAt: inAnHour() };
    },
  };
  return lookup;
}

describe("the session cache's lookups", () => {
  it("looks a session up once for all the requests that miss it together", async () => {
    const cache = createSessionCache();
    const lookup = heldLookup("Ada");
    const answers = Array.from({ length: 50 }, () => cache.user("session-1", lookup.load));
    lookup.release();
    expect((await Promise.all(answers)).map((user) => user?.firstName)).toEqual(Array(50).fill("Ada"));
    expect(lookup.calls).toBe(1);
    // Remembered: the next request asks nobody.
    expect((await cache.user("session-1", lookup.load))?.firstName).toBe("Ada");
    expect(lookup.calls).toBe(1);
  });

  it("sends a request that comes after a change to the database, not to a lookup begun before it", async () => {
    const cache = createSessionCache();
    const before = heldLookup("Ada");
    const early = cache.user("session-1", before.load);
    cache.forget("member-1");
    const after = heldLookup("Ada Lovelace");
    const late = cache.user("session-1", after.load);
    before.release();
    after.release();
    expect((await early)?.firstName).toBe("Ada");
    expect((await late)?.firstName).toBe("Ada Lovelace");
    expect([before.calls, after.calls]).toEqual([1, 1]);
    // What the lookup begun before the change read was not kept; the later one's was.
    expect((await cache.user("session-1", before.load))?.firstName).toBe("Ada Lovelace");
  });

  it("keeps no answer for a session that has none", async () => {
    const cache = createSessionCache();
    let calls = 0;
    const none = async () => {
      calls += 1;
      return null;
    };
    expect(await cache.user("gone", none)).toBeNull();
    expect(await cache.user("gone", none)).toBeNull();
    expect(calls).toBe(2);
  });
});
