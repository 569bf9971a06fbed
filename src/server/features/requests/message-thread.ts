/**
 * A thread's messages as they are written (spec §4 "Request thread"; docs/features/handover.md): the
 * thread locked and its rules checked before a message is inserted, and a message let through delivered.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import { type Message, QUICK_REPLY_NOTICE, type QuickReply } from "../../../contract/requests";
import { displayName } from "../../auth/users";
import type { Tx } from "../../db/client";
import { meals, messages, requests, type UserRow } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import { publishLiveEvents } from "../../live/hub";
import { assertNotBlocked } from "../blocks";
import { createNotification } from "../notifications";
import { messageEvents } from "./events";
import { isThreadOpen, mayQuickReply, participantOf } from "./policy";

/** What a blocked message answers (docs/features/food-safety.md point 5: refused with a clear message). */
export const MESSAGE_BLOCKED = msg("You can't message this person because one of you has blocked the other.");

/**
 * Thread `id` locked for `sender`'s message (`FOR NO KEY UPDATE`: a decline cannot slip in, and two
 * messages take turns, not deadlock), and its rules (spec §4): open, quick replies once agreed, no
 * block, `messagesPerMinute`. Throws 404, 409 `thread_closed` / `no_quick_replies`, 403, 429.
 */
export async function lockOpenThread(
  tx: Tx,
  sender: UserRow,
  id: string,
  input: { kind?: QuickReply },
  messagesPerMinute: number,
) {
  const [row] = await tx
    .select({ request: requests, mealTitle: meals.title })
    .from(requests)
    .innerJoin(meals, eq(meals.id, requests.mealId))
    .where(eq(requests.id, id))
    .for("no key update", { of: requests })
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
  if (input.kind && !mayQuickReply(row.request.status)) {
    throw conflict(msg("Quick replies are for a pickup you both agreed on."), "no_quick_replies");
  }
  const otherParty = row.request.eaterId === sender.id ? row.request.feederId : row.request.eaterId;
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
    throw new AppError(429, "rate_limited", msg("You are sending messages too fast. Please wait a moment."));
  }
  return { row, who };
}

/** A message let through, delivered (spec §4): activity, running late, the notice, live events. */
export async function deliverMessage(
  tx: Tx,
  sender: UserRow,
  row: Awaited<ReturnType<typeof lockOpenThread>>["row"],
  who: "feeder" | "eater",
  input: { kind?: QuickReply },
  message: Message,
): Promise<void> {
  const id = row.request.id;
  const createdAt = new Date(message.createdAt);
  // The Messages view lists threads by their newest message (threads.ts).
  await tx.update(requests).set({ lastActivityAt: createdAt }).where(eq(requests.id, id));
  if (input.kind === "running_late" && !row.request.runningLateAt) {
    await tx
      .update(requests)
      .set({ runningLateAt: sql`now()` })
      .where(sql`${requests.id} = ${id} and ${requests.runningLateAt} is null
        and now() >= (select ${meals.pickupWindowStart} from ${meals} where ${meals.id} = ${requests.mealId})`);
  }
  const other = who === "feeder" ? row.request.eaterId : row.request.feederId;
  await createNotification(
    tx,
    input.kind
      ? {
          userId: other,
          type: "pickup_update",
          message: QUICK_REPLY_NOTICE[input.kind],
          params: { name: displayName(sender) },
          link: `/request/${id}`,
          requestId: id,
        }
      : {
          userId: other,
          type: "message_new",
          message: msg('{{name}} sent a message about "{{title}}"'),
          params: { name: displayName(sender), title: row.mealTitle },
          link: `/request/${id}`,
          requestId: id,
        },
  );
  await publishLiveEvents(tx, messageEvents(row.request, message, sender.id));
}
