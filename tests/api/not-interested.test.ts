/**
 * "Not interested" (docs/features/everyday-journey.md): a member hides a meal, or every
 * meal of a cook, from their lists — the searched list, the local list and the map — and shows them
 * again; the meal's page still opens; nobody else's lists change, and nobody reads another's hides.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HIDDEN_MAX } from "../../src/contract/plain/meals";
import { hiddenMeals } from "../../src/server/db/schema";
import { buildMeal, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("not interested", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const hide = (cookie: string, kind: "meals" | "cooks", id: string, method: "PUT" | "DELETE" = "PUT") =>
    t.api({ method, url: `/api/user/hidden/${kind}/${id}`, cookie });

  /** The titles each of the viewer's lists shows: searched, local (nearest first) and the map. */
  async function lists(cookie: string, word: string, at: [number, number]) {
    const searched = (await t.api({ url: `/api/meals?q=${word}`, cookie })).json();
    const local = (await t.api({ url: `/api/meals?near=${at.join(",")}`, cookie })).json();
    const box = `${at[1] - 0.05},${at[0] - 0.05},${at[1] + 0.05},${at[0] + 0.05}`;
    const map = (await t.api({ url: `/api/meals/map?bbox=${box}`, cookie })).json();
    const titles = (meals: { title: string }[]) => meals.map((meal) => meal.title).sort();
    return { searched: titles(searched), local: titles(local), map: titles(map.meals) };
  }

  it("hides a meal and a cook's meals from every list, shows them again, and changes nobody else's", async () => {
    const word = `hideword${Math.floor(Math.random() * 1e9)}`;
    const at: [number, number] = [-55 - Math.random() * 5, -120 - Math.random() * 5];
    const cook = await buildSignedInUser(t.db);
    const other = await buildSignedInUser(t.db);
    const me = await buildSignedInUser(t.db);
    const neighbour = await buildSignedInUser(t.db);
    const place = { latitude: at[0], longitude: at[1] };
    await buildMeal(t.db, cook.user, { title: `Soup ${word}`, ...place });
    await buildMeal(t.db, cook.user, { title: `Pie ${word}`, ...place });
    const stew = await buildMeal(t.db, other.user, { title: `Stew ${word}`, ...place });
    const all = [`Pie ${word}`, `Soup ${word}`, `Stew ${word}`];
    expect(await lists(me.cookie, word, at)).toEqual({ searched: all, local: all, map: all });

    expect((await hide(me.cookie, "meals", stew.id)).json()).toEqual({ id: stew.id, hidden: true });
    expect((await hide(me.cookie, "meals", stew.id)).statusCode).toBe(200);
    expect((await hide(me.cookie, "cooks", cook.user.id)).json()).toEqual({ id: cook.user.id, hidden: true });
    expect(await lists(me.cookie, word, at)).toEqual({ searched: [], local: [], map: [] });
    // A neighbour's lists are their own; the hidden meal's page still opens by its link.
    expect(await lists(neighbour.cookie, word, at)).toEqual({ searched: all, local: all, map: all });
    expect((await t.api({ url: `/api/meals/${stew.id}`, cookie: me.cookie })).statusCode).toBe(200);

    const hidden = (await t.api({ url: "/api/user/hidden", cookie: me.cookie })).json();
    expect(hidden.meals.map((meal: { id: string; title: string }) => [meal.id, meal.title])).toEqual([
      [stew.id, `Stew ${word}`],
    ]);
    expect(hidden.cooks.map((person: { id: string }) => person.id)).toEqual([cook.user.id]);
    // Someone else reads only their own (none), and cannot show my hides again for me.
    expect((await t.api({ url: "/api/user/hidden", cookie: neighbour.cookie })).json()).toEqual({
      meals: [],
      cooks: [],
    });
    await hide(neighbour.cookie, "cooks", cook.user.id, "DELETE");
    expect((await lists(me.cookie, word, at)).searched).toEqual([]);

    expect((await hide(me.cookie, "cooks", cook.user.id, "DELETE")).json()).toEqual({
      id: cook.user.id,
      hidden: false,
    });
    expect((await lists(me.cookie, word, at)).searched).toEqual([`Pie ${word}`, `Soup ${word}`]);
    await hide(me.cookie, "meals", stew.id, "DELETE");
    expect(await lists(me.cookie, word, at)).toEqual({ searched: all, local: all, map: all });
  });

  it("refuses one's own meals, meals one may not see, unknown cooks, strangers and the signed out", async () => {
    const cook = await buildSignedInUser(t.db);
    const me = await buildSignedInUser(t.db);
    const mine = await buildMeal(t.db, me.user);
    expect((await hide(me.cookie, "meals", mine.id)).statusCode).toBe(400);
    expect((await hide(me.cookie, "cooks", me.user.id)).statusCode).toBe(400);
    const group = await t.api({
      method: "POST",
      url: "/api/groups",
      cookie: cook.cookie,
      payload: { name: "Hide-test close", description: "d", rules: "Be kind.", joinRule: "open" },
    });
    const secret = await buildMeal(t.db, cook.user, { membersOnly: true, groupId: group.json().id });
    const down = await buildMeal(t.db, cook.user, { hiddenByAdmin: true });
    for (const id of [secret.id, down.id, randomUUID()]) {
      const response = await hide(me.cookie, "meals", id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("Meal not found");
    }
    expect((await hide(me.cookie, "cooks", randomUUID())).statusCode).toBe(404);
    expect((await hide(me.cookie, "meals", "not-an-id")).statusCode).toBe(400);
    expect((await t.api({ method: "PUT", url: `/api/user/hidden/cooks/${cook.user.id}` })).statusCode).toBe(
      401,
    );
    expect((await t.api({ url: "/api/user/hidden" })).statusCode).toBe(401);
  });

  it(`refuses a hide past ${HIDDEN_MAX}, with a way out`, async () => {
    const cook = await buildSignedInUser(t.db);
    const me = await buildSignedInUser(t.db);
    const meals = [];
    for (let i = 0; i <= HIDDEN_MAX; i++)
      meals.push(await buildMeal(t.db, cook.user, { title: `Many ${i}` }));
    await t.db
      .insert(hiddenMeals)
      .values(meals.slice(0, HIDDEN_MAX).map((meal) => ({ userId: me.user.id, mealId: meal.id })));
    const refused = await hide(me.cookie, "meals", meals[HIDDEN_MAX].id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("hidden_full");
    await hide(me.cookie, "meals", meals[0].id, "DELETE");
    expect((await hide(me.cookie, "meals", meals[HIDDEN_MAX].id)).statusCode).toBe(200);
  });
});
