/**
 * The Messages view (docs/features/everyday-journey.md "A Messages view"): every thread
 * the member is in, as eater or as feeder, newest activity first, each with the other person, the
 * meal, the last thing said and how many of its notifications are unread. A page costs five
 * statements whatever the member's history: each side's threads from its own index
 * (`requests_eater_activity_idx`, `requests_feeder_activity_idx`), merged here; then the page's
 * requests, their last messages and their unread counts by id.
 */
import { and, count, desc, eq, inArray, or } from "drizzle-orm";
import type { ThreadSummary } from "../../../contract/requests";
import { presentPublicUser } from "../../auth/users";
import type { Executor } from "../../db/client";
import { messages, notifications, requests, type UserRow } from "../../db/schema";
import { namesWhole } from "../../member-names";
import { type Cursor, keysetPage } from "../../pagination";
import { selectRequests } from "./presenter";

/** A thread of the list, with the key its page is cut at. */
export type ListedThread = ThreadSummary & { activityAt: Date };

/**
 * The member's threads after `cursor`, `limit + 1` of them when there are more (for `sendPage`).
 * @param cursor `(lastActivityAt, id)` of the previous page's last thread
 */
export async function listThreads(
  db: Executor,
  viewer: UserRow,
  options: { limit: number; cursor?: Cursor },
): Promise<ListedThread[]> {
  const keys = await threadKeys(db, viewer.id, options);
  if (keys.length === 0) return [];
  const ids = keys.map((key) => key.id);
  const [rows, lastMessages, unread] = await Promise.all([
    selectRequests(db).where(inArray(requests.id, ids)),
    lastMessagesOf(db, viewer.id, ids),
    db
      .select({ requestId: notifications.requestId, unread: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, viewer.id),
          eq(notifications.isRead, false),
          inArray(notifications.requestId, ids),
        ),
      )
      .groupBy(notifications.requestId),
  ]);
  const byId = new Map(rows.map((row) => [row.request.id, row]));
  const lastOf = new Map(lastMessages.map((message) => [message.requestId, message]));
  const unreadOf = new Map(unread.map((row) => [row.requestId, row.unread]));
  return keys.flatMap((key) => {
    const row = byId.get(key.id);
    if (!row) return [];
    const { request } = row;
    const asEaterHere = request.eaterId === viewer.id;
    const last = lastOf.get(key.id);
    const thread: ListedThread = {
      id: request.id,
      status: request.status,
      viewerSide: asEaterHere ? "eater" : "feeder",
      meal: { id: row.meal.id, title: row.meal.title, photoPath: row.meal.photoPath },
      other: presentPublicUser(asEaterHere ? row.owner : row.eater, namesWhole(request.status)),
      lastActivityAt: key.at.toISOString(),
      last: lastLine(last, request, viewer.id),
      unread: unreadOf.get(key.id) ?? 0,
      activityAt: key.at,
    };
    return [thread];
  });
}

/** The ids and activity times of the page's threads, both sides merged, `limit + 1` at most. */
async function threadKeys(db: Executor, viewerId: string, options: { limit: number; cursor?: Cursor }) {
  const page = keysetPage(requests.lastActivityAt, requests.id, options);
  const side = (column: typeof requests.eaterId | typeof requests.feederId) =>
    db
      .select({ id: requests.id, at: requests.lastActivityAt })
      .from(requests)
      .where(and(eq(column, viewerId), page.after))
      .orderBy(...page.orderBy)
      .limit(page.fetch);
  const [asEater, asFeeder] = await Promise.all([side(requests.eaterId), side(requests.feederId)]);
  // The two sides merged in the index's own order: time, then id (uuids compare as their hex text).
  return [...asEater, ...asFeeder]
    .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, options.limit + 1);
}

/** The newest message of each of the threads `ids`, held ones only for their sender. */
function lastMessagesOf(db: Executor, viewerId: string, ids: string[]) {
  return (
    db
      .selectDistinctOn([messages.requestId], {
        requestId: messages.requestId,
        body: messages.body,
        kind: messages.kind,
        photoId: messages.photoId,
        change: messages.change,
        senderId: messages.senderId,
        createdAt: messages.createdAt,
      })
      .from(messages)
      // A held message is its sender's alone until let through (docs/decisions/020).
      .where(
        and(inArray(messages.requestId, ids), or(eq(messages.held, false), eq(messages.senderId, viewerId))),
      )
      .orderBy(messages.requestId, desc(messages.createdAt), desc(messages.id))
  );
}

/** The line a thread shows under its meal: its newest message, or the request's own words. */
function lastLine(
  last: Awaited<ReturnType<typeof lastMessagesOf>>[number] | undefined,
  request: { message: string | null; eaterId: string; createdAt: Date },
  viewerId: string,
): ThreadSummary["last"] {
  // The request's own words are the thread's first message (spec §2 "Request thread").
  return last
    ? {
        text: last.body,
        kind: last.kind ?? null,
        photo: last.photoId !== null,
        change: last.change !== null,
        mine: last.senderId === viewerId,
        createdAt: last.createdAt.toISOString(),
      }
    : request.message
      ? {
          text: request.message,
          kind: null,
          photo: false,
          change: false,
          mine: request.eaterId === viewerId,
          createdAt: request.createdAt.toISOString(),
        }
      : null;
}
