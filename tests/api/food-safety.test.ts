/**
 * docs/features/food-safety.md points 1–3: structured allergens and dietary tags on meals, the eater's
 * allergies and diet, `excludeAllergens` by code and by free text, and the food details (prepared at,
 * storage, reheating).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allergyTokensOf } from "../../src/contract/food-safety";
import { buildMeal, buildSignedInUser, hoursFromNow, mealPayload } from "../factories";
import { createTestApp, type TestApp } from "./harness";

const meal = (overrides: Record<string, unknown> = {}) =>
  mealPayload({
    title: "Peanut curry",
    ingredients: "peanuts, coconut, coriander, rice",
    priceCents: undefined,
    allergens: undefined,
    deliveryAvailable: undefined,
    allergenCodes: ["peanuts"],
    ...overrides,
  });

describe("food safety", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (cookie: string, payload: object) =>
    t.api({ method: "POST", url: "/api/meals", cookie, payload });

  describe("allergen codes", () => {
    it("derives the spec's allergens text from the codes (Annex order) and the free text", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const response = await post(
        cookie,
        meal({ allergenCodes: ["milk", "peanuts", "milk"], allergensOther: " coriander , lime " }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        allergens: "Peanuts, Milk, coriander, lime",
        allergenCodes: ["peanuts", "milk"],
        allergensOther: "coriander , lime",
        noMajorAllergens: false,
      });
    });

    it("answers 400 naming the field for an unknown code", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const response = await post(cookie, meal({ allergenCodes: ["peanuts", "gluten_free"] }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain("Unknown allergen code: gluten_free");
      expect(Object.keys(response.json().errors)[0]).toMatch(/^allergenCodes/);
    });

    it("needs allergens or an explicit 'none of the 14', never both", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const neither = await post(cookie, meal({ allergenCodes: [] }));
      expect(neither.statusCode).toBe(400);
      expect(neither.json().errors.allergenCodes).toBe(
        "Choose the allergens this meal contains, or confirm it contains none of the 14",
      );
      const both = await post(cookie, meal({ noMajorAllergens: true }));
      expect(both.statusCode).toBe(400);
      const none = await post(cookie, meal({ allergenCodes: [], noMajorAllergens: true }));
      expect(none.statusCode).toBe(201);
      expect(none.json()).toMatchObject({ allergens: "", allergenCodes: [], noMajorAllergens: true });
    });

    it("maps an allergens text sent without codes (the spec's call) to codes where unambiguous", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const response = await post(cookie, {
        ...meal({ allergenCodes: undefined }),
        allergens: "Dairy, nuts, coriander",
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        allergens: "Dairy, nuts, coriander",
        allergenCodes: ["milk", "tree_nuts"],
        allergensOther: "coriander",
      });
    });

    it("lets the owner change the codes; the text follows", async () => {
      const { user, cookie } = await buildSignedInUser(t.db);
      const created = await buildMeal(t.db, user);
      const response = await t.api({
        method: "PUT",
        url: `/api/meals/${created.id}`,
        cookie,
        payload: { allergenCodes: ["sesame"], allergensOther: "" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ allergens: "Sesame", allergenCodes: ["sesame"] });
      const unknown = await t.api({
        method: "PUT",
        url: `/api/meals/${created.id}`,
        cookie,
        payload: { allergenCodes: ["nuts"] },
      });
      expect(unknown.statusCode).toBe(400);
    });
  });

  describe("dietary tags", () => {
    it("stores known tags and refuses unknown or contradictory ones", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const ok = await post(cookie, meal({ dietTags: ["vegan", "vegetarian"] }));
      expect(ok.statusCode).toBe(201);
      expect(ok.json().dietTags).toEqual(["vegetarian", "vegan"]);
      expect((await post(cookie, meal({ dietTags: ["paleo"] }))).statusCode).toBe(400);
      const clash = await post(cookie, meal({ dietTags: ["vegan", "contains_pork"] }));
      expect(clash.statusCode).toBe(400);
      expect(clash.json().errors.dietTags).toBe("A vegetarian or vegan meal cannot contain pork");
    });
  });

  describe("excludeAllergens", () => {
    it("hides meals by code, by a word meaning a code, and by free-text 'Other' as whole words", async () => {
      const { user, cookie } = await buildSignedInUser(t.db);
      const tag = `x${Date.now()}`;
      const make = (title: string, fields: object) =>
        post(cookie, meal({ title: `${tag} ${title}`, ingredients: "rice, lime", ...fields })).then(
          (r) => r.json().id as string,
        );
      const peanut = await make("peanut", { allergenCodes: ["peanuts"], ingredients: "peanuts, coriander" });
      const cheese = await make("cheese", { allergenCodes: ["milk"] });
      const coriander = await make("coriander", {
        allergenCodes: [],
        noMajorAllergens: true,
        allergensOther: "Coriander",
      });
      // The others have coriander in their ingredients (the default meal's); this one has none.
      const plain = await make("plain", {
        allergenCodes: [],
        noMajorAllergens: true,
        ingredients: "rice, lime",
      });
      // An older meal, with only the cook's text.
      const legacy = (
        await buildMeal(t.db, user, { title: `${tag} legacy`, allergens: "Peanut butter", allergenCodes: [] })
      ).id;
      const listed = async (exclude: string) =>
        (await t.api({ url: `/api/meals?q=${tag}&excludeAllergens=${encodeURIComponent(exclude)}`, cookie }))
          .json()
          .map((m: { id: string }) => m.id);

      expect(await listed("peanuts")).toEqual(expect.not.arrayContaining([peanut, legacy]));
      expect(await listed("peanuts")).toEqual(expect.arrayContaining([cheese, coriander, plain]));
      expect(await listed("dairy")).not.toContain(cheese);
      expect(await listed("dairy")).toContain(peanut);
      expect(await listed("CORIANDER")).not.toContain(coriander);
      // An allergy in the ingredients hides the meal as it warns (one rule: meals/allergen-match.ts).
      expect(await listed("coriander")).toContain(plain);
      expect(await listed("coriander")).not.toContain(peanut);
      expect(await listed("corian")).toContain(coriander);
      expect(await listed("peanuts,milk,coriander")).toEqual([plain]);
    });
  });

  describe("food details", () => {
    it("stores when it was prepared, how it is kept and how to reheat it", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const preparedAt = hoursFromNow(-2);
      const response = await post(
        cookie,
        meal({ preparedAt, storage: "chilled", reheating: "  Microwave 3 minutes, stir halfway.  " }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        preparedAt: new Date(preparedAt).toISOString(),
        storage: "chilled",
        reheating: "Microwave 3 minutes, stir halfway.",
      });
    });

    it("refuses a preparation time in the future and an unknown storage", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const future = await post(cookie, meal({ preparedAt: hoursFromNow(1) }));
      expect(future.statusCode).toBe(400);
      expect(future.json().errors.preparedAt).toBe("Prepared at cannot be in the future");
      const storage = await post(cookie, meal({ storage: "warm" }));
      expect(storage.statusCode).toBe(400);
      expect(storage.json().errors.storage).toBe("Storage must be chilled, frozen, hot or ambient");
    });
  });

  describe("my allergies and diet", () => {
    it("are saved in Settings, returned only to their owner, and unknown codes are refused", async () => {
      const { cookie } = await buildSignedInUser(t.db);
      const saved = await t.api({
        method: "PUT",
        url: "/api/user/profile",
        cookie,
        payload: { allergyCodes: ["peanuts", "sesame"], allergiesOther: "coriander", dietTags: ["halal"] },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        allergyCodes: ["peanuts", "sesame"],
        allergiesOther: "coriander",
        dietTags: ["halal"],
      });
      const me = await t.api({ url: "/api/auth/user", cookie });
      expect(me.json().allergyCodes).toEqual(["peanuts", "sesame"]);
      const bad = await t.api({
        method: "PUT",
        url: "/api/user/profile",
        cookie,
        payload: { allergyCodes: ["pollen"] },
      });
      expect(bad.statusCode).toBe(400);
      // Nobody else sees them: meals carry only the public user shape.
      const { user: cook } = await buildSignedInUser(t.db, {
        allergyCodes: ["milk"],
        allergiesOther: "kiwi",
      });
      const cooked = await buildMeal(t.db, cook);
      const seen = await t.api({ url: `/api/meals/${cooked.id}`, cookie });
      expect(JSON.stringify(seen.json())).not.toContain("kiwi");
      expect(seen.json().owner).not.toHaveProperty("allergyCodes");
    });

    it("saves a typed allergy that names one of the 14 as its code, so a 'dairy' eater is warned on a Milk meal", async () => {
      const { cookie: eaterCookie } = await buildSignedInUser(t.db);
      const saved = await t.api({
        method: "PUT",
        url: "/api/user/profile",
        cookie: eaterCookie,
        payload: { allergyCodes: ["sesame"], allergiesOther: "Dairy, coriander" },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ allergyCodes: ["milk", "sesame"], allergiesOther: "coriander" });
      const eater = (await t.api({ url: "/api/auth/user", cookie: eaterCookie })).json();

      const { cookie: cookCookie } = await buildSignedInUser(t.db);
      const cheesy = await post(
        cookCookie,
        meal({ title: "Cheese toastie", ingredients: "bread, cheddar", allergenCodes: ["milk", "gluten"] }),
      );
      const herby = await post(
        cookCookie,
        meal({
          title: "Herb rice",
          ingredients: "rice, Coriander leaves",
          allergenCodes: [],
          noMajorAllergens: true,
        }),
      );
      const plain = await post(
        cookCookie,
        meal({ title: "Plain rice", ingredients: "rice", allergenCodes: [], noMajorAllergens: true }),
      );
      const shown = async (id: string) =>
        (await t.api({ url: `/api/meals/${id}`, cookie: eaterCookie })).json();
      // The warning the card, the meal page and the Safety Notice show, as the server matched it.
      expect((await shown(cheesy.json().id)).allergyWarnings).toEqual(["milk"]);
      expect((await shown(herby.json().id)).allergyWarnings).toEqual(["coriander"]);
      expect((await shown(plain.json().id)).allergyWarnings).toEqual([]);

      // Hiding starts from the same allergies: both warned meals are hidden, the plain one is not.
      const hidden = new URLSearchParams({
        excludeAllergens: allergyTokensOf(eater).join(","),
      });
      const listed = await t.api({ url: `/api/meals?${hidden}`, cookie: eaterCookie });
      const titles = listed.json().map((listedMeal: { title: string }) => listedMeal.title);
      expect(titles).toContain("Plain rice");
      expect(titles).not.toContain("Cheese toastie");
      expect(titles).not.toContain("Herb rice");
    });
  });
});
