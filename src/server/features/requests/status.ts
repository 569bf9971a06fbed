/**
 * A member moving a request from its thread (docs/DESIGN.md §4 transition table; docs/features/
 * households.md): locks the meal, then the request, and passes the move through `moveRequest`
 * (move.ts), the one door every status write takes.
 */
import { eq } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import type { RequestStatus } from "../../../contract/requests";
import { type Executor, inTransaction, type Tx } from "../../db/client";
import { meals, type RequestRow, requests, type UserRow } from "../../db/schema";
import { notFound } from "../../errors";
import { type MoveMeal, moveRequest, type StatusChange } from "./move";
import { type Participant, participantOf } from "./policy";
import { getRequestRow, type ListedRequest } from "./service";

export type { StatusChange } from "./move";

/**
 * Locks a request's meal, then the request (the order every change of a meal's portions takes).
 * @returns both rows, or null when there is no such request
 */
export async function lockRequest(
  tx: Tx,
  id: string,
): Promise<{ request: RequestRow; meal: MoveMeal } | null> {
  const [target] = await tx
    .select({ mealId: requests.mealId })
    .from(requests)
    .where(eq(requests.id, id))
    .limit(1);
  if (!target) return null;
  const [meal] = await tx
    .select({
      id: meals.id,
      title: meals.title,
      portionSize: meals.portionSize,
      portionsTaken: meals.portionsTaken,
      pickupWindowStart: meals.pickupWindowStart,
      pickupWindowEnd: meals.pickupWindowEnd,
      isActive: meals.isActive,
      groupId: meals.groupId,
      allocation: meals.allocation,
    })
    .from(meals)
    .where(eq(meals.id, target.mealId))
    .for("update")
    .limit(1);
  const [request] = await tx.select().from(requests).where(eq(requests.id, id)).for("update").limit(1);
  return request && meal ? { request, meal } : null;
}

/**
 * Locks a request for one of its participants.
 * @throws AppError 404 "Request not found" for unknown ids and for everyone but its two participants
 */
export async function lockRequestFor(
  tx: Tx,
  member: UserRow,
  id: string,
): Promise<{ request: RequestRow; meal: MoveMeal; who: Participant }> {
  const locked = await lockRequest(tx, id);
  const who = locked ? participantOf(member.id, locked.request) : null;
  if (!locked || !who) throw notFound(msg("Request not found"));
  return { ...locked, who };
}

/**
 * Moves a request to `to` for `member` and tells the other party; pushes the new status live to both.
 * @param change.portions accepting: how many of the portions asked for (all unless said)
 * @param change.reason a no-show: what happened (required)
 * @throws AppError 404 not a participant or unknown; otherwise as `moveRequest`
 */
export async function changeRequestStatus(
  db: Executor,
  member: UserRow,
  id: string,
  to: RequestStatus,
  change: StatusChange = {},
): Promise<ListedRequest> {
  await inTransaction(db, async (tx) => {
    const { request, meal, who } = await lockRequestFor(tx, member, id);
    await moveRequest(tx, { request, meal, actor: who, member, to, change });
  });
  return getRequestRow(db, member.id, id);
}
