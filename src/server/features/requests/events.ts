/**
 * The live events a request's move sends (docs/decisions/005): each participant hears the new status
 * with what they may do next (policy.ts), so an open thread redraws its buttons at once.
 */
import type { RequestRow } from "../../db/schema";
import { liveEvent, type NewLiveEvent } from "../../live/hub";
import { type Participant, transitionsFor } from "./policy";

/** The live event of a status change for one participant, with what they may do next. */
export function statusEvent(
  request: RequestRow,
  meal: { pickupWindowEnd: Date },
  userId: string,
  who: Participant,
  paymentStatus?: string,
): NewLiveEvent {
  return liveEvent(userId, "request", {
    requestId: request.id,
    mealId: request.mealId,
    status: request.status,
    updatedAt: request.updatedAt.toISOString(),
    allowedTransitions: transitionsFor(request, meal, who),
    ...(paymentStatus ? { paymentStatus } : {}),
  });
}

/**
 * The status change's events for both participants; with `paymentStatus`, a card payment's move
 * (docs/decisions/022).
 */
export const statusEvents = (
  request: RequestRow,
  meal: { pickupWindowEnd: Date },
  paymentStatus?: string,
): NewLiveEvent[] => [
  statusEvent(request, meal, request.feederId, "feeder", paymentStatus),
  statusEvent(request, meal, request.eaterId, "eater", paymentStatus),
];
