/**
 * Discovery at scale (docs/features/discovery.md): server-side search on `GET /api/meals` (stems,
 * prefixes, case, accents, one-letter typos, ranking, the count of matches), allergen exclusion, and
 * "near me". Meals of one test carry a word of their own, so tests sharing the database do not see each
 * other.
 */
import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/contract/i18n";
import { KIND_SEARCH_WORDS, MEAL_COUNT_CAP, type MealKind } from "../../src/contract/meals";
import { meals } from "../../src/server/db/schema";
import { NEAR_WINDOW } from "../../src/server/features/meals/list";
import { translate } from "../../src/server/i18n";
import { buildMeal, buildSignedInUser, buildUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

const HOUR = 60 * 60 * 1000;

/** A made-up word of letters only, unique to one test: "qzkwvbtp". */
const uniqueWord = () => Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join("");

/** The next page's URL from a response's Link header, or null. */
const nextPage = (response: LightMyRequestResponse) =>
  /<([^>]+)>;\s*rel="next"/.exec(String(response.headers.link ?? ""))?.[1] ?? null;

const ids = (response: LightMyRequestResponse): string[] =>
  response.json().map((meal: { id: string }) => meal.id);

/**
 * Great-circle distance in km (haversine), computed here so the test does not trust the server's;
 * on earthdistance's sphere (radius 6378.168 km).
 */
function haversineKm(a: [number, number], b: [number, number]): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b[0] - a[0]) / 2) ** 2 +
    Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(rad(b[1] - a[1]) / 2) ** 2;
  return 2 * 6378.168 * Math.asin(Math.sqrt(h));
}

describe("discovery API", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await buildSignedInUser(t.db));
  });
  afterAll(() => t.close());

  const list = (query: string) => t.api({ url: `/api/meals?${query}`, cookie });

  /** Walks every page of a list through its Link headers. */
  async function allPages(query: string): Promise<string[]> {
    const seen: string[] = [];
    let url: string | null = `/api/meals?${query}`;
    while (url) {
      const response = await t.api({ url, cookie });
      expect(response.statusCode).toBe(200);
      seen.push(...ids(response));
      url = nextPage(response);
    }
    return seen;
  }

  describe("signed out", () => {
    it("GET /api/meals/allergens requires authentication (401)", async () => {
      const response = await t.api({ url: "/api/meals/allergens" });
      expect(response.statusCode).toBe(401);
    });
  });

  describe("q: server-side search", () => {
    it("finds a meal beyond the first page, and the count is the number of matches", async () => {
      const cook = await buildUser(t.db);
      const word = uniqueWord();
      const target = await buildMeal(t.db, cook, {
        title: `Spiced ${word} pilau`,
        createdAt: new Date(Date.now() - HOUR),
      });
      await t.db.insert(meals).values(
        Array.from({ length: 120 }, (_, i) => ({
          ownerId: cook.id,
          title: `Filler stew ${i}`,
          description: "Plenty for everyone.",
          ingredients: "beans",
          kind: "free" as const,
          portionSize: 2,
          pickupWindowStart: new Date(Date.now() - HOUR),
          pickupWindowEnd: new Date(Date.now() + 3 * HOUR),
          pickupLocation: "Hall",
        })),
      );

      const firstPage = await list("");
      expect(ids(firstPage)).not.toContain(target.id);
      expect(nextPage(firstPage)).not.toBeNull();

      const found = await list(`q=${word}`);
      expect(found.statusCode).toBe(200);
      expect(ids(found)).toEqual([target.id]);
      expect(found.headers["x-total-count"]).toBe("1");
      expect(found.headers["x-total-relation"]).toBe("eq");
    });

    it("counts every match across pages and walks them best first, without repeats", async () => {
      const cook = await buildUser(t.db);
      const word = uniqueWord();
      const inTitle = [];
      const inDescription = [];
      const base = Date.now() - HOUR;
      for (let i = 0; i < 30; i++) {
        const createdAt = new Date(base + i * 1000);
        inDescription.push(
          (
            await buildMeal(t.db, cook, {
              title: `Soup ${i}`,
              description: `Made with ${word} love`,
              createdAt,
            })
          ).id,
        );
        inTitle.push((await buildMeal(t.db, cook, { title: `${word} bake ${i}`, createdAt })).id);
      }
      const first = await list(`q=${word}&limit=25`);
      expect(first.headers["x-total-count"]).toBe("60");

      const walked = await allPages(`q=${word}&limit=25`);
      expect(walked).toHaveLength(60);
      expect(new Set(walked).size).toBe(60);
      // Title matches (weight A) outrank description matches (weight D), newest first within each.
      expect(walked.slice(0, 30)).toEqual([...inTitle].reverse());
      expect(walked.slice(30)).toEqual([...inDescription].reverse());
    });

    it.each<
      [string, { title?: string; description?: string; ingredients?: string; allergens?: string }, string]
    >([
      ["case and accents", { title: "Crème brûlée" }, "CREME brulee"],
      ["accents typed, none stored", { title: "Creme caramel" }, "crème"],
      ["word forms", { ingredients: "one carrot, onions" }, "carrots onion"],
      ["a prefix while typing", { title: "Vegetable Lasagne" }, "lasa"],
      ["a one-letter typo in a long word", { title: "Vegetable Lasagne" }, "lasagme"],
      ["a one-letter typo, accented", { title: "Gâteau basque" }, "gateou"],
      ["the allergens", { allergens: "peanuts, sesame" }, "peanut"],
      ["the description", { description: "Slow-cooked with smoked paprika" }, "paprika"],
    ])("matches %s", async (_case, fields, typed) => {
      const cook = await buildUser(t.db);
      const word = uniqueWord();
      const description = `${fields.description ?? "Tasty."} ${word}`;
      const meal = await buildMeal(t.db, cook, { ...fields, description });
      await buildMeal(t.db, cook, { title: "Something else", ingredients: "rice", description: word });
      const response = await list(`q=${encodeURIComponent(`${typed} ${word}`)}`);
      expect(response.statusCode).toBe(200);
      expect(ids(response)).toEqual([meal.id]);
    });

    it("does not correct two typos, short words, or a word that meals use", async () => {
      const cook = await buildUser(t.db);
      const word = uniqueWord();
      const titled = (title: string) => buildMeal(t.db, cook, { title, ingredients: "rice" });
      const pasta = await titled(`${word} pasta`);
      const pasty = await titled(`${word} pasty`);
      const soup = await titled(`${word} soup`);

      expect(ids(await list(`q=${word}+pasta`))).toEqual([pasta.id]);
      expect(ids(await list(`q=${word}+soop`))).toEqual([]);
      expect(ids(await list(`q=${word}+psaty`))).toEqual([]);
      expect(ids(await list(`q=${word}+pasy`))).toEqual([]);
      expect(new Set(ids(await list(`q=${word}+past`)))).toEqual(new Set([pasta.id, pasty.id]));
      expect(ids(await list(`q=${word}+soup`))).toEqual([soup.id]);
    });

    it("searches the kind, so Home's Free and Paid buttons list what they say", async () => {
      const cook = await buildUser(t.db);
      const word = uniqueWord();
      const free = await buildMeal(t.db, cook, { title: `${word} rice` });
      const paid = await buildMeal(t.db, cook, { title: `${word} rice`, kind: "paid", priceCents: 500 });
      expect(ids(await list(`q=${word}+free`))).toEqual([free.id]);
      expect(ids(await list(`q=${word}+paid`))).toEqual([paid.id]);
      expect(ids(await list(`q=${word}&kind=paid`))).toEqual([paid.id]);
    });

    it("finds the kind by its word in every language, as Home's buttons set it in the reader's", async () => {
      const cook = await buildUser(t.db);
      const word = uniqueWord();
      const free = await buildMeal(t.db, cook, { title: `${word} rice` });
      const paid = await buildMeal(t.db, cook, { title: `${word} rice`, kind: "paid", priceCents: 500 });
      // One letter from "gratis": a kind's word is not corrected as a typo.
      const gratin = await buildMeal(t.db, cook, { title: `${word} gratin`, kind: "paid", priceCents: 700 });
      const spanishFree = translate(KIND_SEARCH_WORDS.free, "es", "USD");
      expect(spanishFree).toBe("gratis");
      for (const language of LANGUAGES) {
        const inLanguage = (kind: MealKind) =>
          encodeURIComponent(translate(KIND_SEARCH_WORDS[kind], language, "USD"));
        expect(ids(await list(`q=${word}+${inLanguage("free")}`)), language).toEqual([free.id]);
        expect(new Set(ids(await list(`q=${word}+${inLanguage("paid")}`))), language).toEqual(
          new Set([paid.id, gratin.id]),
        );
      }
      // Folded as the search folds: any case, with or without accents.
      expect(ids(await list(`q=${word}+GRÁTIS`))).toEqual([free.id]);
      // A word that only starts like one is no kind: "grat" finds the gratin by its prefix alone.
      expect(ids(await list(`q=${word}+grat`))).toEqual([gratin.id]);
    });

    it("leaves out inactive and ended meals", async () => {
      const cook = await buildUser(t.db);
      const word = uniqueWord();
      const open = await buildMeal(t.db, cook, { title: `${word} open` });
      await buildMeal(t.db, cook, { title: `${word} off`, isActive: false });
      await buildMeal(t.db, cook, {
        title: `${word} over`,
        pickupWindowStart: new Date(Date.now() - 3 * HOUR),
        pickupWindowEnd: new Date(Date.now() - HOUR),
      });
      const response = await list(`q=${word}`);
      expect(ids(response)).toEqual([open.id]);
      expect(response.headers["x-total-count"]).toBe("1");
    });

    it("answers no meals for text without a word, and 400 for text over 200 characters", async () => {
      const none = await list(`q=${encodeURIComponent("!!! ???")}`);
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual([]);
      expect(none.headers["x-total-count"]).toBe("0");

      const long = await list(`q=${"a".repeat(201)}`);
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toHaveProperty("q");
    });

    it("treats tsquery syntax as plain text", async () => {
      for (const typed of ["a & | !b", "x:* <-> y", "'quoted'", "(", "\\", "a:B"]) {
        const response = await list(`q=${encodeURIComponent(typed)}`);
        expect(response.statusCode, typed).toBe(200);
      }
    });

    it("answers 400 for a cursor made by another list", async () => {
      const word = uniqueWord();
      const cook = await buildUser(t.db);
      for (let i = 0; i < 3; i++) {
        await buildMeal(t.db, cook, { title: `${word} ${i}`, latitude: -47.1, longitude: 167.9 });
      }
      const cursorOf = async (query: string) =>
        new URL(nextPage(await list(query))!, "http://x").searchParams.get("cursor");
      const ranked = await cursorOf(`q=${word}&limit=1`);
      const nearest = await cursorOf("near=-47.1,167.9&limit=1");
      for (const query of [
        `cursor=${ranked}`,
        `q=${word}&cursor=${nearest}`,
        `near=-47.1,167.9&cursor=${ranked}`,
      ]) {
        const response = await list(query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().errors).toHaveProperty("cursor");
      }
    });

    it(`stops counting at ${MEAL_COUNT_CAP} and says the count is a lower bound`, async () => {
      const cook = await buildUser(t.db);
      const word = uniqueWord();
      await t.db.insert(meals).values(
        Array.from({ length: MEAL_COUNT_CAP + 5 }, (_, i) => ({
          ownerId: cook.id,
          title: `${word} ${i}`,
          description: "Bulk",
          ingredients: "rice",
          kind: "free" as const,
          portionSize: 1,
          pickupWindowStart: new Date(Date.now() - HOUR),
          pickupWindowEnd: new Date(Date.now() + 3 * HOUR),
          pickupLocation: "Hall",
        })),
      );
      const response = await list(`q=${word}&limit=10`);
      expect(response.headers["x-total-count"]).toBe(String(MEAL_COUNT_CAP));
      expect(response.headers["x-total-relation"]).toBe("gte");
      // Too many matches to rank cheaply: newest first (docs/decisions/006).
      const page = response.json() as { id: string; createdAt: string }[];
      const newestFirst = [...page].sort(
        (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
      );
      expect(page.map((meal) => meal.id)).toEqual(newestFirst.map((meal) => meal.id));
      // Later pages do not count again.
      const second = await t.api({ url: nextPage(response)!, cookie });
      expect(second.headers["x-total-count"]).toBeUndefined();
    });
  });

  describe("excludeAllergens", () => {
    it("drops meals whose allergens mention any of them, by word, case-insensitively", async () => {
      const cook = await buildUser(t.db);
      const word = uniqueWord();
      const titled = async (allergens: string, ingredients = "rice") =>
        (await buildMeal(t.db, cook, { title: `${word} dish`, allergens, ingredients })).id;
      const treeNuts = await titled("Tree nuts, milk");
      const peanuts = await titled("peanuts");
      const gluten = await titled("gluten");
      const nutmeg = await titled("", "rice, nutmeg");
      const glutenFree = await titled("");

      const shown = async (exclude: string) =>
        new Set(ids(await list(`q=${word}&excludeAllergens=${encodeURIComponent(exclude)}`)));
      expect(await shown("nuts")).toEqual(new Set([peanuts, gluten, nutmeg, glutenFree]));
      expect(await shown("gluten,NUTS")).toEqual(new Set([peanuts, nutmeg, glutenFree]));
      expect(await shown(" Milk ,")).toEqual(new Set([peanuts, gluten, nutmeg, glutenFree]));
      expect(await shown("peanuts, tree nuts, gluten")).toEqual(new Set([nutmeg, glutenFree]));
      void treeNuts;
    });

    it("also filters the list without q, and says the count of what is left", async () => {
      const cook = await buildUser(t.db);
      const word = uniqueWord();
      const kept = await buildMeal(t.db, cook, { title: "Plain rice", allergens: "", pickupLocation: word });
      const dropped = await buildMeal(t.db, cook, { title: "Egg fried rice", allergens: `eggs, ${word}` });
      const response = await list(`excludeAllergens=${word}&limit=100`);
      expect(ids(response)).toContain(kept.id);
      expect(ids(response)).not.toContain(dropped.id);
    });

    it("answers 400 for more than 20 allergens", async () => {
      const many = Array.from({ length: 21 }, (_, i) => `a${i}`).join(",");
      expect((await list(`excludeAllergens=${many}`)).statusCode).toBe(400);
    });

    it("GET /api/meals/allergens lists the allergens of open meals, most used first", async () => {
      const cook = await buildUser(t.db);
      const word = uniqueWord();
      await buildMeal(t.db, cook, { allergens: `${word}, Celery` });
      await buildMeal(t.db, cook, { allergens: ` ${word.toUpperCase()} ` });
      await buildMeal(t.db, cook, { allergens: `${word}x`, isActive: false });
      const response = await t.api({ url: "/api/meals/allergens", cookie });
      expect(response.statusCode).toBe(200);
      const inUse = response.json() as { allergen: string; meals: number }[];
      expect(inUse).toContainEqual({ allergen: word, meals: 2 });
      expect(inUse.map((entry) => entry.allergen)).not.toContain(`${word}x`);
      const counts = inUse.map((entry) => entry.meals);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });
  });

  describe("near me", () => {
    /** Meals 0.6, 2.0, 7.0 and 55.6 km from `center`, and one without coordinates. */
    async function mealsAround(center: [number, number]) {
      const cook = await buildUser(t.db);
      const at = async (title: string, dLat: number, dLng: number, kind: "free" | "paid" = "free") =>
        buildMeal(t.db, cook, {
          title,
          latitude: Math.round((center[0] + dLat) * 1000) / 1000,
          longitude: Math.round((center[1] + dLng) * 1000) / 1000,
          kind,
          priceCents: kind === "paid" ? 800 : null,
        });
      return {
        halfKm: await at("Half a km", -0.005, 0),
        twoKm: await at("Two km", 0, 0.025, "paid"),
        sevenKm: await at("Seven km", -0.063, 0),
        farAway: await at("Fifty-five km", -0.5, 0),
        noCoordinates: await buildMeal(t.db, cook, { title: "Somewhere" }),
      };
    }

    it("lists meals within 5 km by default, nearest first, each with its distance to 0.1 km", async () => {
      const center: [number, number] = [-45.1, 170.1];
      const m = await mealsAround(center);
      const response = await list(`near=${center.join(",")}`);
      expect(response.statusCode).toBe(200);
      const body = response.json() as {
        id: string;
        distanceKm: number;
        latitude: number;
        longitude: number;
      }[];
      expect(body.map((meal) => meal.id)).toEqual([m.halfKm.id, m.twoKm.id]);
      expect(body.map((meal) => meal.distanceKm)).toEqual([0.6, 2.0]);
      for (const meal of body) {
        const expected = Math.round(haversineKm(center, [meal.latitude, meal.longitude]) * 10) / 10;
        expect(meal.distanceKm).toBe(expected);
      }
      expect(response.headers["x-total-count"]).toBe("2");
    });

    it("respects radiusKm and kind, and never lists meals without coordinates", async () => {
      const center: [number, number] = [-41.3, 174.8];
      const m = await mealsAround(center);
      const near = `near=${center.join(",")}`;
      expect(ids(await list(`${near}&radiusKm=10`))).toEqual([m.halfKm.id, m.twoKm.id, m.sevenKm.id]);
      expect(ids(await list(`${near}&radiusKm=50`))).not.toContain(m.farAway.id);
      expect(ids(await list(`${near}&radiusKm=1`))).toEqual([m.halfKm.id]);
      expect(ids(await list(`${near}&radiusKm=10&kind=paid`))).toEqual([m.twoKm.id]);
      expect(ids(await list(`${near}&radiusKm=50`))).not.toContain(m.noCoordinates.id);
    });

    it("combines with search", async () => {
      const center: [number, number] = [-37.8, 175.3];
      const m = await mealsAround(center);
      expect(ids(await list(`near=${center.join(",")}&radiusKm=10&q=seven`))).toEqual([m.sevenKm.id]);
    });

    it("pages through equal distances without gaps or repeats", async () => {
      const cook = await buildUser(t.db);
      const spot: [number, number] = [-46.2, 168.9];
      const made = [];
      for (let i = 0; i < 5; i++) {
        const createdAt = new Date(Date.now() - HOUR + i * 1000);
        made.push((await buildMeal(t.db, cook, { latitude: spot[0], longitude: spot[1], createdAt })).id);
      }
      const walked = await allPages(`near=${spot.join(",")}&radiusKm=1&limit=2`);
      expect(walked).toHaveLength(5);
      expect(new Set(walked)).toEqual(new Set(made));
    });

    it(`keeps paging past a window of ${NEAR_WINDOW} nearer meals that the filters drop`, async () => {
      const cook = await buildUser(t.db);
      const spot: [number, number] = [-43.5, 172.6];
      await t.db.insert(meals).values(
        Array.from({ length: NEAR_WINDOW + 5 }, (_, i) => ({
          ownerId: cook.id,
          title: `Paid dish ${i}`,
          description: "Nearer",
          ingredients: "rice",
          kind: "paid" as const,
          priceCents: 500,
          portionSize: 1,
          pickupWindowStart: new Date(Date.now() - HOUR),
          pickupWindowEnd: new Date(Date.now() + 3 * HOUR),
          pickupLocation: "Hall",
          latitude: spot[0],
          longitude: spot[1],
        })),
      );
      const far = [];
      for (let i = 0; i < 3; i++) {
        far.push(
          (await buildMeal(t.db, cook, { title: `Free ${i}`, latitude: -43.51, longitude: 172.6 })).id,
        );
      }
      const first = await list(`near=${spot.join(",")}&kind=free`);
      expect(first.json()).toEqual([]);
      expect(first.headers["x-total-relation"]).toBe("gte");
      expect(nextPage(first)).not.toBeNull();
      expect(new Set(await allPages(`near=${spot.join(",")}&kind=free`))).toEqual(new Set(far));
      // Unfiltered, the window is full and within the radius: the count is a lower bound.
      const all = await list(`near=${spot.join(",")}`);
      expect(all.headers["x-total-count"]).toBe(String(NEAR_WINDOW));
      expect(all.headers["x-total-relation"]).toBe("gte");
    });

    it.each([
      ["near=91,0", "near"],
      ["near=0,181", "near"],
      ["near=north", "near"],
      ["near=1,2,3", "near"],
      ["near=0,0&radiusKm=0", "radiusKm"],
      ["near=0,0&radiusKm=51", "radiusKm"],
      ["near=0,0&radiusKm=far", "radiusKm"],
    ])("answers 400 for %s", async (query, field) => {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty(field);
    });
  });
});
