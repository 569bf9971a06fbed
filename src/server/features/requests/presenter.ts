/**
 * The one way a request is read and shown (spec §3 Request): the selection every request read makes
 * (the request, the part of its meal it carries, both people), and the presenter that turns a row into
 * the viewer's view of it — what they may do next, their pickup code if they are the eater, and the
 * eater's pickup record if they are the cook (docs/features/households.md).
 */
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MealRequest, Reliability } from "../../../contract/requests";
import type { TrustBadge } from "../../../contract/trust";
import { presentPublicUser } from "../../auth/users";
import type { Executor } from "../../db/client";
import {
  meals,
  type PaymentRow,
  payments,
  type RequestRow,
  requests,
  type UserRow,
  users,
} from "../../db/schema";
import { namesWhole } from "../../member-names";
import { privatePickupOf } from "../meals";
import {
  mayQuickReply,
  mayReadPrivatePickup,
  type Participant,
  participantOf,
  requestAbilities,
} from "./policy";

const eaters = alias(users, "eater");
const owners = alias(users, "feeder");

const requestSelection = {
  request: requests,
  meal: {
    id: meals.id,
    title: meals.title,
    kind: meals.kind,
    priceCents: meals.priceCents,
    photoPath: meals.photoPath,
    pickupWindowStart: meals.pickupWindowStart,
    pickupWindowEnd: meals.pickupWindowEnd,
    pickupLocation: meals.pickupLocation,
    pickupLatitude: meals.pickupLatitude,
    pickupLongitude: meals.pickupLongitude,
    pickupDetails: meals.pickupDetails,
  },
  eater: eaters,
  owner: owners,
  payment: {
    status: payments.status,
    amountCents: payments.amountCents,
    refundedCents: payments.refundedCents,
    want: payments.want,
  },
};

/** A request as `selectRequests` reads it. */
export type RequestSelectionRow = {
  request: RequestRow;
  meal: {
    id: string;
    title: string;
    kind: "free" | "paid";
    priceCents: number | null;
    photoPath: string | null;
    pickupWindowStart: Date;
    pickupWindowEnd: Date;
    pickupLocation: string;
    pickupLatitude: number | null;
    pickupLongitude: number | null;
    pickupDetails: string | null;
  };
  eater: UserRow;
  owner: UserRow;
  payment: {
    status: PaymentRow["status"];
    amountCents: number;
    refundedCents: number;
    want: PaymentRow["want"];
  } | null;
};

/** A listed request plus the sort key the pagination needs. */
export type ListedRequest = MealRequest & { createdAtDate: Date };

/** Requests with their meal and both people; the caller adds where, order and limit. */
export const selectRequests = (db: Executor) =>
  db
    .select(requestSelection)
    .from(requests)
    .innerJoin(meals, eq(meals.id, requests.mealId))
    .innerJoin(eaters, eq(eaters.id, requests.eaterId))
    .innerJoin(owners, eq(owners.id, requests.feederId))
    .leftJoin(payments, eq(payments.requestId, requests.id));

/**
 * The viewer's view of a request.
 * @param eaterReliability the eater's pickup record, shown to the cook only
 * @param eaterRecentFreeMeals free meals the eater received in 28 days, shown to the cook only
 * @param eaterTrust the eater's trust badge, shown to the cook only (docs/decisions/020 "Badges")
 */
export function presentRequest(
  row: RequestSelectionRow,
  viewerId: string,
  eaterReliability: Reliability | null = null,
  eaterRecentFreeMeals: number | null = null,
  eaterTrust: TrustBadge | null = null,
): ListedRequest {
  const { request } = row;
  const who = participantOf(viewerId, request);
  return {
    id: request.id,
    status: request.status,
    // Held first words are the eater's alone until a moderator lets them through (docs/decisions/020).
    message: request.messageHeld && who !== "eater" ? null : request.message,
    messageHeld: request.messageHeld && who === "eater",
    portions: request.portions,
    portionsRequested: request.portionsRequested,
    holdUntil: request.holdUntil?.toISOString() ?? null,
    pickup: pickupView(request, who),
    lateCancel: request.lateCancel,
    runningLateAt: request.runningLateAt?.toISOString() ?? null,
    noShowParty: request.noShowParty,
    noShowReason: request.noShowReason,
    disputeReason: request.disputeReason,
    eaterReliability: who === "feeder" ? eaterReliability : null,
    eaterRecentFreeMeals: who === "feeder" ? eaterRecentFreeMeals : null,
    eaterTrust: who === "feeder" ? eaterTrust : null,
    createdAt: request.createdAt.toISOString(),
    createdAtDate: request.createdAt,
    updatedAt: request.updatedAt.toISOString(),
    meal: mealView(row, who),
    // Once they agreed to meet, each reads the other's full name (member-names.ts).
    eater: presentPublicUser(row.eater, namesWhole(request.status)),
    owner: presentPublicUser(row.owner, namesWhole(request.status)),
    abilities: requestAbilities(request, row.meal, who, row.payment),
    // Only its two participants read a request (service.ts answers 404 to anyone else).
    viewerSide: who ?? "eater",
    quickReplies: mayQuickReply(request.status),
    agreedTerms: request.agreedTerms,
    termsChange: request.termsChange,
    ...(request.payBy === "card" ? { payment: paymentView(row) } : {}),
  };
}

/** The pickup's state: the code for the eater of an accepted request, its lock for the cook. */
function pickupView(
  request: RequestSelectionRow["request"],
  who: Participant | null,
): ListedRequest["pickup"] {
  return {
    eaterConfirmed: request.eaterConfirmedAt !== null,
    feederConfirmed: request.feederConfirmedAt !== null,
    code: who === "eater" && request.status === "accepted" ? request.pickupCode : null,
    codeLockedUntil:
      who === "feeder" && request.codeLockedUntil && request.codeLockedUntil > new Date()
        ? request.codeLockedUntil.toISOString()
        : null,
  };
}

/** The requested meal, with its private pickup place once the two sides agreed to meet. */
function mealView(row: RequestSelectionRow, who: Participant | null): ListedRequest["meal"] {
  return {
    id: row.meal.id,
    title: row.meal.title,
    kind: row.meal.kind,
    priceCents: row.meal.priceCents,
    photoPath: row.meal.photoPath,
    pickupWindowStart: row.meal.pickupWindowStart.toISOString(),
    pickupWindowEnd: row.meal.pickupWindowEnd.toISOString(),
    pickupLocation: row.meal.pickupLocation,
    privatePickup: mayReadPrivatePickup(row.request.status, who) ? privatePickupOf(row.meal) : null,
  };
}

/** A card request's payment as its two sides read it (docs/decisions/022). */
function paymentView(row: RequestSelectionRow): NonNullable<MealRequest["payment"]> {
  const { request, payment } = row;
  return payment
    ? { status: payment.status, amountCents: payment.amountCents, refundedCents: payment.refundedCents }
    : { status: "requested", amountCents: (row.meal.priceCents ?? 0) * request.portions, refundedCents: 0 };
}
