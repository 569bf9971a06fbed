/**
 * Test factories (docs/STYLE.md): each builds one row with believable defaults and overrides, so every
 * test makes its own world. `signIn` creates a real session and returns its cookie.
 */
import { randomUUID } from "node:crypto";
import { createSession, SESSION_COOKIE } from "../src/server/auth/sessions";
import type { Executor } from "../src/server/db/client";
import { meals, requests, type UserRow, users } from "../src/server/db/schema";

const HOUR = 60 * 60 * 1000;

/** A user with a unique, provider-verified email; `overrides` win. */
export async function buildUser(
  db: Executor,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  const id = randomUUID();
  const [user] = await db
    .insert(users)
    .values({
      oidcIssuer: "https://idp.example.test",
      oidcSubject: id,
      email: `user-${id.slice(0, 8)}@example.test`,
      emailVerified: true,
      firstName: "Test",
      lastName: `User ${id.slice(0, 4)}`,
      ...overrides,
    })
    .returning();
  return user;
}

/** A session for `user`; the result is a Cookie header value. */
export async function signIn(db: Executor, user: Pick<UserRow, "id">): Promise<string> {
  return `${SESSION_COOKIE}=${await createSession(db, user.id)}`;
}

/** A user and their session cookie. */
export async function buildSignedInUser(db: Executor, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await buildUser(db, overrides);
  return { user, cookie: await signIn(db, user) };
}

/** An open free meal (pickup from now to +3 h) owned by `owner`. */
export async function buildMeal(
  db: Executor,
  owner: Pick<UserRow, "id">,
  overrides: Partial<typeof meals.$inferInsert> = {},
) {
  const [meal] = await db
    .insert(meals)
    .values({
      ownerId: owner.id,
      title: "Vegetable lasagne",
      description: "A big tray, too much for us.",
      ingredients: "pasta, tomato, courgette, cheese",
      allergens: "gluten, dairy",
      // The codes of the default text; a test that sets its own text sets codes too, or has none.
      allergenCodes: overrides.allergens === undefined ? ["gluten", "milk"] : [],
      kind: "free",
      priceCents: null,
      portionSize: 2,
      pickupWindowStart: new Date(Date.now() - HOUR),
      pickupWindowEnd: new Date(Date.now() + 3 * HOUR),
      pickupLocation: "12 Elm Street porch",
      ...overrides,
    })
    .returning();
  return meal;
}

/** A request by `eater` for `meal`, pending unless overridden. */
export async function buildRequest(
  db: Executor,
  meal: { id: string; ownerId: string },
  eater: Pick<UserRow, "id">,
  overrides: Partial<typeof requests.$inferInsert> = {},
) {
  const [request] = await db
    .insert(requests)
    .values({
      mealId: meal.id,
      feederId: meal.ownerId,
      eaterId: eater.id,
      message: "Could I have one?",
      ...overrides,
    })
    .returning();
  return request;
}

/** ISO date-time `hours` from now. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** YYYY-MM-DD `days` from today (UTC, as PostgreSQL's current_date in the tests' UTC session). */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
