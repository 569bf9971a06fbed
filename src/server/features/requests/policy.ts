/**
 * Who may move a request where (docs/DESIGN.md §4 "Requests" transition table). The API returns the
 * result as `allowedTransitions`, so the UI shows only the buttons the server would accept.
 */
import type { RequestStatus } from "../../../contract/requests";

/** The viewer's part in an exchange; anyone else cannot see it at all. */
export type Participant = "owner" | "eater";

const TRANSITIONS: Record<RequestStatus, Partial<Record<RequestStatus, readonly Participant[]>>> = {
  pending: { accepted: ["owner"], declined: ["owner"], completed: ["owner"], cancelled: ["owner", "eater"] },
  accepted: { completed: ["owner", "eater"], cancelled: ["owner", "eater"] },
  declined: {},
  completed: {},
  cancelled: {},
};

/** The statuses `who` may move a request in `status` to. */
export function allowedTransitions(status: RequestStatus, who: Participant): RequestStatus[] {
  return (Object.entries(TRANSITIONS[status]) as [RequestStatus, readonly Participant[]][])
    .filter(([, actors]) => actors.includes(who))
    .map(([to]) => to);
}

/** Whether `from → to` exists in the table for anybody (to tell 403 from 409). */
export function transitionExists(from: RequestStatus, to: RequestStatus): boolean {
  return TRANSITIONS[from][to] !== undefined;
}

/** The viewer's part in a request, or null for a stranger (who then gets 404). */
export function participantOf(
  userId: string,
  request: { eaterId: string; ownerId: string },
): Participant | null {
  if (request.ownerId === userId) return "owner";
  if (request.eaterId === userId) return "eater";
  return null;
}

/** Statuses in which the thread is still open for messages: one rule, kept in the contract. */
export { isThreadOpen } from "../../../contract/requests";
