/**
 * The exchange between an eater and a cook (DESIGN.md §4 "Requests"): sending a request, listing
 * them, and reading one thread. Rules are checked here, under a row lock on the meal, and backed
 * by the database (a partial unique index allows one open request per eater and meal).
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MealRequest, MealRequestDetail } from "../../../contract/requests";
import { presentPublicUser } from "../../auth/users";
import type { Executor } from "../../db/client";
import { meals, messages, requests, type UserRow, users } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../errors";
import type { Cursor } from "../../pagination";
import { isMealOpen } from "../meals/policy";
import { PORTION_HOLDING_STATUSES } from "../meals/service";
import { createNotification } from "../notifications/service";
import { allowedTransitions, participantOf } from "./policy";

const eaters = alias(users, "eater");
const owners = alias(users, "owner");

const requestSelection = {
  request: requests,
  meal: {
    id: meals.id,
    title: meals.title,
    kind: meals.kind,
    priceCents: meals.priceCents,
    photoPath: meals.photoPath,
    pickupWindowStart: meals.pickupWindowStart,
    pickupWindowEnd: meals.pickupWindowEnd,
    pickupLocation: meals.pickupLocation,
  },
  eater: eaters,
  owner: owners,
};

type RequestSelectionRow = {
  request: typeof requests.$inferSelect;
  meal: {
    id: string;
    title: string;
    kind: "free" | "paid";
    priceCents: number | null;
    photoPath: string | null;
    pickupWindowStart: Date;
    pickupWindowEnd: Date;
    pickupLocation: string;
  };
  eater: UserRow;
  owner: UserRow;
};

/** A listed request plus the sort key the pagination needs. */
export type ListedRequest = MealRequest & { createdAtDate: Date };

function presentRequest(row: RequestSelectionRow, viewerId: string): ListedRequest {
  const who = participantOf(viewerId, row.request);
  return {
    id: row.request.id,
    status: row.request.status,
    message: row.request.message,
    createdAt: row.request.createdAt.toISOString(),
    createdAtDate: row.request.createdAt,
    updatedAt: row.request.updatedAt.toISOString(),
    meal: {
      ...row.meal,
      pickupWindowStart: row.meal.pickupWindowStart.toISOString(),
      pickupWindowEnd: row.meal.pickupWindowEnd.toISOString(),
    },
    eater: presentPublicUser(row.eater),
    owner: presentPublicUser(row.owner),
    allowedTransitions: who ? allowedTransitions(row.request.status, who) : [],
  };
}

const selectRequests = (db: Executor) =>
  db
    .select(requestSelection)
    .from(requests)
    .innerJoin(meals, eq(meals.id, requests.mealId))
    .innerJoin(eaters, eq(eaters.id, requests.eaterId))
    .innerJoin(owners, eq(owners.id, requests.ownerId));

/**
 * Sends a request for one portion of a meal (DESIGN.md §4 "Requests") and notifies the cook.
 * @throws AppError 404 unknown meal; 403 own meal; 409 inactive, ended, fully reserved, or an
 *   open request by this eater already exists
 */
export async function createRequest(
  db: Executor,
  eater: UserRow,
  input: { mealId: string; message: string | null },
): Promise<ListedRequest> {
  const id = await db.transaction(async (tx) => {
    // Locking the meal row serialises requests and accepts for one meal, so the checks below hold.
    const [meal] = await tx
      .select({
        id: meals.id,
        ownerId: meals.ownerId,
        title: meals.title,
        isActive: meals.isActive,
        pickupWindowEnd: meals.pickupWindowEnd,
        portionSize: meals.portionSize,
      })
      .from(meals)
      .where(eq(meals.id, input.mealId))
      .for("update")
      .limit(1);
    if (!meal) throw notFound("Meal not found");
    if (meal.ownerId === eater.id) throw forbidden("You cannot request your own meal.");
    if (!meal.isActive) throw conflict("This meal is no longer available.", "meal_inactive");
    if (!isMealOpen(meal)) throw conflict("The pickup window for this meal has ended.", "meal_expired");

    const [{ taken }] = await tx
      .select({ taken: sql<number>`count(*)::int` })
      .from(requests)
      .where(and(eq(requests.mealId, meal.id), inArray(requests.status, [...PORTION_HOLDING_STATUSES])));
    if (meal.portionSize - Number(taken) <= 0)
      throw conflict("This meal is fully reserved.", "fully_reserved");

    const [open] = await tx
      .select({ id: requests.id })
      .from(requests)
      .where(
        and(
          eq(requests.mealId, meal.id),
          eq(requests.eaterId, eater.id),
          inArray(requests.status, ["pending", "accepted"]),
        ),
      )
      .limit(1);
    if (open) throw conflict("You already have an open request for this meal.", "request_exists");

    const [created] = await tx
      .insert(requests)
      .values({ mealId: meal.id, eaterId: eater.id, ownerId: meal.ownerId, message: input.message })
      .returning({ id: requests.id });
    await createNotification(tx, {
      userId: meal.ownerId,
      type: "request_new",
      text: `${displayName(eater)} requested "${meal.title}"`,
      link: `/request/${created.id}`,
      requestId: created.id,
    });
    return created.id;
  });
  return getRequestRow(db, eater.id, id);
}

/**
 * The viewer's requests: `incoming` for their meals, `outgoing` for ones they sent; newest first.
 * @returns up to `limit + 1` requests
 */
export async function listRequests(
  db: Executor,
  viewer: UserRow,
  options: { type: "incoming" | "outgoing"; limit: number; cursor?: Cursor },
): Promise<ListedRequest[]> {
  const { cursor } = options;
  const rows = await selectRequests(db)
    .where(
      and(
        options.type === "incoming" ? eq(requests.ownerId, viewer.id) : eq(requests.eaterId, viewer.id),
        cursor
          ? sql`(${requests.createdAt}, ${requests.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(options.limit + 1);
  return rows.map((row) => presentRequest(row, viewer.id));
}

async function getRequestRow(db: Executor, viewerId: string, id: string): Promise<ListedRequest> {
  const [row] = await selectRequests(db).where(eq(requests.id, id)).limit(1);
  if (!row || !participantOf(viewerId, row.request)) throw notFound("Request not found");
  return presentRequest(row, viewerId);
}

/**
 * One request with its thread, for its eater and the meal's owner only (DESIGN.md §4).
 * @throws AppError 404 "Request not found" for unknown ids and for everyone else
 */
export async function getRequestDetail(
  db: Executor,
  viewer: UserRow,
  id: string,
): Promise<MealRequestDetail> {
  const request = await getRequestRow(db, viewer.id, id);
  const thread = await db
    .select({ message: messages, sender: users })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.requestId, id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return {
    ...request,
    messages: thread.map(({ message, sender }) => ({
      id: message.id,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
      sender: presentPublicUser(sender),
    })),
  };
}

/** "First Last", or "A neighbour" for a user without a name. */
export function displayName(user: Pick<UserRow, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim() || "A neighbour";
}
