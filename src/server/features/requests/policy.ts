/**
 * Who may move a request where (docs/DESIGN.md §4 "Requests" transition table, with
 * docs/features/households.md's offers, confirmations and no-shows). The API returns the result as
 * `allowedTransitions`, so the UI shows only the buttons the server would accept.
 */
import type { RequestStatus } from "../../../contract/requests";

/** The viewer's part in an exchange; anyone else cannot see it at all. */
export type Participant = "owner" | "eater";

/**
 * The table. `completed` is a participant's word that the pickup happened: the request completes when
 * both have said so (or the cook entered the eater's code), and a cook's "completed" on a pending
 * request accepts it first. `no_show` reports the other side as not having turned up. A `held` request
 * is a waiting-list offer: its eater confirms it (`accepted`) or turns it down (`cancelled`).
 */
const TRANSITIONS: Record<RequestStatus, Partial<Record<RequestStatus, readonly Participant[]>>> = {
  pending: { accepted: ["owner"], declined: ["owner"], completed: ["owner"], cancelled: ["owner", "eater"] },
  accepted: { completed: ["owner", "eater"], cancelled: ["owner", "eater"], no_show: ["owner", "eater"] },
  held: { accepted: ["eater"], cancelled: ["eater"] },
  declined: {},
  completed: {},
  cancelled: {},
  lapsed: {},
  no_show: {},
};

/** What else decides a move: the time, and what the viewer has already said. */
export interface TransitionContext {
  /** The pickup window has begun: from then on either side may report a no-show. */
  windowStarted: boolean;
  /** The viewer has already said the pickup happened: they cannot say it twice. */
  confirmedByViewer: boolean;
}

const NOTHING_YET: TransitionContext = { windowStarted: false, confirmedByViewer: false };

/** The statuses `who` may move a request in `status` to, now. */
export function allowedTransitions(
  status: RequestStatus,
  who: Participant,
  context: TransitionContext = NOTHING_YET,
): RequestStatus[] {
  return (
    (Object.entries(TRANSITIONS[status]) as [RequestStatus, readonly Participant[]][])
      .filter(([, actors]) => actors.includes(who))
      .map(([to]) => to)
      .filter((to) => (to === "no_show" ? context.windowStarted : true))
      // Having said the pickup happened, there is nothing more to say: not again, nor the opposite.
      .filter(() => !(status === "accepted" && context.confirmedByViewer))
  );
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

/**
 * A cancellation this close to the pickup's start, or later, is late (docs/features/households.md
 * point 4) and counts against the reliability of whoever cancelled.
 */
export const LATE_CANCEL_MS = 2 * 60 * 60 * 1000;

/** Whether cancelling an agreed pickup at `now` is late. */
export const isLateCancel = (pickupWindowStart: Date, now = new Date()) =>
  pickupWindowStart.getTime() - now.getTime() <= LATE_CANCEL_MS;

/** Statuses in which the thread is still open for messages: one rule, kept in the contract. */
export { isThreadOpen } from "../../../contract/requests";
