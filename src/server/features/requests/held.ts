/**
 * What a moderator's decision does to a held message or to a request's held first words
 * (docs/decisions/020 "Held before it lands"): let through, they land as they would have — the other
 * side is told and sees them live; removed, they are gone for good and the thread goes on.
 */
import { eq, sql } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import { type Message, threadPhotoOf } from "../../../contract/requests";
import { displayName, presentPublicUser } from "../../auth/users";
import type { Tx } from "../../db/client";
import { meals, messages, requests, users } from "../../db/schema";
import { publishLiveEvents } from "../../live/hub";
import type { HeldTextOwner } from "../moderation";
import { createNotification } from "../notifications";
import { messageEvents, statusEvents } from "./events";

/** A held message: let through, the other side is notified and reads it live; removed, it is deleted. */
export const heldMessages: HeldTextOwner = {
  async release(tx: Tx, messageId: string) {
    const [row] = await tx
      .update(messages)
      .set({ held: false })
      .where(eq(messages.id, messageId))
      .returning();
    if (!row) return;
    const [thread] = await tx
      .select({ request: requests, title: meals.title, sender: users })
      .from(requests)
      .innerJoin(meals, eq(meals.id, requests.mealId))
      .innerJoin(users, eq(users.id, row.senderId))
      .where(eq(requests.id, row.requestId))
      .limit(1);
    if (!thread) return;
    const { request } = thread;
    await tx
      .update(requests)
      .set({ lastActivityAt: sql`greatest(${requests.lastActivityAt}, now())` })
      .where(eq(requests.id, request.id));
    const other = row.senderId === request.eaterId ? request.feederId : request.eaterId;
    await createNotification(tx, {
      userId: other,
      type: "message_new",
      message: msg('{{name}} sent a message about "{{title}}"'),
      params: { name: displayName(thread.sender), title: thread.title },
      link: `/request/${request.id}`,
      requestId: request.id,
    });
    const message: Message = {
      id: row.id,
      body: row.body,
      kind: row.kind ?? null,
      photo: row.photoId ? threadPhotoOf(request.id, row.photoId) : null,
      change: row.change ?? null,
      held: false,
      createdAt: row.createdAt.toISOString(),
      sender: presentPublicUser(thread.sender),
      mine: false,
    };
    await publishLiveEvents(tx, messageEvents(request, message, row.senderId));
  },
  async remove(tx: Tx, messageId: string) {
    await tx.delete(messages).where(eq(messages.id, messageId));
  },
};

/** A request's held first words: let through, the cook reads them; removed, the request has none. */
export const heldFirstWords: HeldTextOwner = {
  async release(tx: Tx, requestId: string) {
    await tellBoth(tx, requestId, { messageHeld: false });
  },
  async remove(tx: Tx, requestId: string) {
    await tellBoth(tx, requestId, { messageHeld: false, message: null });
  },
};

/** Writes the request's first words' new state and tells both sides live, so an open thread refetches. */
async function tellBoth(tx: Tx, requestId: string, values: { messageHeld: boolean; message?: null }) {
  const [request] = await tx
    .update(requests)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(requests.id, requestId))
    .returning();
  if (!request) return;
  const [meal] = await tx
    .select({ pickupWindowEnd: meals.pickupWindowEnd })
    .from(meals)
    .where(eq(meals.id, request.mealId))
    .limit(1);
  await publishLiveEvents(tx, await statusEvents(tx, request, meal));
}
