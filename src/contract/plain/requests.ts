/**
 * Request statuses, quick replies and message limits without their schemas (spec §3 Request, Message,
 * §4 "Request status"; docs/features/households.md, docs/features/handover.md).
 * `src/contract/requests.ts` builds the API's schemas on it and re-exports it; the browser imports this
 * module (docs/decisions/015 "Phones").
 */
import { msg, type Message as TextKey } from "../messages";

/** Longest request or thread message, in characters after trimming (docs/DESIGN.md §4). */
export const MESSAGE_MAX = 2000;

/**
 * The spec's statuses (spec §4 "Request status") and those docs/features/households.md adds: `held`, a
 * waiting-list offer its eater may confirm for 30 minutes; `lapsed`, an offer not confirmed in time;
 * `no_show`, an agreed pickup that did not happen; `disputed`, a no-show the other side says is
 * wrong, counted for neither until an admin settles it.
 */
export const REQUEST_STATUSES = [
  "pending",
  "accepted",
  "held",
  "declined",
  "completed",
  "cancelled",
  "lapsed",
  "no_show",
  "disputed",
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * The moves a participant makes, each named for what it does and mapped to the status it leads to
 * (docs/DESIGN.md §4 "Requests" transition table), in the table's order: a request's `abilities` has
 * one entry per move.
 */
export const REQUEST_MOVES = {
  accept: "accepted",
  decline: "declined",
  complete: "completed",
  cancel: "cancelled",
  reportNoShow: "no_show",
  dispute: "disputed",
} as const satisfies Record<string, RequestStatus>;
export type RequestMove = keyof typeof REQUEST_MOVES;

/** The statuses a request's abilities allow the viewer to move it to, in the table's order. */
export const allowedMoves = (abilities: Record<RequestMove, { allowed: boolean }>): RequestStatus[] =>
  (Object.keys(REQUEST_MOVES) as RequestMove[])
    .filter((move) => abilities[move].allowed)
    .map((move) => REQUEST_MOVES[move]);

/**
 * The one-tap messages of an open thread (docs/features/handover.md point 2): sent as messages with a
 * kind, told to the other side at once ("Ella is outside"), shown apart from what people type.
 */
export const QUICK_REPLIES = ["on_my_way", "outside", "running_late", "move_time"] as const;
export type QuickReply = (typeof QUICK_REPLIES)[number];

/**
 * Messages a thread page holds: the thread opens on the newest ones (docs/features/operations.md finding
 * 9).
 */
export const MESSAGE_PAGE_SIZE = 50;

/** Longest reason given with a no-show. */
export const NO_SHOW_REASON_MAX = 500;

/**
 * What the eater's pickup QR code holds (docs/features/households.md point 4): the thread's address
 * with the code, so the cook's camera opens the thread with the code filled in.
 * @param origin the app's origin, e.g. `https://mealshare.example`; the page's own when omitted
 */
export const pickupCodeUrl = (requestId: string, code: string, origin = globalThis.location?.origin ?? "") =>
  `${origin}/request/${requestId}?code=${code}`;

/**
 * The pickup code a scanned QR code holds for request `requestId` (the reverse of `pickupCodeUrl`), or
 * four digits as they are; null for anything else — another request's code included, so a code shown
 * for one pickup is never typed into another.
 */
export function codeFromScan(text: string, requestId: string): string | null {
  const trimmed = text.trim();
  if (/^\d{4}$/.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    const code = url.searchParams.get("code") ?? "";
    return url.pathname === `/request/${requestId}` && /^\d{4}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}

/**
 * Statuses of a request that asks for or holds portions: an eater has at most one such request per
 * meal (docs/DESIGN.md §4 "Requests"; the `requests_one_open_per_eater_idx` unique index).
 */
export const OPEN_REQUEST_STATUSES = [
  "pending",
  "accepted",
  "held",
] as const satisfies readonly RequestStatus[];

/**
 * Statuses in which a thread still takes messages (docs/DESIGN.md §4 "Requests": refused once the
 * request is declined or cancelled, or an offer lapsed). One rule for the server's check and the
 * thread's message box.
 */
export const isThreadOpen = (status: RequestStatus) =>
  status !== "declined" && status !== "cancelled" && status !== "lapsed";

/** Labels shown on status badges (spec §4 "Request status"). */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: msg("Pending"),
  accepted: msg("Accepted"),
  held: msg("Offered to you"),
  declined: msg("Declined"),
  completed: msg("Completed"),
  cancelled: msg("Cancelled"),
  lapsed: msg("Offer lapsed"),
  no_show: msg("No-show"),
  disputed: msg("Disputed"),
};
/** Each quick reply's words, in the reader's language (the stored body is the English). */
export const QUICK_REPLY_TEXT: Record<QuickReply, TextKey> = {
  on_my_way: msg("I'm on my way"),
  outside: msg("I'm outside"),
  running_late: msg("Running 10 minutes late"),
  move_time: msg("Can we move the time?"),
};

/** What the other side is told of a quick reply, with the sender's `name`. */
export const QUICK_REPLY_NOTICE: Record<QuickReply, TextKey> = {
  on_my_way: msg("{{name}} is on the way"),
  outside: msg("{{name}} is outside"),
  running_late: msg("{{name}} is running 10 minutes late"),
  move_time: msg("{{name}} asks to move the time"),
};

/**
 * The terms an eater agreed to when their request was accepted (docs/features/exchange.md "Terms
 * agreed are kept"): the price in cents (null for a free meal), the pickup window (ISO date-times),
 * the pickup place as the cook wrote it, and the allergens (codes of the 14 and the cook's own words).
 */
export interface AgreedTerms {
  priceCents: number | null;
  pickupWindowStart: string;
  pickupWindowEnd: string;
  pickupLocation: string;
  allergens: string[];
}

/** How long portions offered from the waiting list are kept for the eater (docs/features/households.md point 2). */
export const OFFER_HOLD_MINUTES = 30;

/** The parts of the agreed terms a change after acceptance asks the eater about. */
export const TERM_FIELDS = ["price", "window", "place", "allergens"] as const;
export type TermField = (typeof TERM_FIELDS)[number];

/**
 * A cook's edit as a line of each open thread of the meal (docs/features/everyday-journey.md): the
 * terms before and after, and which of them changed (never empty). Every requester sees
 * it, pending or accepted, asked or not.
 */
export interface MealChangeLine {
  from: AgreedTerms;
  to: AgreedTerms;
  fields: TermField[];
}

/**
 * A change to an accepted request's terms: what was agreed (`from`), what the cook's edit made them
 * (`to`), which fields the eater is asked about (`fields`, never empty), and their answer once given
 * (`kept`: the new terms hold; `gave_up`: the request ended, on nobody's record).
 */
export interface TermsChange {
  from: AgreedTerms;
  to: AgreedTerms;
  fields: TermField[];
  askedAt: string;
  answer: "kept" | "gave_up" | null;
  answeredAt: string | null;
}
