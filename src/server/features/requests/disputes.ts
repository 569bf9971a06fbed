/**
 * Disputed pickups (docs/decisions/012; requests/policy.ts): a no-show report against a side that said
 * the pickup happened, or one the named side disputes, counts for neither until an admin settles it —
 * the pickup happened, or one side did not turn up. Admins list them oldest first and settle each
 * through `moveRequest`, like every status write.
 */

import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { msg } from "../../../contract/messages";
import type { Dispute } from "../../../contract/requests";
import { presentPublicUser } from "../../auth/users";
import { type Executor, inTransaction } from "../../db/client";
import { meals, requests, users } from "../../db/schema";
import { notFound } from "../../errors";
import { moveRequest } from "./move";
import { lockRequest } from "./status";

/** Disputes one admin page lists, oldest first (there are few; a long wait is what matters). */
const DISPUTES_PAGE = 100;

const eaters = alias(users, "eater");
const feeders = alias(users, "feeder");

/** The open disputes, oldest first, through `requests_disputed_idx`. */
export async function listDisputes(db: Executor): Promise<Dispute[]> {
  const rows = await db
    .select({
      request: requests,
      meal: { id: meals.id, title: meals.title, end: meals.pickupWindowEnd },
      eater: eaters,
      feeder: feeders,
    })
    .from(requests)
    .innerJoin(meals, eq(meals.id, requests.mealId))
    .innerJoin(eaters, eq(eaters.id, requests.eaterId))
    .innerJoin(feeders, eq(feeders.id, requests.feederId))
    .where(eq(requests.status, "disputed"))
    .orderBy(asc(requests.disputedAt))
    .limit(DISPUTES_PAGE);
  return rows.map(({ request, meal, eater, feeder }) => ({
    id: request.id,
    meal: { id: meal.id, title: meal.title, pickupWindowEnd: meal.end.toISOString() },
    // Disputes are for admins: names whole.
    eater: presentPublicUser(eater, true),
    feeder: presentPublicUser(feeder, true),
    noShowParty: request.noShowParty,
    noShowReason: request.noShowReason,
    disputeReason: request.disputeReason,
    eaterConfirmed: request.eaterConfirmedAt !== null,
    feederConfirmed: request.feederConfirmedAt !== null,
    disputedAt: (request.disputedAt ?? request.updatedAt).toISOString(),
  }));
}

/**
 * Settles a dispute: the pickup happened (both sides' records count it kept), or the side named did
 * not turn up; both are told.
 * @throws AppError 404 no such request; 409 it is not disputed (settled already, or never was)
 */
export async function settleDispute(
  db: Executor,
  id: string,
  outcome: "completed" | "eater_no_show" | "feeder_no_show",
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const locked = await lockRequest(tx, id);
    if (!locked) throw notFound(msg("Request not found"));
    await moveRequest(tx, {
      ...locked,
      actor: "admin",
      to: outcome === "completed" ? "completed" : "no_show",
      change:
        outcome === "completed" ? {} : { noShowParty: outcome === "eater_no_show" ? "eater" : "feeder" },
    });
  });
}
