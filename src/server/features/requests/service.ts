/**
 * The exchange between an eater and a cook (docs/DESIGN.md §4 "Requests"): sending a request for some
 * portions (docs/features/households.md point 1), listing them, reading one thread, writing in it.
 * Rules are checked here, under a row lock on the meal, and backed by the database (a partial unique
 * index allows one open request per eater and meal). Status changes live in status.ts, the pickup in
 * pickup.ts, the waiting list in waitlist.ts.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { fillPlaceholders, msg } from "../../../contract/messages";
import {
  MESSAGE_PAGE_SIZE,
  type MealRequestDetail,
  type Message,
  OPEN_REQUEST_STATUSES,
  type PickupPass,
  QUICK_REPLY_TEXT,
  type QuickReply,
  threadPhotoOf,
} from "../../../contract/requests";
import type { NewcomerLimits } from "../../../contract/trust";
import type { Actor } from "../../auth/actor";
import { displayName, presentPublicUser } from "../../auth/users";
import { type Executor, inTransaction } from "../../db/client";
import { meals, messages, requests, type UserRow, users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { liveEvent, publishLiveEvents } from "../../live/hub";
import { namesWhole } from "../../member-names";
import { type Cursor, encodeCursor, keysetPage } from "../../pagination";
import type { ObjectStorage } from "../../storage/storage";
import { assertMayAsk, lockMeal, recentFreeMealsOf } from "../meals";
import { checkText, recordVerdict, type Verdict } from "../moderation";
import { createNotification } from "../notifications";
import { trustBadgesOf, vouchState } from "../trust";
import { reliabilityOf } from "../users";
import { deliverMessage, lockOpenThread } from "./message-thread";
import { payByFor } from "./pay-by";
import { discardThreadPhoto, storeThreadPhoto } from "./photos";
import { participantOf } from "./policy";
import { type ListedRequest, presentRequest, selectRequests } from "./presenter";

export type { ListedRequest } from "./presenter";

/** The published limits an ask is weighed against (config.ts). */
export interface AskRules {
  freeMealsPer28Days: number | null;
  newcomerLimits: NewcomerLimits;
  /** Card payments are set up (docs/decisions/022). */
  cardPayments?: boolean;
}

export { MESSAGE_BLOCKED } from "./message-thread";

/**
 * The eater's open request (pending, accepted or held) for a meal, if any: there is at most one
 * (contract/plain/requests.ts `OPEN_REQUEST_STATUSES`).
 */
export async function findOpenRequest(
  db: Executor,
  mealId: string,
  eaterId: string,
): Promise<{ id: string } | undefined> {
  const [open] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.mealId, mealId),
        eq(requests.eaterId, eaterId),
        inArray(requests.status, OPEN_REQUEST_STATUSES),
      ),
    )
    .limit(1);
  return open;
}

/**
 * Sends a request for some portions of a meal (docs/DESIGN.md §4 "Requests", §6d) and notifies the
 * cook.
 * @param rules the published fair-use limit, or null (docs/features/fair-shares.md point 4), and the
 *   newcomer limits (docs/decisions/020 "Limits")
 * @throws AppError as `askRefusal` decides for a request (meals/may-ask.ts: 404 unknown meal; 403 own
 * meal, a block, suspended, a newcomer's limit; 409 inactive, ended, fully reserved, fewer portions left
 * than asked for, given by a draw still open, another account of the same person asked, the fair-use
 * limit reached); 409 an open request by this eater exists; 403 a newcomer's first words with too many
 * links. First words that look like spam are held for a moderator (the cook reads none until then).
 */
export async function createRequest(
  db: Executor,
  eater: Actor,
  input: { mealId: string; message: string | null; portions: number; payBy?: "cash" | "card" },
  rules: AskRules,
): Promise<ListedRequest> {
  // The first words are checked before the cook could read them (docs/decisions/020).
  const verdict = await checkText(db, eater, [input.message], rules.newcomerLimits);
  const id = await inTransaction(db, async (tx) => {
    // Locking the meal row serialises requests and accepts for one meal, so the checks below hold.
    const meal = await assertMayAsk(tx, eater, await lockMeal(tx, input.mealId), {
      way: "request",
      freeMealsPer28Days: rules.freeMealsPer28Days,
      portions: input.portions,
      newcomer: rules.newcomerLimits,
    });

    if (await findOpenRequest(tx, meal.id, eater.id))
      throw conflict(msg("You already have an open request for this meal."), "request_exists");
    const payBy = await payByFor(tx, meal, input.payBy, rules.cardPayments === true);

    const [created] = await tx
      .insert(requests)
      .values({
        mealId: meal.id,
        eaterId: eater.id,
        feederId: meal.ownerId,
        message: input.message,
        messageHeld: verdict.action === "hold",
        portions: input.portions,
        portionsRequested: input.portions,
        payBy,
        chargeNoShow: payBy === "card" && meal.chargeNoShow,
      })
      .returning({ id: requests.id });
    await recordVerdict(tx, verdict, {
      kind: "request",
      targetId: created.id,
      authorId: eater.id,
      link: `/request/${created.id}`,
      groupId: meal.groupId,
    });
    await createNotification(tx, {
      userId: meal.ownerId,
      type: "request_new",
      message:
        input.portions === 1
          ? msg('{{name}} requested "{{title}}"')
          : msg('{{name}} requested {{portions}} portions of "{{title}}"'),
      params: { name: displayName(eater), title: meal.title, portions: input.portions },
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
  const page = keysetPage(requests.createdAt, requests.id, options);
  const rows = await selectRequests(db)
    .where(
      and(
        options.type === "incoming" ? eq(requests.feederId, viewer.id) : eq(requests.eaterId, viewer.id),
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  // The cook sees each requester's pickup record and free meals lately: a statement each for the page.
  const eaterIds = rows.map((row) => row.eater.id);
  const [records, freeMeals, badges] =
    options.type === "incoming"
      ? await Promise.all([
          reliabilityOf(db, eaterIds),
          recentFreeMealsOf(db, eaterIds),
          trustBadgesOf(db, eaterIds),
        ])
      : [undefined, undefined, undefined];
  return rows.map((row) =>
    presentRequest(
      row,
      viewer.id,
      records?.get(row.eater.id) ?? null,
      freeMeals ? (freeMeals.get(row.eater.id) ?? 0) : null,
      badges?.get(row.eater.id) ?? null,
    ),
  );
}

/**
 * One request as `viewerId` sees it.
 * @throws AppError 404 "Request not found" for unknown ids and for everyone but its two participants
 */
export async function getRequestRow(db: Executor, viewerId: string, id: string): Promise<ListedRequest> {
  const [row] = await selectRequests(db).where(eq(requests.id, id)).limit(1);
  const who = row ? participantOf(viewerId, row.request) : null;
  if (!row || !who) throw notFound(msg("Request not found"));
  if (who !== "feeder") return presentRequest(row, viewerId);
  const [records, freeMeals, badges] = await Promise.all([
    reliabilityOf(db, [row.eater.id]),
    recentFreeMealsOf(db, [row.eater.id]),
    trustBadgesOf(db, [row.eater.id]),
  ]);
  return presentRequest(
    row,
    viewerId,
    records.get(row.eater.id)!,
    freeMeals.get(row.eater.id) ?? 0,
    badges.get(row.eater.id)!,
  );
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
        sql`(${requests.eaterId} = ${userId}::uuid or ${requests.feederId} = ${userId}::uuid)`,
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
export async function getRequestDetail(db: Executor, viewer: Actor, id: string): Promise<MealRequestDetail> {
  const request = await getRequestRow(db, viewer.id, id);
  const newest = await selectMessages(
    db,
    viewer.id,
    id,
    { limit: MESSAGE_PAGE_SIZE },
    namesWhole(request.status),
  );
  const page = newest.slice(0, MESSAGE_PAGE_SIZE);
  const oldest = page[page.length - 1];
  const olderMessages =
    newest.length > MESSAGE_PAGE_SIZE
      ? `/api/requests/${id}/messages?cursor=${encodeCursor({ createdAt: new Date(oldest.createdAt), id: oldest.id })}&limit=${MESSAGE_PAGE_SIZE}`
      : null;
  const other = request.viewerSide === "eater" ? request.owner.id : request.eater.id;
  const vouch = request.status === "completed" ? await vouchState(db, viewer, other) : null;
  return { ...request, messages: page.reverse(), olderMessages, vouch };
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
  const request = await getRequestRow(db, viewer.id, id);
  return selectMessages(db, viewer.id, id, options, namesWhole(request.status));
}

/**
 * A page of a thread as `viewerId` reads it: a held message only by its sender (docs/decisions/020);
 * its writers named whole once the two agreed to meet (`whole`, member-names.ts).
 */
async function selectMessages(
  db: Executor,
  viewerId: string,
  id: string,
  options: { limit: number; cursor?: Cursor },
  whole: boolean,
): Promise<Message[]> {
  const page = keysetPage(messages.createdAt, messages.id, options);
  const rows = await db
    .select({ message: messages, sender: users })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        eq(messages.requestId, id),
        or(eq(messages.held, false), eq(messages.senderId, viewerId)),
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return rows.map(({ message, sender }) => ({
    id: message.id,
    body: message.body,
    kind: message.kind ?? null,
    photo: message.photoId ? threadPhotoOf(id, message.photoId) : null,
    change: message.change ?? null,
    held: message.held,
    createdAt: message.createdAt.toISOString(),
    sender: presentPublicUser(sender, whole),
    mine: message.senderId === viewerId,
  }));
}

/**
 * Adds a message to a thread (docs/DESIGN.md §4: participants only, refused once the request is
 * declined or cancelled), notifies the other party and pushes the message live to both. A quick reply
 * (docs/features/handover.md point 2) is stored with its kind and its English words, and the other
 * side is told at once in their language ("Ella is outside"), apart from the thread's one unread
 * message notification; "Running 10 minutes late" after the window has started is noted on the
 * request, once.
 * A photo (docs/features/handover.md point 1) is processed before the message is written and deleted
 * again if the message cannot be; its body is the caption, possibly empty.
 * @param input a typed `body` (already trimmed, 1..2000 characters), a quick reply's `kind`, or an
 *   upload's `photoURL` with an optional `body`
 * @param storage where the photo goes (needed only with `photoURL`)
 * @throws AppError 404 not a participant or unknown; 403 a block between the two; 409 thread closed;
 *   429 too fast; with a photo also 400 not an image, 409 upload already used, 413 over 5 MB
 */
export async function postMessage(
  db: Executor,
  sender: Actor,
  id: string,
  input: { body?: string; kind?: QuickReply; photoURL?: string },
  limits: { messagesPerMinute: number; newcomer: NewcomerLimits },
  storage?: ObjectStorage,
): Promise<Message> {
  // A typed message or caption is checked before the other side could read it (docs/decisions/020);
  // a quick reply's words are MealShare's own.
  const verdict = await checkText(db, sender, [input.kind ? null : input.body], limits.newcomer);
  if (!input.photoURL) return writeMessage(db, sender, id, input, limits.messagesPerMinute, null, verdict);
  if (!storage) throw new Error("postMessage: a photo needs the object storage");
  // Only a participant's upload is processed; the thread's other rules are checked as the message is written.
  await getRequestRow(db, sender.id, id);
  const photoId = await storeThreadPhoto(db, storage, sender, input.photoURL);
  try {
    return await writeMessage(db, sender, id, input, limits.messagesPerMinute, photoId, verdict);
  } catch (error) {
    await discardThreadPhoto(storage, photoId);
    throw error;
  }
}

async function writeMessage(
  db: Executor,
  sender: UserRow,
  id: string,
  input: { body?: string; kind?: QuickReply },
  messagesPerMinute: number,
  photoId: string | null,
  verdict: Verdict,
): Promise<Message> {
  const held = verdict.action === "hold";
  return inTransaction(db, async (tx) => {
    const { row, who } = await lockOpenThread(tx, sender, id, input, messagesPerMinute);
    const body = input.kind ? fillPlaceholders(QUICK_REPLY_TEXT[input.kind], {}) : (input.body ?? "");
    const [created] = await tx
      .insert(messages)
      .values({ requestId: id, senderId: sender.id, body, kind: input.kind ?? null, photoId, held })
      .returning();
    await recordVerdict(tx, verdict, {
      kind: "message",
      targetId: created.id,
      authorId: sender.id,
      link: `/request/${id}`,
    });
    const message: Message = {
      id: created.id,
      body: created.body,
      kind: created.kind ?? null,
      photo: photoId ? threadPhotoOf(id, photoId) : null,
      change: null,
      held,
      createdAt: created.createdAt.toISOString(),
      sender: presentPublicUser(sender, namesWhole(row.request.status)),
      mine: true,
    };
    // Held: the sender alone sees it, marked so; the other side is told nothing until it is let through.
    if (held) {
      await publishLiveEvents(tx, [liveEvent(sender.id, "message", { requestId: id, message })]);
      return message;
    }
    await deliverMessage(tx, sender, row, who, input, message);
    return message;
  });
}

/**
 * The accepted eater's pickup pass (docs/features/handover.md point 4): what they need at the door,
 * with no connection — the code, the meal and window, and where exactly (the eater may read the private
 * pickup details once accepted; requests/policy.ts `mayReadPrivatePickup`).
 * @throws AppError 404 "Request not found" for anyone but the eater (the cook types the code, they do not
 *   show it); 409 `no_pass` while the request is not accepted
 */
export async function getPickupPass(db: Executor, viewer: UserRow, id: string): Promise<PickupPass> {
  const request = await getRequestRow(db, viewer.id, id);
  if (request.eater.id !== viewer.id) throw notFound(msg("Request not found"));
  if (request.status !== "accepted" || !request.pickup.code)
    throw conflict(msg("A pickup pass is there once the cook has accepted the request."), "no_pass");
  return {
    requestId: request.id,
    code: request.pickup.code,
    portions: request.portions,
    meal: {
      id: request.meal.id,
      title: request.meal.title,
      pickupWindowStart: request.meal.pickupWindowStart,
      pickupWindowEnd: request.meal.pickupWindowEnd,
      pickupLocation: request.meal.pickupLocation,
      privatePickup: request.meal.privatePickup,
    },
    cook: request.owner,
    issuedAt: new Date().toISOString(),
  };
}
