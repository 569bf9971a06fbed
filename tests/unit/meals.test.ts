import { describe, expect, it } from "vitest";
import { mealsUrl } from "../../src/client/features/meals/api/get-meals";
import { countLine } from "../../src/client/features/meals/components/meal-list-page";
import {
  crossFieldErrors,
  type MealFormValues,
  toCreateMeal,
} from "../../src/client/features/meals/meal-form-schema";
import { placeholderFor } from "../../src/client/features/meals/placeholder";
import { allergenTags, mealCrossFieldErrors, roundCoordinate } from "../../src/contract/meals";
import { allergenMentionQuery, searchWordsOf } from "../../src/server/features/meals/search";

const form = (overrides: Partial<MealFormValues> = {}): MealFormValues => ({
  title: "Soup",
  description: "Hot",
  kind: "paid",
  price: "7.5",
  portionSize: 2,
  allergenCodes: ["celery"],
  noMajorAllergens: false,
  allergensOther: "",
  dietTags: [],
  preparedAt: "2020-01-01T12:00",
  storage: "chilled",
  reheating: "",
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

  it("says a paid meal at $0 must cost more (issue 12), not that its price is missing", () => {
    expect(crossFieldErrors(toCreateMeal(form({ price: "0" })))).toEqual({
      price: "Price must be more than $0",
    });
  });
});

describe("the form's allergens (issue 13)", () => {
  it("asks for allergens or 'Contains none of the 14' on the allergens field", () => {
    expect(crossFieldErrors(toCreateMeal(form({ allergenCodes: [] })))).toEqual({
      allergenCodes: "Choose the allergens this meal contains, or confirm it contains none of the 14",
    });
  });

  it("sends no codes once 'Contains none of the 14' is ticked", () => {
    const meal = toCreateMeal(form({ allergenCodes: ["milk"], noMajorAllergens: true }));
    expect(meal).toMatchObject({ allergenCodes: [], noMajorAllergens: true });
    expect(crossFieldErrors(meal)).toEqual({});
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

describe("search text to tsquery (issue 10)", () => {
  it("keeps letters and digits only, so nothing typed can change the query's meaning", () => {
    expect(searchWordsOf("Crème brûlée & 'lasagne':* | !x <-> (y)")).toEqual([
      "Crème",
      "brûlée",
      "lasagne",
      "x",
      "y",
    ]);
    expect(searchWordsOf("  !!! ")).toEqual([]);
    expect(searchWordsOf("a b c d e f g h i j")).toHaveLength(8);
    expect(searchWordsOf("x".repeat(100))[0]).toHaveLength(40);
  });

  it("asks allergens by word in the allergens part of the document (weight B)", () => {
    expect(allergenMentionQuery(["tree nuts", "gluten"])).toBe("(tree:B & nuts:B) | (gluten:B)");
    expect(allergenMentionQuery(["!!!"])).toBeNull();
  });
});

describe("meal list URL and count line (issue 10)", () => {
  it("puts only the filters in use in the URL", () => {
    expect(mealsUrl({})).toBe("/api/meals");
    expect(
      mealsUrl({
        kind: "free",
        q: " lasagne ",
        near: { latitude: 51.5, longitude: -0.12 },
        radiusKm: 10,
        excludeAllergens: ["gluten", "tree nuts"],
      }),
    ).toBe(
      "/api/meals?kind=free&q=lasagne&near=51.5%2C-0.12&radiusKm=10&excludeAllergens=gluten%2Ctree+nuts",
    );
    expect(mealsUrl({ near: null, radiusKm: 10 })).toBe("/api/meals");
  });

  it("says the spec's count line, with 1,000+ when the server stopped counting", () => {
    expect(countLine({ count: 1, atLeast: false }, "free")).toBe("1 free meal available");
    expect(countLine({ count: 3, atLeast: false }, "paid")).toBe("3 paid meals available");
    expect(countLine({ count: 1000, atLeast: true }, "free")).toBe("1,000+ free meals available");
    expect(countLine({ count: 2, atLeast: false }, "free", 5)).toBe("2 free meals available within 5 km");
  });
});

describe("placeholders of meals without a photo (issue 12)", () => {
  it("pick the icon from the kind of dish the title names, and stay the same for a title", () => {
    expect(placeholderFor("Lentil soup").icon).toBe("Soup");
    expect(placeholderFor("Grandma's apple crumble").icon).toBe("CakeSlice");
    expect(placeholderFor("Vegetable lasagne").icon).toBe("CookingPot");
    expect(placeholderFor("Mystery box").icon).toBe("UtensilsCrossed");
    expect(placeholderFor("Lentil soup")).toEqual(placeholderFor("  lentil SOUP "));
  });

  it("give different titles different colours, not one mint plate for all", () => {
    const titles = ["Lentil soup", "Pea soup", "Tomato soup", "Onion soup", "Bean soup", "Fish soup"];
    const colours = new Set(titles.map((title) => placeholderFor(title).background));
    expect(colours.size).toBeGreaterThanOrEqual(3);
  });
});
