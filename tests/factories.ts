/**
 * Test factories (docs/STYLE.md): each builds one row with believable defaults and overrides, so every
 * test makes its own world. `signIn` creates a real session and returns its cookie.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { RequestStatus } from "../src/contract/requests";
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

/**
 * A member with a completed exchange behind them: a neighbour, whom the newcomer limits no longer
 * hold (docs/decisions/020). For tests about something else than how trust is earned (trust.test.ts).
 */
export async function buildNeighbour(db: Executor, overrides: Partial<typeof users.$inferInsert> = {}) {
  const made = await buildSignedInUser(db, overrides);
  await db.execute(
    sql`insert into member_trust (user_id, level, exchanges, partners) values (${made.user.id}, 'neighbour', 1, 1)`,
  );
  return made;
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

/**
 * A cook and an eater, both signed in, with one request by the eater for the cook's meal: the world
 * of most exchange tests. A status brings what it needs with it: an accepted pickup its code, a held
 * offer its deadline 30 minutes on, a no-show or a dispute the eater as the absent party.
 * @param options.status the request's status (pending unless said)
 * @param options.meal, options.cook, options.eater overrides of each row
 */
export async function buildExchange(
  db: Executor,
  options: {
    status?: RequestStatus;
    meal?: Partial<typeof meals.$inferInsert>;
    cook?: Partial<typeof users.$inferInsert>;
    eater?: Partial<typeof users.$inferInsert>;
  } = {},
) {
  const status = options.status ?? "pending";
  const cook = await buildSignedInUser(db, { firstName: "Cora", lastName: "Cook", ...options.cook });
  const eater = await buildSignedInUser(db, { firstName: "Eli", lastName: "Eater", ...options.eater });
  const meal = await buildMeal(db, cook.user, options.meal);
  const request = await buildRequest(db, meal, eater.user, {
    status,
    noShowParty: status === "no_show" || status === "disputed" ? "eater" : null,
    holdUntil: status === "held" ? new Date(Date.now() + 30 * 60_000) : null,
    pickupCode: status === "accepted" ? "4821" : null,
  });
  return { cook, eater, meal, request };
}

/**
 * A valid `POST /api/meals` body: a free curry for three, pickup from 1 to 3 hours from now, with its
 * allergen named; `overrides` win (an `undefined` leaves the field out).
 */
export const mealPayload = (overrides: Record<string, unknown> = {}) => ({
  title: "Chickpea curry",
  description: "Mild, with rice.",
  kind: "free",
  priceCents: null,
  portionSize: 3,
  allergens: "mustard",
  ingredients: "chickpeas, tomato, rice",
  pickupLocation: "Corner of Oak and 3rd",
  pickupWindowStart: hoursFromNow(1),
  pickupWindowEnd: hoursFromNow(3),
  deliveryAvailable: false,
  ...overrides,
});
