/**
 * docs/features/exchange.md "Terms agreed are kept": which changes to what an eater agreed to are
 * asked about (`worseFields`, src/server/features/requests/terms.ts), and which become theirs at once.
 */
import { describe, expect, it } from "vitest";
import type { AgreedTerms } from "../../src/contract/plain/requests";
import { sameTerms, worseFields } from "../../src/server/features/requests/terms";

const agreed: AgreedTerms = {
  priceCents: 300,
  pickupWindowStart: "2026-11-27T17:00:00.000Z",
  pickupWindowEnd: "2026-11-27T19:00:00.000Z",
  pickupLocation: "12 Elm Street",
  allergens: ["gluten", "milk"],
};

describe("a change of the terms an eater agreed to", () => {
  it("asks about a higher price, a later start, an earlier end, another place and an added allergen", () => {
    expect(worseFields(agreed, { ...agreed, priceCents: 900 })).toEqual(["price"]);
    expect(worseFields(agreed, { ...agreed, pickupWindowStart: "2026-11-27T17:30:00.000Z" })).toEqual([
      "window",
    ]);
    expect(worseFields(agreed, { ...agreed, pickupWindowEnd: "2026-11-27T18:00:00.000Z" })).toEqual([
      "window",
    ]);
    expect(
      worseFields(agreed, {
        ...agreed,
        pickupWindowStart: "2026-11-27T15:00:00.000Z",
        pickupWindowEnd: "2026-11-27T16:00:00.000Z",
      }),
    ).toEqual(["window"]);
    expect(worseFields(agreed, { ...agreed, pickupLocation: "Town hall" })).toEqual(["place"]);
    expect(worseFields(agreed, { ...agreed, allergens: ["gluten", "milk", "peanuts"] })).toEqual([
      "allergens",
    ]);
    expect(
      worseFields(agreed, { ...agreed, priceCents: 400, pickupLocation: "Town hall", allergens: ["sesame"] }),
    ).toEqual(["price", "place", "allergens"]);
  });

  it("asks nothing for a lower price, a wider window, an allergen taken out or seconds dropped", () => {
    expect(worseFields(agreed, { ...agreed, priceCents: 100 })).toEqual([]);
    expect(
      worseFields(agreed, {
        ...agreed,
        pickupWindowStart: "2026-11-27T16:00:00.000Z",
        pickupWindowEnd: "2026-11-27T20:00:00.000Z",
      }),
    ).toEqual([]);
    expect(worseFields(agreed, { ...agreed, allergens: ["gluten"] })).toEqual([]);
    const withSeconds = { ...agreed, pickupWindowEnd: "2026-11-27T19:00:42.123Z" };
    expect(worseFields(withSeconds, agreed)).toEqual([]);
    expect(sameTerms(agreed, { ...agreed, allergens: ["milk", "gluten"] })).toBe(true);
    expect(sameTerms(agreed, { ...agreed, priceCents: 301 })).toBe(false);
  });
});
