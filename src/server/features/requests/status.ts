/**
 * A member moving a request from its thread (docs/DESIGN.md §4 transition table; docs/features/
 * households.md): locks the meal, then the request, and passes the move through `moveRequest`
 * (move.ts), the one door every status write takes; and the eater's answer to a change of the terms
 * they agreed to (terms.ts).
 */
import { eq, sql } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import type { RequestStatus, TermsChange } from "../../../contract/requests";
import { displayName } from "../../auth/users";
import { type Executor, inTransaction, type Tx } from "../../db/client";
import { type RequestRow, requests, type UserRow } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { publishLiveEvents } from "../../live/hub";
import { lockMeal } from "../meals";
import { createNotification } from "../notifications";
import { statusEvents } from "./events";
import { type MoveMeal, moveRequest, type StatusChange } from "./move";
import type { CardPayments } from "./move-kit";
import { type Participant, participantOf } from "./policy";
import { getRequestRow, type ListedRequest } from "./service";

export type { StatusChange } from "./move";

/**
 * A drawn winner's request (docs/features/fair-shares.md, draws/run.ts): written pending for their
 * portions, with no first words, for the draw to accept through `moveRequest` at once.
 * @returns the new row
 */
export async function insertDrawnRequest(
  tx: Tx,
  draw: { mealId: string; eaterId: string; feederId: string; portions: number },
): Promise<RequestRow> {
  const [request] = await tx
    .insert(requests)
    .values({ ...draw, message: null, portionsRequested: draw.portions })
    .returning();
  return request;
}

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
  const meal = await lockMeal(tx, target.mealId);
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
 * @param freeMealsPer28Days the published fair-use limit, or null: an accept or an offer taken up asks
 *   meals/may-ask.ts again with it (docs/features/fair-shares.md point 4)
 * @param cardPayments payment settings (docs/decisions/022): a card request's accept asks for the money first
 * @throws AppError 404 not a participant or unknown; otherwise as `moveRequest`
 */
export async function changeRequestStatus(
  db: Executor,
  member: UserRow,
  id: string,
  to: RequestStatus,
  change: StatusChange,
  freeMealsPer28Days: number | null,
  cardPayments?: CardPayments,
): Promise<ListedRequest> {
  await inTransaction(db, async (tx) => {
    const { request, meal, who } = await lockRequestFor(tx, member, id);
    await moveRequest(tx, {
      request,
      meal,
      actor: who,
      member,
      to,
      change,
      freeMealsPer28Days,
      cardPayments,
    });
  });
  return getRequestRow(db, member.id, id);
}

/**
 * The eater's answer to a change of their agreed terms (terms.ts): `kept` makes the new terms theirs;
 * `gave_up` cancels the request through `moveRequest` on nobody's record (never late, so no
 * reliability counter moves), which gives its portions back to the waiting list and tells the cook.
 * @throws AppError 404 not the eater of this request (the cook, a stranger, unknown); 409
 *   `nothing_asked` when no change waits for an answer
 */
export async function answerTermsChange(
  db: Executor,
  member: UserRow,
  requestId: string,
  answer: "kept" | "gave_up",
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { request, meal, who } = await lockRequestFor(tx, member, requestId);
    if (who !== "eater") throw notFound(msg("Request not found"));
    const change = request.termsChange;
    if (request.status !== "accepted" || !change || change.answer !== null)
      throw conflict(msg("There is no change to answer."), "nothing_asked");
    const answered: TermsChange = { ...change, answer, answeredAt: new Date().toISOString() };
    if (answer === "gave_up") {
      await tx.update(requests).set({ termsChange: answered }).where(eq(requests.id, request.id));
      await moveRequest(tx, {
        request: { ...request, termsChange: answered },
        meal,
        actor: "eater",
        member,
        to: "cancelled",
        change: { gaveUpOnChangedTerms: true },
      });
      return;
    }
    const [updated] = await tx
      .update(requests)
      .set({ termsChange: answered, agreedTerms: change.to, updatedAt: sql`now()` })
      .where(eq(requests.id, request.id))
      .returning();
    await createNotification(tx, {
      userId: request.feederId,
      type: "request_status",
      message: msg('{{name}} keeps their portion of "{{title}}" with your changes'),
      params: { name: displayName(member), title: meal.title },
      link: `/request/${request.id}`,
      requestId: request.id,
    });
    await publishLiveEvents(tx, await statusEvents(tx, updated, meal));
  });
}
