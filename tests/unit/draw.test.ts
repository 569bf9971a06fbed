/**
 * docs/features/fair-shares.md: the verifiable draw. Fixed inputs give the fixed, documented order of
 * tests/fixtures/draw-vectors.json; the hashes agree with Node's own SHA-256; tickets change the odds as
 * stated; the verifier recomputes the order from the published data and notices any change to it.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  commitmentOf,
  DRAW_ALGORITHM,
  type DrawEntrant,
  drawOrder,
  drawSeed,
  entrantListHash,
  type PublishedDraw,
  ticketsFor,
  verifyDraw,
} from "../../src/contract/draw";

interface Vector {
  secret: string;
  commitment: string;
  entrants: DrawEntrant[];
  listHash: string;
  seed: string;
  order: string[];
}
const { algorithm, vectors } = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "../fixtures/draw-vectors.json"), "utf8"),
) as { algorithm: string; vectors: Vector[] };

const published = (vector: Vector): PublishedDraw => ({
  algorithm: DRAW_ALGORITHM,
  commitment: vector.commitment,
  closesAt: "2026-11-25T18:30:00.000Z",
  eligibility: "everyone",
  drawnAt: "2026-11-25T18:30:01.000Z",
  secret: vector.secret,
  entrants: vector.entrants,
  listHash: vector.listHash,
  seed: vector.seed,
  order: vector.order,
  passedOver: [],
  results: null,
});

describe("the draw, mealshare-draw-v1", () => {
  it("gives the documented order for each test vector", () => {
    expect(algorithm).toBe(DRAW_ALGORITHM);
    for (const vector of vectors) {
      expect(commitmentOf(vector.secret)).toBe(vector.commitment);
      expect(entrantListHash(vector.entrants)).toBe(vector.listHash);
      expect(drawSeed(vector.secret, vector.listHash)).toBe(vector.seed);
      expect(drawOrder(vector.entrants, vector.seed)).toEqual(vector.order);
    }
  });

  it("hashes as SHA-256 does elsewhere (Node's crypto), and the list in any order alike", () => {
    for (const vector of vectors) {
      expect(commitmentOf(vector.secret)).toBe(
        createHash("sha256").update(Buffer.from(vector.secret, "hex")).digest("hex"),
      );
      const rows = [...vector.entrants]
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((entrant) => [entrant.id, entrant.portions, entrant.tickets]);
      expect(vector.listHash).toBe(createHash("sha256").update(JSON.stringify(rows)).digest("hex"));
      expect(drawSeed(vector.secret, vector.listHash)).toBe(
        createHash("sha256")
          .update(Buffer.concat([Buffer.from(vector.secret, "hex"), Buffer.from(vector.listHash)]))
          .digest("hex"),
      );
      expect(entrantListHash([...vector.entrants].reverse())).toBe(vector.listHash);
    }
  });

  it("gives two tickets twice the odds of one: over 20,000 seeds, within 1.5 percentage points", () => {
    const entrants = [
      { id: "one-ticket", portions: 1, tickets: 1 },
      { id: "two-tickets", portions: 1, tickets: 2 },
      { id: "also-one", portions: 1, tickets: 1 },
    ];
    const runs = 20_000;
    let firsts = 0;
    for (let run = 0; run < runs; run++) {
      const seed = createHash("sha256").update(`seed ${run}`).digest("hex");
      if (drawOrder(entrants, seed)[0] === "two-tickets") firsts++;
    }
    // Two of four tickets: drawn first half of the time.
    expect(Math.abs(firsts / runs - 0.5)).toBeLessThan(0.015);
  });

  it("verifies a published draw, and finds any change to its secret, entrants, seed or order", () => {
    const draw = published(vectors[1]);
    expect(verifyDraw(draw)).toEqual({
      commitmentMatches: true,
      listHashMatches: true,
      seedMatches: true,
      orderMatches: true,
      commitmentAsAtEntry: true,
      entryListed: true,
      ok: true,
    });
    expect(verifyDraw({ ...draw, secret: "ab".repeat(32) }).commitmentMatches).toBe(false);
    const moreTickets = draw.entrants!.map((entrant, index) =>
      index === 0 ? { ...entrant, tickets: 5 } : entrant,
    );
    expect(verifyDraw({ ...draw, entrants: moreTickets }).listHashMatches).toBe(false);
    expect(verifyDraw({ ...draw, order: [...draw.order!].reverse() }).orderMatches).toBe(false);
    expect(verifyDraw({ ...draw, seed: "00".repeat(32) }).ok).toBe(false);
    expect(verifyDraw({ ...draw, secret: null, order: null }).ok).toBe(false);
    expect(verifyDraw({ ...draw, secret: "not hex" }).ok).toBe(false);
  });

  it("fails, saying which, when the commitment is not the one an entrant saw or their entry is missing", () => {
    const draw = published(vectors[1]);
    const entryId = draw.entrants![0].id;
    expect(verifyDraw(draw, { commitment: draw.commitment, entryId }).ok).toBe(true);
    // A server that swapped secret and commitment after the entries: the new pair checks out alone.
    const swapped = verifyDraw(draw, { commitment: "cd".repeat(32), entryId });
    expect(swapped).toMatchObject({ commitmentMatches: true, commitmentAsAtEntry: false, ok: false });
    // A server that left the viewer's entry out of the list it drew from.
    const missing = verifyDraw(
      { ...draw, entrants: draw.entrants!.slice(1) },
      { commitment: draw.commitment, entryId },
    );
    expect(missing).toMatchObject({ entryListed: false, ok: false });
  });

  it("draws 10,000 entrants into an order holding each once", () => {
    const entrants = Array.from({ length: 10_000 }, (_, index) => ({
      id: `entry-${String(index).padStart(5, "0")}`,
      portions: 1,
      tickets: 1 + (index % 2),
    }));
    const order = drawOrder(entrants, vectors[0].seed);
    expect(new Set(order).size).toBe(10_000);
  });
});

describe("tickets (docs/features/fair-shares.md point 3)", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  it("gives two to a member with no free meal in 14 days, one otherwise, one on an account's first day", () => {
    expect(ticketsFor({ accountCreatedAt: daysAgo(100), lastFreeMealAt: null }, now)).toBe(2);
    expect(ticketsFor({ accountCreatedAt: daysAgo(100), lastFreeMealAt: daysAgo(15) }, now)).toBe(2);
    expect(ticketsFor({ accountCreatedAt: daysAgo(100), lastFreeMealAt: daysAgo(3) }, now)).toBe(1);
    expect(ticketsFor({ accountCreatedAt: daysAgo(0.5), lastFreeMealAt: null }, now)).toBe(1);
  });
});
