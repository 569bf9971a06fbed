/** What migrations do to data that was there before them. */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Database, migrateDatabase, queryRows } from "../../src/server/db/client";
import { agreedTermsSql } from "../../src/server/features/requests/terms";
import { openDatabaseBefore } from "./harness";

/**
 * Posts a free meal of 5 portions for `owner` in SQL, naming only columns the meals table has had
 * since before migration 0013, so a test can post one at any later point of the schema's history.
 * @returns its id
 */
async function insertMeal(db: Database["db"], owner: string): Promise<string> {
  const [meal] = await queryRows<{ id: string }>(
    db,
    sql`insert into meals (owner_id, title, description, ingredients, kind, portion_size,
                           pickup_window_start, pickup_window_end, pickup_location)
        values (${owner}, 'Soup', 'Hot', 'water', 'free', 5, now(), now() + interval '2 hours', 'Hall')
        returning id`,
  );
  return meal.id;
}

describe("migration 0009", () => {
  it("gives each photo in use to the first user who showed it", async () => {
    const database = await openDatabaseBefore("0009");
    try {
      const { db } = database;
      // Raw SQL: the factories write today's columns, which an older schema does not have.
      const photo = (n: number) => `/objects/photos/00000000-0000-4000-8000-00000000000${n}.webp`;
      const cook = { id: "00000000-0000-4000-8000-0000000000c1" };
      const profiled = { id: "00000000-0000-4000-8000-0000000000c2" };
      await db.execute(sql`
        insert into users (id, oidc_issuer, oidc_subject, email, profile_image_url, created_at) values
          (${cook.id}, 'i', 'c1', 'cook@example.test', null, '2026-01-01'),
          (${profiled.id}, 'i', 'c2', 'profiled@example.test', ${photo(2)}, '2026-01-03'),
          -- Someone who pointed their profile at the cook's photo later does not get it.
          ('00000000-0000-4000-8000-0000000000c3', 'i', 'c3', 'copycat@example.test', ${photo(1)}, '2026-02-01')`);
      await db.execute(sql`
        insert into meals (owner_id, title, description, ingredients, allergens, kind, portion_size,
                           pickup_window_start, pickup_window_end, pickup_location, photo_path, created_at)
        values (${cook.id}, 'Soup', 'Hot', 'water', '', 'free', 1, now(), now() + interval '2 hours',
                'Hall', ${photo(1)}, '2026-01-02')`);
      await migrateDatabase(database);
      const owners = await queryRows<{ id: string; user_id: string }>(
        db,
        sql`select id, user_id from photos order by id`,
      );
      expect(owners).toEqual([
        { id: "00000000-0000-4000-8000-000000000001", user_id: cook.id },
        { id: "00000000-0000-4000-8000-000000000002", user_id: profiled.id },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe("migration 0011", () => {
  it("maps the free-text allergens of existing meals to codes where unambiguous, the rest to Other", async () => {
    const database = await openDatabaseBefore("0011");
    try {
      const { db } = database;
      const cook = "00000000-0000-4000-8000-0000000000c1";
      await db.execute(sql`
        insert into users (id, oidc_issuer, oidc_subject, email) values (${cook}, 'i', 'c1', 'cook@example.test')`);
      const texts = [
        "Dairy, nuts, Wheat",
        "shellfish",
        "gluten, fish sauce, coriander",
        "Soy, Sesame seeds, eggs, mustard, celery, lupin, sulphites, peanuts",
        "Garlic",
        "",
      ];
      for (const [n, allergens] of texts.entries()) {
        await db.execute(sql`
          insert into meals (owner_id, title, description, ingredients, allergens, kind, portion_size,
                             pickup_window_start, pickup_window_end, pickup_location)
          values (${cook}, ${`Meal ${n}`}, 'd', 'i', ${allergens}, 'free', 1, now(), now() + interval '2 hours', 'Hall')`);
      }
      await migrateDatabase(database);
      const rows = await queryRows<{
        title: string;
        allergens: string;
        allergen_codes: string[];
        allergens_other: string;
      }>(db, sql`select title, allergens, allergen_codes, allergens_other from meals order by title`);
      expect(rows.map((row) => [row.allergen_codes, row.allergens_other])).toEqual([
        [["gluten", "milk", "tree_nuts"], ""],
        [["crustaceans", "molluscs"], ""],
        [["fish", "gluten"], "coriander"],
        [["celery", "eggs", "lupin", "mustard", "peanuts", "sesame", "soybeans", "sulphites"], ""],
        [[], "Garlic"],
        [[], ""],
      ]);
      // The spec's text stays as the cook wrote it.
      expect(rows[0].allergens).toBe("Dairy, nuts, Wheat");
    } finally {
      await database.close();
    }
  });
});

describe("migration 0013", () => {
  it("starts the impact counters from the meals and completed requests already there", async () => {
    const database = await openDatabaseBefore("0013");
    try {
      const { db } = database;
      const [a, b, eater] = ["c1", "c2", "c3"].map((n) => `00000000-0000-4000-8000-0000000000${n}`);
      await db.execute(sql`
        insert into users (id, oidc_issuer, oidc_subject, email) values
          (${a}, 'i', 'a', 'a@example.test'), (${b}, 'i', 'b', 'b@example.test'), (${eater}, 'i', 'e', 'e@example.test')`);
      const meal = (owner: string) => insertMeal(db, owner);
      const soup = await meal(a);
      await meal(a);
      const bread = await meal(b);
      for (const [mealId, owner, status] of [
        [soup, a, "completed"],
        [bread, b, "completed"],
        [bread, b, "cancelled"],
      ]) {
        await db.execute(sql`
          insert into requests (meal_id, eater_id, owner_id, status) values (${mealId}, ${eater}, ${owner}, ${status})`);
      }
      await migrateDatabase(database);
      const [totals] = await queryRows<{
        meals_shared: number;
        portions_picked_up: number;
        neighbours_shared: number;
      }>(
        db,
        sql`select sum(meals_shared) as meals_shared, sum(portions_picked_up) as portions_picked_up,
               sum(neighbours_shared) as neighbours_shared from impact_totals`,
      );
      expect(Object.values(totals).map(Number)).toEqual([3, 2, 2]);
      const [ana] = await queryRows<{ meals_shared: number; portions_shared: number }>(
        db,
        sql`select meals_shared, portions_shared from users where id = ${a}`,
      );
      expect([Number(ana.meals_shared), Number(ana.portions_shared)]).toEqual([2, 1]);
    } finally {
      await database.close();
    }
  });
});

describe("migration 0017", () => {
  it("turns an eater's free-text allergies that name one of the 14 into codes, keeping the rest", async () => {
    const database = await openDatabaseBefore("0017");
    try {
      const { db } = database;
      const eaters: [string, string[], string][] = [
        ["e1", [], "Dairy, coriander"],
        ["e2", ["peanuts"], "shellfish"],
        ["e3", ["milk"], "dairy"],
        ["e4", [], "Garlic"],
        ["e5", ["eggs"], ""],
      ];
      for (const [n, codes, other] of eaters) {
        await db.execute(sql`
          insert into users (id, oidc_issuer, oidc_subject, email, allergy_codes, allergies_other)
          values (${`00000000-0000-4000-8000-0000000000${n}`}, 'i', ${n}, ${`${n}@example.test`},
                  ${`{${codes.join(",")}}`}::text[], ${other})`);
      }
      await migrateDatabase(database);
      const rows = await queryRows<{ allergy_codes: string[]; allergies_other: string }>(
        db,
        sql`select allergy_codes, allergies_other from users order by oidc_subject`,
      );
      expect(rows.map((row) => [row.allergy_codes, row.allergies_other])).toEqual([
        [["milk"], "coriander"],
        [["crustaceans", "molluscs", "peanuts"], ""],
        [["milk"], ""],
        [[], "Garlic"],
        [["eggs"], ""],
      ]);
    } finally {
      await database.close();
    }
  });
});

describe("migration 0035", () => {
  it("starts each meal's waiting count from the line already there, and keeps it from then on", async () => {
    const database = await openDatabaseBefore("0035");
    try {
      const { db } = database;
      const [cook, ...eaters] = ["d1", "d2", "d3", "d4"].map((n) => `00000000-0000-4000-8000-0000000000${n}`);
      const people = [cook, ...eaters].map((id) => sql`(${id}, 'i', ${id}, ${`${id}@example.test`})`);
      await db.execute(
        sql`insert into users (id, oidc_issuer, oidc_subject, email) values ${sql.join(people, sql`, `)}`,
      );
      const meal = () => insertMeal(db, cook);
      const [soup, bread, stew] = [await meal(), await meal(), await meal()];
      for (const [mealId, eater, status] of [
        [soup, eaters[0], "waiting"],
        [soup, eaters[1], "waiting"],
        [soup, eaters[2], "left"],
        [bread, eaters[0], "waiting"],
        [stew, eaters[1], "offered"],
      ]) {
        await db.execute(sql`
          insert into waitlist_entries (meal_id, user_id, portions, status) values (${mealId}, ${eater}, 1, ${status})`);
      }
      await migrateDatabase(database);
      const counts = async () =>
        Object.fromEntries(
          (
            await queryRows<{ meal_id: string; waiting: number }>(
              db,
              sql`select meal_id, waiting from waitlist_counts`,
            )
          ).map((row) => [row.meal_id, Number(row.waiting)]),
        );
      expect(await counts()).toEqual({ [soup]: 2, [bread]: 1 });
      // From then on the triggers keep it: one joins the stew's line, one leaves the soup's.
      await db.execute(sql`
        insert into waitlist_entries (meal_id, user_id, portions) values (${stew}, ${eaters[2]}, 1)`);
      await db.execute(sql`
        update waitlist_entries set status = 'left' where meal_id = ${soup} and user_id = ${eaters[0]}`);
      expect(await counts()).toEqual({ [soup]: 1, [bread]: 1, [stew]: 1 });
    } finally {
      await database.close();
    }
  });
});

describe("migration 0036", () => {
  it("gives accepted requests the terms their meals say, and lists only the mailing list's profile opt-ins", async () => {
    const database = await openDatabaseBefore("0036");
    try {
      const { db } = database;
      const [cook, eater] = ["e1", "e2"].map((n) => `00000000-0000-4000-8000-0000000000${n}`);
      const people = [cook, eater].map((id) => sql`(${id}, 'i', ${id}, ${`${id}@example.test`})`);
      await db.execute(
        sql`insert into users (id, oidc_issuer, oidc_subject, email) values ${sql.join(people, sql`, `)}`,
      );
      const soup = await insertMeal(db, cook);
      await db.execute(
        sql`update meals set allergen_codes = '{celery}', allergens_other = 'Lovage, ' where id = ${soup}`,
      );
      const [accepted] = await queryRows<{ id: string }>(
        db,
        sql`insert into requests (meal_id, eater_id, feeder_id, status) values (${soup}, ${eater}, ${cook}, 'accepted')
            returning id`,
      );
      await db.execute(sql`insert into newsletter_subscribers (email, source) values
        ('typed@example.test', 'landing'), ('own@example.test', 'profile')`);
      await migrateDatabase(database);
      const [terms] = await queryRows<{ agreed: object; now: object }>(
        db,
        sql`select r.agreed_terms as agreed, ${agreedTermsSql("m")} as now
            from requests r join meals m on m.id = r.meal_id where r.id = ${accepted.id}`,
      );
      expect(terms.agreed).toEqual(terms.now);
      expect(terms.agreed).toMatchObject({ allergens: ["celery", "lovage"], pickupLocation: "Hall" });
      const listed = await queryRows<{ email: string }>(
        db,
        sql`select email from newsletter_subscribers where confirmed_at is not null`,
      );
      expect(listed).toEqual([{ email: "own@example.test" }]);
    } finally {
      await database.close();
    }
  });
});

describe("migration 0046", () => {
  it("merges the accounts a start on another port made into the seeded one, and stores dev members under one name", async () => {
    const database = await openDatabaseBefore("0046");
    try {
      const { db } = database;
      const id = (n: string) => `00000000-0000-4000-8000-0000000000${n}`;
      const [tom, aisha, tomAgain, tomThird] = [id("a1"), id("a2"), id("a3"), id("a4")];
      // The seed at port 5000 (unverified, as it stored them), then Tom signing in at 5300 and 5400.
      await db.execute(sql`
        insert into users (id, oidc_issuer, oidc_subject, email, email_verified, created_at) values
          (${tom}, 'http://localhost:5000/dev-idp', 'tom@example.org', 'tom@example.org', false, '2026-01-01'),
          (${aisha}, 'http://localhost:5000/dev-idp', 'aisha@example.org', 'aisha@example.org', false, '2026-01-01'),
          (${tomAgain}, 'http://localhost:5300/dev-idp', 'tom@example.org', 'tom@example.org', true, '2026-02-01'),
          (${tomThird}, 'http://localhost:5400/dev-idp', 'tom@example.org', 'tom@example.org', true, '2026-03-01')`);
      const soup = await insertMeal(db, tom);
      const stew = await insertMeal(db, tomAgain);
      await db.execute(sql`insert into requests (meal_id, eater_id, feeder_id, status)
                           values (${soup}, ${aisha}, ${tom}, 'pending')`);
      // Both Toms saved the same meal: the seeded one's save stays, the other's goes with its account.
      await db.execute(sql`insert into saved_meals (user_id, meal_id) values
        (${tom}, ${stew}), (${tomAgain}, ${stew}), (${tomThird}, ${soup})`);
      await db.execute(sql`insert into sessions (id, user_id, expires_at)
                           values ('signed-in-at-5300', ${tomAgain}, now() + interval '1 day')`);
      await migrateDatabase(database);

      const people = await queryRows<{ id: string; oidc_issuer: string; email_verified: boolean }>(
        db,
        sql`select id, oidc_issuer, email_verified from users order by email`,
      );
      expect(people).toEqual([
        { id: aisha, oidc_issuer: "mealshare:dev", email_verified: true },
        { id: tom, oidc_issuer: "mealshare:dev", email_verified: true },
      ]);
      const owners = await queryRows<{ owner_id: string }>(db, sql`select distinct owner_id from meals`);
      expect(owners).toEqual([{ owner_id: tom }]);
      const saved = await queryRows<{ meal_id: string }>(
        db,
        sql`select meal_id from saved_meals where user_id = ${tom} order by meal_id`,
      );
      expect(saved.map((row) => row.meal_id).sort()).toEqual([soup, stew].sort());
      const [session] = await queryRows<{ user_id: string }>(
        db,
        sql`select user_id from sessions where id = 'signed-in-at-5300'`,
      );
      expect(session.user_id).toBe(tom);
    } finally {
      await database.close();
    }
  });
});
