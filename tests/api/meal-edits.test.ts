/**
 * Editing a posted meal (docs/features/everyday-journey.md): its cook changes it; the eaters who asked
 * for it hear what changed, allergens first; it never has fewer portions than neighbours hold; and
 * nobody else may change it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeal, buildSignedInUser, hoursFromNow } from "../factories";
import { createTestApp, jobsSettled, type TestApp } from "./harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("editing a meal", () => {
  async function askedFor() {
    const cook = await buildSignedInUser(t.db, { firstName: "Cleo", lastName: "Cook" });
    const meal = await buildMeal(t.db, cook.user, { title: "Minestrone", portionSize: 4 });
    const accepted = await buildSignedInUser(t.db);
    const pending = await buildSignedInUser(t.db);
    const ask = async (cookie: string, portions: number) =>
      (
        await t.api({ method: "POST", url: "/api/requests", cookie, payload: { mealId: meal.id, portions } })
      ).json().id as string;
    const acceptedId = await ask(accepted.cookie, 2);
    await ask(pending.cookie, 1);
    await t.api({
      method: "PUT",
      url: `/api/requests/${acceptedId}/status`,
      cookie: cook.cookie,
      payload: { status: "accepted" },
    });
    return { cook, meal, accepted, pending };
  }
  const edit = (cookie: string, id: string, payload: object) =>
    t.api({ method: "PUT", url: `/api/meals/${id}`, cookie, payload });
  const told = async (cookie: string) =>
    (await t.api({ url: "/api/notifications", cookie }))
      .json()
      .map((notification: { text: string }) => notification.text);

  it("tells the eaters who asked what changed, allergens first; an unchanged save tells nobody", async () => {
    const { cook, meal, accepted, pending } = await askedFor();
    const changed = await edit(cook.cookie, meal.id, {
      title: "Minestrone with pesto",
      allergenCodes: ["celery", "milk", "tree_nuts"],
      noMajorAllergens: false,
      pickupWindowStart: hoursFromNow(2),
      pickupWindowEnd: hoursFromNow(4),
    });
    expect(changed.statusCode).toBe(200);
    const texts = await told(pending.cookie);
    expect(texts).toContain(
      'The allergens of "Minestrone with pesto" changed: check them before you pick it up',
    );
    expect(texts).toContain('Cleo C. changed the pickup time of "Minestrone with pesto"');
    // The accepted eater agreed to other allergens: they are asked, not just told (requests/terms.ts).
    expect(await told(accepted.cookie)).toContain(
      'Cleo C. added allergens to "Minestrone with pesto": keep your portion or give it up',
    );
    // The reminders the accept left may still be on their way: counted once they are all in.
    await jobsSettled(t.db);
    const before = (await told(accepted.cookie)).length;
    expect((await edit(cook.cookie, meal.id, { title: "Minestrone with pesto" })).statusCode).toBe(200);
    expect(await told(accepted.cookie)).toHaveLength(before);
    const renamed = await edit(cook.cookie, meal.id, { title: "Green minestrone" });
    expect(renamed.json().title).toBe("Green minestrone");
    expect(await told(accepted.cookie)).toContain('Cleo C. changed "Green minestrone"');
  });

  it("never has fewer portions than neighbours hold (400), and only its cook changes it (403)", async () => {
    const { cook, meal, accepted } = await askedFor();
    const fewer = await edit(cook.cookie, meal.id, { portionSize: 1 });
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().errors.portionSize).toBe(
      "2 portions are already promised: the meal cannot have fewer.",
    );
    expect((await edit(cook.cookie, meal.id, { portionSize: 2 })).json().portionsLeft).toBe(0);
    expect((await edit(accepted.cookie, meal.id, { title: "Mine now" })).statusCode).toBe(403);
    expect(
      (await edit((await buildSignedInUser(t.db)).cookie, meal.id, { title: "Mine now" })).statusCode,
    ).toBe(403);
    expect(
      (await t.api({ method: "PUT", url: `/api/meals/${meal.id}`, payload: { title: "x" } })).statusCode,
    ).toBe(401);
  });
});
