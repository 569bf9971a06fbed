/**
 * Live updates over Server-Sent Events (`GET /api/stream`, docs/features/exchange.md; docs/DESIGN.md §4
 * "Notifications"). Each SSE event's `event:` field is one of `LIVE_EVENT_TYPES` and its `data:` the
 * JSON payload below; `id:` is a number the browser sends back as `Last-Event-ID` when it reconnects.
 */
import type { Notification } from "./notifications";
import type { Message, RequestAbilities, RequestStatus } from "./requests";

/**
 * A new message in a thread the user takes part in (sent to both participants). Every event names
 * the resources it touches, so each feature's handler picks out its own (src/client/app/live.ts).
 */
export interface LiveMessageEvent {
  requestId: string;
  message: Message;
}

/**
 * A request changed status; `abilities` are the receiving member's (contract/requests.ts). It names
 * the meal too, whose portions left may have moved.
 */
export interface LiveRequestEvent {
  requestId: string;
  mealId: string;
  status: RequestStatus;
  updatedAt: string;
  abilities: RequestAbilities;
  /** A card payment's new status (docs/decisions/022), when that is what moved: the thread reloads it. */
  paymentStatus?: string;
}

/** What each event type carries. `resync`: events were missed, reload live data; `ready`: connected. */
export interface LiveEventPayloads {
  message: LiveMessageEvent;
  request: LiveRequestEvent;
  notification: Notification;
  resync: Record<string, never>;
  /**
   * Connected. `latestAt`: when the member's newest live event was written (ISO), or null for none, so
   * a page can tell whether anything may have happened between its first answers and now.
   */
  ready: { latestAt?: string | null };
}

export type LiveEventType = keyof LiveEventPayloads;

/** The event types the client listens for. */
export const LIVE_EVENT_TYPES: readonly LiveEventType[] = [
  "message",
  "request",
  "notification",
  "resync",
  "ready",
];

/** Server heartbeat period (a comment line), so proxies keep the connection open. */
export const LIVE_HEARTBEAT_MS = 25_000;
