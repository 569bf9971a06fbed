/**
 * The live events of a request (docs/decisions/005): each participant hears a new status with what
 * they may do next (policy.ts `requestAbilities`), so an open thread redraws its buttons at once, and
 * a new message with whether they sent it.
 */
import type { Message } from "../../../contract/requests";
import type { Executor } from "../../db/client";
import type { RequestRow } from "../../db/schema";
import { liveEvent, type NewLiveEvent } from "../../live/hub";
import { paymentOf } from "../payments";
import { type Participant, type PaymentFacts, requestAbilities } from "./policy";

/** The live event of a status change for one participant, with what they may do next. */
export function statusEvent(
  request: RequestRow,
  meal: { pickupWindowEnd: Date },
  userId: string,
  who: Participant,
  payment: PaymentFacts | null,
  paymentStatus?: string,
): NewLiveEvent {
  return liveEvent(userId, "request", {
    requestId: request.id,
    mealId: request.mealId,
    status: request.status,
    updatedAt: request.updatedAt.toISOString(),
    abilities: requestAbilities(request, meal, who, payment),
    ...(paymentStatus ? { paymentStatus } : {}),
  });
}

/**
 * The status change's events for both participants, their abilities read with the request's card
 * payment as it is now; with `paymentStatus`, a card payment's move (docs/decisions/022).
 */
export async function statusEvents(
  db: Executor,
  request: RequestRow,
  meal: { pickupWindowEnd: Date },
  paymentStatus?: string,
): Promise<NewLiveEvent[]> {
  const payment = request.payBy === "card" ? await paymentOf(db, request.id) : null;
  return [
    statusEvent(request, meal, request.feederId, "feeder", payment, paymentStatus),
    statusEvent(request, meal, request.eaterId, "eater", payment, paymentStatus),
  ];
}

/**
 * A new message's live events for both participants, each copy saying whether its reader sent it
 * (`mine`).
 */
export const messageEvents = (
  request: { id: string; eaterId: string; feederId: string },
  message: Message,
  senderId: string,
): NewLiveEvent[] =>
  [request.feederId, request.eaterId].map((userId) =>
    liveEvent(userId, "message", {
      requestId: request.id,
      message: { ...message, mine: userId === senderId },
    }),
  );
