/**
 * Saved meals (docs/features/everyday-journey.md "Save a meal"): a member saves and
 * forgets meals they may see, lists the open ones, and is told once when a saved meal is taken and
 * an hour before it ends; someone else's save, or a meal they may not see, stays theirs.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVED_MEALS_MAX } from "../../src/contract/plain/meals";
import { notifications, savedMeals } from "../../src/server/db/schema";
import { remindSavedEnding } from "../../src/server/features/meals/saved";
import { buildMeal, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("saved meals", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const save = (cookie: string, id: string, method: "PUT" | "DELETE" = "PUT") =>
    t.api({ method, url: `/api/meals/${id}/save`, cookie });
  const told = async (userId: string) =>
    (
      await t.db
        .select({ text: notifications.text })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, "saved_meal")))
    ).map((row) => row.text);

  it("saves, lists and forgets meals; a meal one may not see is not found", async () => {
    const cook = await buildSignedInUser(t.db);
    const me = await buildSignedInUser(t.db);
    const soup = await buildMeal(t.db, cook.user, { title: "Saved soup" });
    const pie = await buildMeal(t.db, cook.user, { title: "Saved pie" });
    expect((await save(me.cookie, soup.id)).json()).toEqual({ saved: true });
    expect((await save(me.cookie, soup.id)).json()).toEqual({ saved: true });
    await save(me.cookie, pie.id);
    const ids = (await t.api({ url: "/api/user/saved-meal-ids", cookie: me.cookie })).json();
    expect([...ids].sort()).toEqual([soup.id, pie.id].sort());
    const listed = (await t.api({ url: "/api/user/saved-meals", cookie: me.cookie })).json();
    expect(listed.map((meal: { title: string }) => meal.title)).toEqual(["Saved pie", "Saved soup"]);
    expect((await save(me.cookie, pie.id, "DELETE")).json()).toEqual({ saved: false });
    expect((await t.api({ url: "/api/user/saved-meal-ids", cookie: me.cookie })).json()).toEqual([soup.id]);
    // Someone else's list is their own.
    const other = await buildSignedInUser(t.db);
    expect((await t.api({ url: "/api/user/saved-meal-ids", cookie: other.cookie })).json()).toEqual([]);
    // A members-only meal of a group one is not in, or a meal taken down, cannot be saved.
    const group = await t.api({
      method: "POST",
      url: "/api/groups",
      cookie: cook.cookie,
      payload: { name: "Saved-test close", description: "d", rules: "Be kind.", joinRule: "open" },
    });
    const secret = await buildMeal(t.db, cook.user, { membersOnly: true, groupId: group.json().id });
    const down = await buildMeal(t.db, cook.user, { hiddenByAdmin: true });
    for (const meal of [secret, down]) expect((await save(me.cookie, meal.id)).statusCode).toBe(404);
    expect((await t.api({ method: "PUT", url: `/api/meals/${soup.id}/save` })).statusCode).toBe(401);
  });

  it(`keeps at most ${SAVED_MEALS_MAX} saves a member`, async () => {
    const cook = await buildSignedInUser(t.db);
    const me = await buildSignedInUser(t.db);
    const meals = [];
    for (let i = 0; i <= SAVED_MEALS_MAX; i += 1) meals.push(await buildMeal(t.db, cook.user));
    await t.db
      .insert(savedMeals)
      .values(meals.slice(0, SAVED_MEALS_MAX).map((meal) => ({ userId: me.user.id, mealId: meal.id })));
    const full = await save(me.cookie, meals[SAVED_MEALS_MAX]!.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe("saved_full");
  }, 60_000);

  it("tells a saver once when the meal is taken, and an hour before it ends unless they asked", async () => {
    const cook = await buildSignedInUser(t.db);
    const saver = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, cook.user, { title: "Last-portion lasagne", portionSize: 1 });
    await save(saver.cookie, meal.id);
    await save(eater.cookie, meal.id);
    const asked = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: eater.cookie,
      payload: { mealId: meal.id, message: "Mine?" },
    });
    // Before it is taken, the hour's word comes to the saver who did not ask, not to the eater who did.
    await remindSavedEnding(t.db, { mealId: meal.id, userId: saver.user.id });
    await remindSavedEnding(t.db, { mealId: meal.id, userId: saver.user.id });
    await remindSavedEnding(t.db, { mealId: meal.id, userId: eater.user.id });
    expect(await told(saver.user.id)).toEqual([
      '"Last-portion lasagne", which you saved, ends within the hour',
    ]);
    expect(await told(eater.user.id)).toEqual([]);
    await t.api({
      method: "PUT",
      url: `/api/requests/${asked.json().id}/status`,
      cookie: cook.cookie,
      payload: { status: "accepted" },
    });
    expect(await told(saver.user.id)).toContain('"Last-portion lasagne", which you saved, is taken');
    expect(await told(eater.user.id)).toEqual([]);
    // Taken now: no hour's word for anyone any more.
    const late = await buildSignedInUser(t.db);
    await t.db.insert(savedMeals).values({ userId: late.user.id, mealId: meal.id });
    await remindSavedEnding(t.db, { mealId: meal.id, userId: late.user.id });
    expect(await told(late.user.id)).toEqual([]);
  });
});
