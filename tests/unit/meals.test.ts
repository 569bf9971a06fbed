import { describe, expect, it } from "vitest";
import {
  crossFieldErrors,
  type MealFormValues,
  toCreateMeal,
} from "../../src/client/features/meals/meal-form-schema";
import { matchesSearch } from "../../src/client/features/meals/search";
import { allergenTags, mealCrossFieldErrors, roundCoordinate } from "../../src/contract/meals";

const form = (overrides: Partial<MealFormValues> = {}): MealFormValues => ({
  title: "Soup",
  description: "Hot",
  kind: "paid",
  price: "7.5",
  portionSize: 2,
  allergens: "",
  ingredients: "water",
  pickupLocation: "Here",
  pickupWindowStart: "2099-01-01T17:00",
  pickupWindowEnd: "2099-01-01T19:00",
  deliveryAvailable: false,
  latitude: null,
  longitude: null,
  ...overrides,
});

describe("create meal form conversion (spec §5)", () => {
  it("converts dollars to cents, rounding", () => {
    expect(toCreateMeal(form({ price: "7.50" })).priceCents).toBe(750);
    expect(toCreateMeal(form({ price: "0.295" })).priceCents).toBe(30);
    expect(toCreateMeal(form({ price: "12" })).priceCents).toBe(1200);
  });

  it("sends null for free meals and converts times to ISO strings", () => {
    const meal = toCreateMeal(form({ kind: "free", price: "5" }));
    expect(meal.priceCents).toBeNull();
    expect(meal.pickupWindowStart).toBe(new Date("2099-01-01T17:00").toISOString());
  });

  it("reports a paid meal without price on the price field", () => {
    expect(crossFieldErrors(toCreateMeal(form({ price: "" })))).toEqual({
      price: "Price is required for paid meals",
    });
  });
});

describe("meal rules", () => {
  it("requires the end after the start, and in the future", () => {
    const now = new Date("2030-01-01T12:00:00Z");
    expect(
      mealCrossFieldErrors(
        { pickupWindowStart: "2030-01-01T13:00:00Z", pickupWindowEnd: "2030-01-01T13:00:00Z" },
        now,
      ),
    ).toEqual({
      pickupWindowEnd: "Pickup end time must be after the start time",
    });
    expect(
      mealCrossFieldErrors(
        { pickupWindowStart: "2030-01-01T09:00:00Z", pickupWindowEnd: "2030-01-01T11:00:00Z" },
        now,
      ),
    ).toEqual({
      pickupWindowEnd: "Pickup end time must be in the future",
    });
  });

  it("splits allergens, trimming and dropping empties (spec §3)", () => {
    expect(allergenTags(" gluten, ,dairy ,, nuts")).toEqual(["gluten", "dairy", "nuts"]);
    expect(allergenTags("")).toEqual([]);
  });

  it("rounds coordinates to about 100 m", () => {
    expect(roundCoordinate(51.507351)).toBe(51.507);
    expect(roundCoordinate(-0.1277583)).toBe(-0.128);
  });
});

describe("meal search (spec §5)", () => {
  const meal = {
    title: "Spicy Noodles",
    description: "With peanut sauce",
    allergens: "Peanuts, Sesame",
    kind: "paid" as const,
  };
  it("matches title, description and allergens case-insensitively", () => {
    expect(matchesSearch(meal, "noodle")).toBe(true);
    expect(matchesSearch(meal, "PEANUT SAUCE")).toBe(true);
    expect(matchesSearch(meal, "sesame")).toBe(true);
    expect(matchesSearch(meal, "  ")).toBe(true);
    expect(matchesSearch(meal, "gluten")).toBe(false);
  });

  it("matches the kind, so Home's Free / Paid buttons filter", () => {
    expect(matchesSearch(meal, "paid")).toBe(true);
    expect(matchesSearch(meal, "free")).toBe(false);
  });
});
