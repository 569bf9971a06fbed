/**
 * The moves around a pickup (docs/features/handover.md; docs/DESIGN.md §4 transition table): either side
 * confirming it, the cook's code, a no-show reported or disputed, an admin settling a dispute, and the
 * server settling a pickup nobody confirmed. Only `moveRequest` (move.ts) calls these.
 */
import { sql } from "drizzle-orm";
import { msg, type Message as Said } from "../../../contract/messages";
import type { Tx } from "../../db/client";
import { type RequestRow, requests } from "../../db/schema";
import { validation } from "../../errors";
import { createNotification } from "../notifications";
import { type MoveKit, STATUS_NOTIFICATIONS } from "./move-kit";

/** One side's word that the pickup happened; both make it complete. */
export async function confirmPickup({ move, write, tell }: MoveKit): Promise<RequestRow> {
  const { request, actor } = move;
  const mine = actor === "eater" ? { eaterConfirmedAt: new Date() } : { feederConfirmedAt: new Date() };
  const theirs = actor === "eater" ? request.feederConfirmedAt : request.eaterConfirmedAt;
  if (theirs) {
    const updated = await write({ ...mine, status: "completed" });
    // A completion stays in the app, where the review it asks for waits
    // (docs/features/notifications.md point 2).
    await tell(STATUS_NOTIFICATIONS.completed, {}, false);
    return updated;
  }
  const updated = await write(mine);
  await tell(
    actor === "eater"
      ? msg('{{name}} picked up "{{title}}": say so in the thread when you have handed it over')
      : msg('{{name}} handed over "{{title}}": say so in the thread when you have it'),
  );
  return updated;
}

/** The cook typed the eater's code: the pickup happened, for both. */
export async function completeByCode({ write, tell }: MoveKit): Promise<RequestRow> {
  const updated = await write({
    status: "completed",
    feederConfirmedAt: sql`coalesce(${requests.feederConfirmedAt}, now())`,
    eaterConfirmedAt: sql`coalesce(${requests.eaterConfirmedAt}, now())`,
    codeFailures: 0,
  });
  await tell(STATUS_NOTIFICATIONS.completed, {}, false);
  return updated;
}

/**
 * A participant reports, after the window, that the other did not turn up, saying what happened. A
 * side that said the pickup happened is not counted as a no-show on the other's word alone: the
 * request is disputed instead, for an admin to settle.
 */
export async function reportNoShow({ move, write, tell, tx }: MoveKit): Promise<RequestRow> {
  const { actor, change, request } = move;
  if (!change?.reason) throw validation(msg("Say what happened"), { reason: msg("Say what happened") });
  const named = actor === "feeder" ? "eater" : "feeder";
  const theySaidSo = (named === "eater" ? request.eaterConfirmedAt : request.feederConfirmedAt) !== null;
  const updated = await write({
    status: theySaidSo ? "disputed" : "no_show",
    noShowParty: named,
    noShowReason: change.reason,
    ...(theySaidSo ? { disputedAt: new Date() } : {}),
  });
  if (theySaidSo) {
    await tellBoth(
      tx,
      updated,
      move.meal.title,
      msg('The pickup of "{{title}}" is disputed: an admin will look at it'),
    );
  } else {
    await tell(STATUS_NOTIFICATIONS.no_show);
  }
  return updated;
}

/** The side a no-show report names says it is wrong: disputed, for an admin to settle. */
export async function disputeNoShow({ move, write, tx }: MoveKit): Promise<RequestRow> {
  const { change, meal } = move;
  if (!change?.reason) throw validation(msg("Say what happened"), { reason: msg("Say what happened") });
  const updated = await write({ status: "disputed", disputeReason: change.reason, disputedAt: new Date() });
  await tellBoth(
    tx,
    updated,
    meal.title,
    msg('The pickup of "{{title}}" is disputed: an admin will look at it'),
  );
  return updated;
}

/** An admin settles a dispute: the pickup happened, or one side did not turn up. */
export async function settleDispute({ move, write, tx }: MoveKit): Promise<RequestRow> {
  const { to, change, meal } = move;
  const updated = await write(
    to === "completed"
      ? { status: "completed" }
      : { status: "no_show", noShowParty: change?.noShowParty ?? "both" },
  );
  await tellBoth(
    tx,
    updated,
    meal.title,
    to === "completed"
      ? msg('An admin settled the dispute about "{{title}}": the pickup happened')
      : msg('An admin settled the dispute about "{{title}}": it counts as a no-show'),
  );
  return updated;
}

/** Tells both participants of a move nobody of them made alone (in the app only). */
export async function tellBoth(tx: Tx, request: RequestRow, title: string, message: Said): Promise<void> {
  for (const userId of [request.eaterId, request.feederId]) {
    await createNotification(tx, {
      userId,
      type: "request_status",
      message,
      params: { title },
      link: `/request/${request.id}`,
      requestId: request.id,
      deliver: false,
    });
  }
}

/**
 * A day after the window: one side's word and no objection from the other (a no-show report)
 * completes it; nobody's word makes it a no-show on both sides.
 */
export async function settlePickup({ move, write, tx }: MoveKit): Promise<RequestRow> {
  const { request, meal, to } = move;
  const updated = await write(
    to === "completed" ? { status: "completed" } : { status: "no_show", noShowParty: "both" },
  );
  for (const userId of [request.eaterId, request.feederId]) {
    await createNotification(tx, {
      userId,
      type: "request_status",
      message:
        to === "completed"
          ? msg(
              'The pickup of "{{title}}" is completed: one of you confirmed it and the other did not object',
            )
          : msg('Nobody confirmed the pickup of "{{title}}", so it counts as a no-show'),
      params: { title: meal.title },
      link: `/request/${request.id}`,
      requestId: request.id,
      deliver: false,
      dedupeKey: `settle:${request.id}:${userId}`,
    });
  }
  return updated;
}
