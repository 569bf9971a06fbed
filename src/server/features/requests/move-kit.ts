/**
 * What a request's move is made of (move.ts `moveRequest`): the move asked for, the helpers each move's
 * own function works with, and the words and terms the moves share.
 */
import { sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { msg, type Message as Said } from "../../../contract/messages";
import type { RequestStatus } from "../../../contract/requests";
import type { Tx } from "../../db/client";
import type { MealRow, RequestRow, requests, UserRow } from "../../db/schema";
import type { PaymentSettings } from "../payments";
import type { Mover } from "./policy";
import { agreedTermsSql } from "./terms";

/**
 * A status change's options: the portions a cook accepts, the reason of a no-show or a dispute, and
 * an admin's outcome of a dispute (who did not turn up, when it is a no-show).
 */
export interface StatusChange {
  portions?: number;
  reason?: string;
  noShowParty?: "eater" | "feeder";
  /** The accept is a draw's (docs/features/fair-shares.md): the eater reads "You were drawn". */
  drawn?: boolean;
  /** A decline because the cook chose others and no portion is left (docs/features/fair-shares.md point 5). */
  allTaken?: boolean;
  /**
   * The eater gives up their portion after the cook changed the terms they agreed to (terms.ts): a
   * cancellation on nobody's record, never late.
   */
  gaveUpOnChangedTerms?: boolean;
  /**
   * The member is leaving MealShare (accounts/deletion.ts, docs/decisions/017): their open requests, and
   * those on their meals, end on nobody's record, whatever blocks stand between the two.
   */
  leaving?: boolean;
  /**
   * A card request whose money was held too late to be accepted (docs/decisions/022): declined by the
   * server, its hold voided, the eater told nothing was charged.
   */
  tooLateToHold?: boolean;
}

/** The part of the (locked) meal a move reads. */
export type MoveMeal = Pick<
  MealRow,
  | "id"
  | "title"
  | "portionSize"
  | "portionsTaken"
  | "pickupWindowStart"
  | "pickupWindowEnd"
  | "isActive"
  | "groupId"
  | "allocation"
  | "ownerId"
  | "membersOnly"
  | "kind"
  | "priceCents"
>;

/** One move: the request and its meal as locked, who moves it, where to, and how. */
export interface Move {
  request: RequestRow;
  meal: MoveMeal;
  /** A participant (then `member` is that person), the server's own jobs, or an admin. */
  actor: Mover;
  member?: UserRow;
  to: RequestStatus;
  change?: StatusChange;
  /** The cook entered the eater's pickup code: completes the request whatever was said before. */
  byCode?: boolean;
  /**
   * The published fair-use limit (`FREE_MEALS_PER_28_DAYS`, null for none): an accept or an offer
   * taken up asks meals/may-ask.ts again with it. Such a move without it is refused as a bug, never
   * taken to mean "no limit".
   */
  freeMealsPer28Days?: number | null;
  /**
   * Card payments as configured (docs/decisions/022), or none: the cook's accept of a card request
   * then asks the eater for the money instead of accepting at once.
   */
  cardPayments?: CardPayments;
}

/** The deployment's payment settings and currency, for a card request's accept. */
export interface CardPayments {
  settings: PaymentSettings;
  currency: string;
}

/** What the other party reads when a request moves to `to` (a `msg()` key; name and title fill it). */
export const STATUS_NOTIFICATIONS = {
  accepted: msg('{{name}} accepted your request for "{{title}}"'),
  declined: msg('{{name}} declined your request for "{{title}}"'),
  completed: msg('{{name}} marked "{{title}}" as completed'),
  cancelled: msg('{{name}} cancelled the request for "{{title}}"'),
  no_show: msg('{{name}} reported the pickup of "{{title}}" as a no-show'),
} satisfies Partial<Record<RequestStatus, Said>>;

/** A paid meal's accept says how it is paid (docs/features/everyday-journey.md). */
export const ACCEPTED_PAID = msg(
  '{{name}} accepted your request for "{{title}}". Pay {{name}} {{price}} at pickup, in cash or as you agree.',
);

/** A card request's accept asks for the money first (docs/decisions/022 "Accept"). */
export const ACCEPTED_PAY_BY_CARD = msg(
  '{{name}} accepted your request for "{{title}}". Pay {{price}} by card to hold your portion.',
);
/** The hold is there: the server accepts the request for the cook. */
export const PAYMENT_HELD = msg('Your payment for "{{title}}" is held until pickup. The portion is yours.');

/** The meal's terms as they are now, the eater's to keep from this accept on (terms.ts). */
export const termsNow = (mealId: string) =>
  sql`(select ${agreedTermsSql("m")} from meals m where m.id = ${mealId})`;

/** The helpers one move's function works with. */
export interface MoveKit {
  move: Move;
  tx: Tx;
  /** Writes the request's changes (and its `updated_at`); returns the row as it is now. */
  write: (values: PgUpdateSetSource<typeof requests>) => Promise<RequestRow>;
  /** Tells the participant who did not move (in the app; by push and email unless `deliver` is false). */
  tell: (message: Said, params?: Record<string, string | number>, deliver?: boolean) => Promise<unknown>;
}
