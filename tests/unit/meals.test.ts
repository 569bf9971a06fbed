import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { countLine } from "../../src/client/features/meals/components/meal-list-page";
import {
  crossFieldErrors,
  localInput,
  type MealFormValues,
  toCreateMeal,
} from "../../src/client/features/meals/meal-form-schema";
import { placeholderFor } from "../../src/client/features/meals/placeholder";
import { mealsUrl } from "../../src/contract/meal-list";
import { allergenTags, mealCrossFieldErrors, roundCoordinate } from "../../src/contract/meals";
import { messageKey, messageValues } from "../../src/contract/messages";
import deApp from "../../src/locales/de/app.json" with { type: "json" };
import enApp from "../../src/locales/en/app.json" with { type: "json" };
import enMessages from "../../src/locales/en/messages.json" with { type: "json" };
import esApp from "../../src/locales/es/app.json" with { type: "json" };
import { searchWordsOf } from "../../src/server/features/meals/search";

/** Tomorrow at 5 and 7 pm, as the form's datetime-local inputs hold them. */
const tomorrowAt = (hour: number) => {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  day.setHours(hour, 0, 0, 0);
  return localInput(day);
};
const TOMORROW_5PM = tomorrowAt(17);
const TOMORROW_7PM = tomorrowAt(19);

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
  pickupDetails: "",
  pickupWindowStart: TOMORROW_5PM,
  pickupWindowEnd: TOMORROW_7PM,
  deliveryAvailable: false,
  latitude: null,
  longitude: null,
  weekly: false,
  weeks: 4,
  audience: "everyone",
  groupId: "",
  everyoneAfterHours: 24,
  allocation: "first_come",
  drawClosesAt: "",
  drawEligibility: "everyone",
  ...overrides,
});

/** The app's real catalogues, as the browser loads them (docs/features/languages-currency-impact.md). */
const i18n = i18next.createInstance();
await i18n.init({
  resources: {
    en: { app: enApp, messages: enMessages },
    es: { app: esApp },
    de: { app: deApp },
  },
  lng: "en",
  fallbackLng: false,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
});
const tIn = (language: string) => i18n.getFixedT(language, "app");
/** A contract message in English, as the form shows it (lib/messages.ts `useMessages`). */
const say = (text: string) => {
  const { key, params } = messageKey(text);
  return i18n.t(key, { ns: "messages", ...messageValues(params, "en", "USD") });
};
const sayAll = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, say(text)]));
const toMeal = (values: MealFormValues) => toCreateMeal(values, "en", "USD");

describe("create meal form conversion (spec §5)", () => {
  it("converts dollars to cents, rounding", () => {
    expect(toMeal(form({ price: "7.50" })).priceCents).toBe(750);
    expect(toMeal(form({ price: "0.295" })).priceCents).toBe(30);
    expect(toMeal(form({ price: "12" })).priceCents).toBe(1200);
  });

  it("takes the amount as the language writes it, in the currency's minor units", () => {
    expect(toCreateMeal(form({ price: "7,50" }), "de", "EUR").priceCents).toBe(750);
    expect(toCreateMeal(form({ price: "1.234,5" }), "de", "EUR").priceCents).toBe(123450);
    expect(toCreateMeal(form({ price: "7,5" }), "es", "EUR").priceCents).toBe(750);
    expect(toCreateMeal(form({ price: "1,234.50" }), "en", "GBP").priceCents).toBe(123450);
    // A yen has no minor unit: 750 yen is stored as 750.
    expect(toCreateMeal(form({ price: "750" }), "en", "JPY").priceCents).toBe(750);
    expect(toCreateMeal(form({ price: "seven" }), "de", "EUR").priceCents).toBeNull();
  });

  it("sends null for free meals and converts times to ISO strings", () => {
    const meal = toMeal(form({ kind: "free", price: "5" }));
    expect(meal.priceCents).toBeNull();
    expect(meal.pickupWindowStart).toBe(new Date(TOMORROW_5PM).toISOString());
  });

  it("reports a paid meal without price on the price field", () => {
    expect(sayAll(crossFieldErrors(toMeal(form({ price: "" }))))).toEqual({
      price: "Price is required for paid meals",
    });
  });

  it("says a paid meal at $0 must cost more, not that its price is missing", () => {
    expect(sayAll(crossFieldErrors(toMeal(form({ price: "0" }))))).toEqual({
      price: "Price must be more than $0.00",
    });
  });
});

describe("the form's allergens", () => {
  it("asks for allergens or 'Contains none of the 14' on the allergens field", () => {
    expect(sayAll(crossFieldErrors(toMeal(form({ allergenCodes: [] }))))).toEqual({
      allergenCodes: "Choose the allergens this meal contains, or confirm it contains none of the 14",
    });
  });

  it("sends no codes once 'Contains none of the 14' is ticked", () => {
    const meal = toMeal(form({ allergenCodes: ["milk"], noMajorAllergens: true }));
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

describe("search text to tsquery", () => {
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
});

describe("meal list URL and count line", () => {
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
    const t = tIn("en");
    expect(countLine({ count: 1, atLeast: false }, "free", t, "en")).toBe("1 free meal available");
    expect(countLine({ count: 3, atLeast: false }, "paid", t, "en")).toBe("3 paid meals available");
    expect(countLine({ count: 1000, atLeast: true }, "free", t, "en")).toBe("1,000+ free meals available");
    expect(countLine({ count: 2, atLeast: false }, "free", t, "en", 5)).toBe(
      "2 free meals available within 5 km",
    );
  });

  it("says the count line with each language's plural and number format", () => {
    expect(countLine({ count: 1, atLeast: false }, "free", tIn("es"), "es")).toBe(
      "1 comida gratis disponible",
    );
    expect(countLine({ count: 3, atLeast: false }, "free", tIn("es"), "es")).toBe(
      "3 comidas gratis disponibles",
    );
    expect(countLine({ count: 1000, atLeast: true }, "paid", tIn("de"), "de")).toBe(
      "1.000+ kostenpflichtige Gerichte verfügbar",
    );
    expect(countLine({ count: 1, atLeast: false }, "free", tIn("de"), "de", 2)).toBe(
      "1 kostenloses Gericht im Umkreis von 2 km verfügbar",
    );
  });
});

describe("placeholders of meals without a photo", () => {
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

describe("sharing a meal again (docs/features/households.md point 3)", () => {
  it("keeps the times of day, today if still ahead, else tomorrow, and asks when it was made", async () => {
    const { sharedAgain } = await import("../../src/client/features/meals/meal-form-schema");
    const past = {
      title: "Soup",
      pickupWindowStart: new Date(2026, 10, 20, 18, 0).toISOString(),
      pickupWindowEnd: new Date(2026, 10, 20, 20, 30).toISOString(),
      storage: "chilled",
      reheating: null,
      allergenCodes: [],
    } as unknown as Parameters<typeof sharedAgain>[0];
    const morning = sharedAgain(past, "", new Date(2026, 10, 25, 9, 0));
    expect([morning.pickupWindowStart, morning.pickupWindowEnd]).toEqual([
      "2026-11-25T18:00",
      "2026-11-25T20:30",
    ]);
    const evening = sharedAgain(past, "", new Date(2026, 10, 25, 19, 0));
    expect(evening.pickupWindowStart).toBe("2026-11-26T18:00");
    expect(evening.preparedAt).toBe("");
  });

  it("sends a weekly meal's weeks and this browser's time zone", () => {
    const meal = toCreateMeal(form({ weekly: true, weeks: 6 }), "en", "USD");
    expect(meal.weekly).toEqual({ weeks: 6, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(toCreateMeal(form(), "en", "USD").weekly).toBeUndefined();
  });
});

describe("a price as the language writes it", () => {
  it("reads the language's own way, and asks about a grouping sign that cannot be one", async () => {
    const { parsePrice } = await import("../../src/client/features/meals/meal-form-schema");
    expect(parsePrice("8.50", "en", "EUR")).toBe(850);
    expect(parsePrice("1,000.50", "en", "EUR")).toBe(100050);
    expect(parsePrice("8,50", "en", "EUR")).toBe("ambiguous");
    expect(parsePrice("8,50", "de", "EUR")).toBe(850);
    expect(parsePrice("1.000,50", "de", "EUR")).toBe(100050);
    expect(parsePrice("8.50", "de", "EUR")).toBe("ambiguous");
    expect(parsePrice("7", "es", "EUR")).toBe(700);
    expect(parsePrice("eight", "en", "EUR")).toBeNull();
  });
});

describe("food details: one rule for the API and the form (docs/ARCHITECTURE.md)", () => {
  it("saves a meal without 'Prepared at' and storage, as the API takes it, and checks them when given", async () => {
    const { mealFormSchema } = await import("../../src/client/features/meals/meal-form-schema");
    const bare = form({ preparedAt: "", storage: "", latitude: 52.52, longitude: 13.4 });
    expect(mealFormSchema.safeParse(bare).error?.issues ?? []).toEqual([]);
    const sent = toCreateMeal(bare, "en", "EUR");
    expect(sent).toMatchObject({ preparedAt: null, storage: null });
    expect(crossFieldErrors(sent)).toEqual({});
    expect(mealFormSchema.safeParse({ ...bare, storage: "in the shed" }).success).toBe(false);
  });
});
