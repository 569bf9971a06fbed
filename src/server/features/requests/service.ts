/**
 * The exchange between an eater and a cook (docs/DESIGN.md §4 "Requests"): sending a request, listing
 * them, and reading one thread. Rules are checked here, under a row lock on the meal, and backed
 * by the database (a partial unique index allows one open request per eater and meal).
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { msg, type Message as Said } from "../../../contract/messages";
import {
  MESSAGE_PAGE_SIZE,
  type MealRequest,
  type MealRequestDetail,
  type Message,
  type RequestStatus,
} from "../../../contract/requests";
import { presentPublicUser } from "../../auth/users";
import { type Executor, inTransaction } from "../../db/client";
import { meals, messages, type RequestRow, requests, type UserRow, users } from "../../db/schema";
import { AppError, conflict, forbidden, notFound } from "../../errors";
import { liveEvent, publishLiveEvents } from "../../live/hub";
import { type Cursor, encodeCursor } from "../../pagination";
import { assertNotBlocked, hasBlocked } from "../blocks/service";
import { isMealOpen } from "../meals/policy";
import { createNotification } from "../notifications/service";
import {
  allowedTransitions,
  isThreadOpen,
  type Participant,
  participantOf,
  transitionExists,
} from "./policy";
import { scheduleReminders } from "./reminders";

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
 * What a blocked request or message answers (docs/features/food-safety.md point 5: refused with a clear
 * message).
 */
export const REQUEST_BLOCKED = msg("You can't request this meal because one of you has blocked the other.");
export const MESSAGE_BLOCKED = msg("You can't message this person because one of you has blocked the other.");

/**
 * Sends a request for one portion of a meal (docs/DESIGN.md §4 "Requests") and notifies the cook.
 * @throws AppError 404 unknown meal; 403 own meal or a block between the two; 409 inactive, ended, fully
 * reserved, or an open request by this eater already exists
 */
export async function createRequest(
  db: Executor,
  eater: UserRow,
  input: { mealId: string; message: string | null },
): Promise<ListedRequest> {
  const id = await inTransaction(db, async (tx) => {
    // Locking the meal row serialises requests and accepts for one meal, so the checks below hold.
    const [meal] = await tx
      .select({
        id: meals.id,
        ownerId: meals.ownerId,
        title: meals.title,
        isActive: meals.isActive,
        pickupWindowEnd: meals.pickupWindowEnd,
        portionSize: meals.portionSize,
        portionsTaken: meals.portionsTaken,
      })
      .from(meals)
      .where(eq(meals.id, input.mealId))
      .for("update")
      .limit(1);
    if (!meal) throw notFound(msg("Meal not found"));
    if (meal.ownerId === eater.id) throw forbidden(msg("You cannot request your own meal."));
    await assertNotBlocked(tx, eater.id, meal.ownerId, REQUEST_BLOCKED);
    if (!meal.isActive) throw conflict(msg("This meal is no longer available."), "meal_inactive");
    if (!isMealOpen(meal)) throw conflict(msg("The pickup window for this meal has ended."), "meal_expired");

    if (meal.portionSize - meal.portionsTaken <= 0)
      throw conflict(msg("This meal is fully reserved."), "fully_reserved");

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
    if (open) throw conflict(msg("You already have an open request for this meal."), "request_exists");

    const [created] = await tx
      .insert(requests)
      .values({ mealId: meal.id, eaterId: eater.id, ownerId: meal.ownerId, message: input.message })
      .returning({ id: requests.id });
    await createNotification(tx, {
      userId: meal.ownerId,
      type: "request_new",
      message: msg('{{name}} requested "{{title}}"'),
      params: { name: displayName(eater), title: meal.title },
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
  if (!row || !participantOf(viewerId, row.request)) throw notFound(msg("Request not found"));
  return presentRequest(row, viewerId);
}

/**
 * One request without its thread, for its eater and the meal's owner only (the calendar file).
 * @throws AppError 404 "Request not found" for unknown ids and for everyone else
 */
export const getRequest = (db: Executor, viewerId: string, id: string) => getRequestRow(db, viewerId, id);

/**
 * The user's accepted requests, either side, whose pickup window ends after `since`, soonest
 * first (the private calendar feed, docs/features/notifications.md point 6). Each side walks its own index.
 */
export async function listAcceptedPickups(
  db: Executor,
  userId: string,
  options: { since: Date; limit: number },
): Promise<ListedRequest[]> {
  const rows = await selectRequests(db)
    .where(
      and(
        eq(requests.status, "accepted"),
        sql`(${requests.eaterId} = ${userId}::uuid or ${requests.ownerId} = ${userId}::uuid)`,
        sql`${meals.pickupWindowEnd} > ${options.since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(meals.pickupWindowStart)
    .limit(options.limit);
  return rows.map((row) => presentRequest(row, userId));
}

/**
 * One request with its thread, for its eater and the meal's owner only (docs/DESIGN.md §4).
 * @throws AppError 404 "Request not found" for unknown ids and for everyone else
 */
export async function getRequestDetail(
  db: Executor,
  viewer: UserRow,
  id: string,
): Promise<MealRequestDetail> {
  const request = await getRequestRow(db, viewer.id, id);
  const newest = await selectMessages(db, id, { limit: MESSAGE_PAGE_SIZE });
  const page = newest.slice(0, MESSAGE_PAGE_SIZE);
  const oldest = page[page.length - 1];
  const olderMessages =
    newest.length > MESSAGE_PAGE_SIZE
      ? `/api/requests/${id}/messages?cursor=${encodeCursor({ createdAt: new Date(oldest.createdAt), id: oldest.id })}&limit=${MESSAGE_PAGE_SIZE}`
      : null;
  return { ...request, messages: page.reverse(), olderMessages };
}

/**
 * A page of a thread's messages before `cursor`, newest first (docs/features/operations.md finding 9: a
 * thread had grown to 349 messages in one answer), for its two participants only.
 * @returns up to `limit + 1` messages (the extra one says there is an older page)
 * @throws AppError 404 "Request not found" for unknown ids and for everyone else
 */
export async function listMessages(
  db: Executor,
  viewer: UserRow,
  id: string,
  options: { limit: number; cursor?: Cursor },
): Promise<Message[]> {
  await getRequestRow(db, viewer.id, id);
  return selectMessages(db, id, options);
}

async function selectMessages(
  db: Executor,
  id: string,
  options: { limit: number; cursor?: Cursor },
): Promise<Message[]> {
  const { cursor } = options;
  const rows = await db
    .select({ message: messages, sender: users })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        eq(messages.requestId, id),
        cursor
          ? sql`(${messages.createdAt}, ${messages.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit + 1);
  return rows.map(({ message, sender }) => ({
    id: message.id,
    body: message.body,
    createdAt: message.createdAt.toISOString(),
    sender: presentPublicUser(sender),
  }));
}

/** "First Last", or "A neighbour" for a user without a name. */
export function displayName(user: Pick<UserRow, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim() || "A neighbour";
}

/** What refusing a move to the status a request already has says (docs/DESIGN.md §4). */
const ALREADY: Record<RequestStatus, Said> = {
  pending: msg("This request is already pending."),
  accepted: msg("This request is already accepted."),
  declined: msg("This request is already declined."),
  completed: msg("This request is already completed."),
  cancelled: msg("This request is already cancelled."),
};

/** What refusing a move the transition table has for nobody says, by from and to. */
const CANNOT: Partial<Record<RequestStatus, Partial<Record<RequestStatus, Said>>>> = {
  accepted: {
    pending: msg("An accepted request cannot be set back to pending."),
    declined: msg("An accepted request cannot be declined."),
  },
  declined: {
    pending: msg("A declined request cannot be set back to pending."),
    accepted: msg("A declined request cannot be accepted."),
    completed: msg("A declined request cannot be marked complete."),
    cancelled: msg("A declined request cannot be cancelled."),
  },
  completed: {
    pending: msg("A completed request cannot be set back to pending."),
    accepted: msg("A completed request cannot be accepted."),
    declined: msg("A completed request cannot be declined."),
    cancelled: msg("A completed request cannot be cancelled."),
  },
  cancelled: {
    pending: msg("A cancelled request cannot be set back to pending."),
    accepted: msg("A cancelled request cannot be accepted."),
    declined: msg("A cancelled request cannot be declined."),
    completed: msg("A cancelled request cannot be marked complete."),
  },
};

/**
 * Why `who` may not move a request from `from` to `to`, as an error, or null when allowed
 * (docs/DESIGN.md §4 transition table): 409 for a move that exists for nobody, 403 for the wrong party.
 */
function transitionRefusal(from: RequestStatus, to: RequestStatus, who: Participant) {
  if (from === to) return conflict(ALREADY[to], "same_status");
  if (!transitionExists(from, to)) {
    return conflict(
      CANNOT[from]?.[to] ?? msg("This request cannot be changed that way."),
      "invalid_transition",
    );
  }
  if (!allowedTransitions(from, who).includes(to)) {
    return forbidden(
      to === "completed"
        ? msg("Only the cook can mark a pending request complete.")
        : msg("Only the cook can accept or decline a request."),
    );
  }
  return null;
}

/** What the other party reads when a request moves to `to` (a `msg()` key; name and title fill it). */
const STATUS_NOTIFICATIONS: Record<RequestStatus, Said> = {
  pending: msg('{{name}} set your request for "{{title}}" back to pending'),
  accepted: msg('{{name}} accepted your request for "{{title}}"'),
  declined: msg('{{name}} declined your request for "{{title}}"'),
  completed: msg('{{name}} marked "{{title}}" as completed'),
  cancelled: msg('{{name}} cancelled the request for "{{title}}"'),
};

/**
 * Moves a request to `to` for `actor` (docs/DESIGN.md §4 transition table) in one transaction with the
 * portion accounting: the meal row is locked first (as `createRequest` does), so two accepts
 * racing for the last portion are serialised and the second sees none left. Notifies the other
 * party, pushes the new status live to both, and on acceptance enqueues the pickup reminders.
 * @throws AppError 404 not a participant or unknown; 403 wrong party, or the other party has
 *   blocked the actor; 409 move not in the table, or no portion left for an accept/complete of a
 *   pending request
 */
export async function changeRequestStatus(
  db: Executor,
  actor: UserRow,
  id: string,
  to: RequestStatus,
): Promise<ListedRequest> {
  await inTransaction(db, async (tx) => {
    const [target] = await tx
      .select({ mealId: requests.mealId })
      .from(requests)
      .where(eq(requests.id, id))
      .limit(1);
    if (!target) throw notFound(msg("Request not found"));
    const [meal] = await tx
      .select({
        id: meals.id,
        title: meals.title,
        portionSize: meals.portionSize,
        portionsTaken: meals.portionsTaken,
        pickupWindowStart: meals.pickupWindowStart,
        pickupWindowEnd: meals.pickupWindowEnd,
      })
      .from(meals)
      .where(eq(meals.id, target.mealId))
      .for("update")
      .limit(1);
    const [request] = await tx.select().from(requests).where(eq(requests.id, id)).for("update").limit(1);
    const who = request ? participantOf(actor.id, request) : null;
    if (!who) throw notFound(msg("Request not found"));

    const refusal = transitionRefusal(request.status, to, who);
    if (refusal) throw refusal;
    // A block stops the blocked party acting on the blocker (and notifying them); the blocker may
    // still wind the exchange up: decline, cancel or complete it.
    const otherParty = who === "owner" ? request.eaterId : request.ownerId;
    if (await hasBlocked(tx, otherParty, actor.id)) throw new AppError(403, "blocked", REQUEST_BLOCKED);
    const takesPortion = request.status === "pending" && (to === "accepted" || to === "completed");
    // The meal row is locked, so its counter (kept by the requests_portions_taken trigger) is current.
    if (takesPortion && meal.portionSize - meal.portionsTaken <= 0) {
      throw conflict(msg("No portions are left for this meal."), "fully_reserved");
    }

    const [updated] = await tx
      .update(requests)
      .set({ status: to, updatedAt: sql`now()` })
      .where(eq(requests.id, id))
      .returning();
    const other = who === "owner" ? updated.eaterId : updated.ownerId;
    await createNotification(tx, {
      userId: other,
      type: "request_status",
      message: STATUS_NOTIFICATIONS[to],
      params: { name: displayName(actor), title: meal.title },
      link: `/request/${id}`,
      requestId: id,
      // A completion stays in the app, where the review it asks for waits
      // (docs/features/notifications.md point 2).
      deliver: to !== "completed",
    });
    if (to === "accepted") await scheduleReminders(tx, id, meal);
    await publishLiveEvents(tx, [
      statusEvent(updated, updated.ownerId, "owner"),
      statusEvent(updated, updated.eaterId, "eater"),
    ]);
  });
  return getRequestRow(db, actor.id, id);
}

function statusEvent(request: RequestRow, userId: string, who: Participant) {
  return liveEvent(userId, "request", {
    requestId: request.id,
    status: request.status,
    updatedAt: request.updatedAt.toISOString(),
    allowedTransitions: allowedTransitions(request.status, who),
  });
}

/**
 * Adds a message to a thread (docs/DESIGN.md §4: participants only, refused once the request is
 * declined or cancelled), notifies the other party and pushes the message live to both.
 * @param body already trimmed, 1..2000 characters
 * @throws AppError 404 not a participant or unknown; 403 a block between the two; 409 thread closed
 */
export async function postMessage(
  db: Executor,
  sender: UserRow,
  id: string,
  body: string,
  messagesPerMinute: number,
): Promise<Message> {
  return inTransaction(db, async (tx) => {
    // A share lock keeps a concurrent decline or cancel from slipping in between check and insert.
    const [row] = await tx
      .select({ request: requests, mealTitle: meals.title })
      .from(requests)
      .innerJoin(meals, eq(meals.id, requests.mealId))
      .where(eq(requests.id, id))
      .for("share", { of: requests })
      .limit(1);
    const who = row ? participantOf(sender.id, row.request) : null;
    if (!row || !who) throw notFound(msg("Request not found"));
    if (!isThreadOpen(row.request.status)) {
      throw conflict(
        row.request.status === "declined"
          ? msg("This request was declined; the conversation is closed.")
          : msg("This request was cancelled; the conversation is closed."),
        "thread_closed",
      );
    }
    const otherParty = row.request.eaterId === sender.id ? row.request.ownerId : row.request.eaterId;
    await assertNotBlocked(tx, sender.id, otherParty, MESSAGE_BLOCKED);
    // A sensible pace for a chat about a pickup, counted in the database so every instance agrees.
    const [{ recent }] = await tx
      .select({ recent: count() })
      .from(messages)
      .where(
        and(
          eq(messages.requestId, id),
          sql`${messages.createdAt} > now() - interval '1 minute'`,
          eq(messages.senderId, sender.id),
        ),
      );
    if (recent >= messagesPerMinute) {
      throw new AppError(
        429,
        "rate_limited",
        msg("You are sending messages too fast. Please wait a moment."),
      );
    }
    const [created] = await tx
      .insert(messages)
      .values({ requestId: id, senderId: sender.id, body })
      .returning();
    const message: Message = {
      id: created.id,
      body: created.body,
      createdAt: created.createdAt.toISOString(),
      sender: presentPublicUser(sender),
    };
    const other = who === "owner" ? row.request.eaterId : row.request.ownerId;
    await createNotification(tx, {
      userId: other,
      type: "message_new",
      message: msg('{{name}} sent a message about "{{title}}"'),
      params: { name: displayName(sender), title: row.mealTitle },
      link: `/request/${id}`,
      requestId: id,
    });
    await publishLiveEvents(tx, [
      liveEvent(row.request.ownerId, "message", { requestId: id, message }),
      liveEvent(row.request.eaterId, "message", { requestId: id, message }),
    ]);
    return message;
  });
}
