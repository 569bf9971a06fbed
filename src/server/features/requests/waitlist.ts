/**
 * The waiting list (docs/features/households.md point 2): when a meal has too few portions left, an
 * eater may wait for the number they want. When portions come back — a cancellation, an offer turned
 * down or lapsed, the cook raising the count — the `waitlist-offer` job offers them to the first in
 * line whose number fits: a `held` request, kept for them for 30 minutes, which they take up or let
 * lapse (the `request-hold` job), after which the next is offered. Each job is one transaction under
 * the meal's row lock, so two instances or a retry never offer the same portions twice.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { MyWaitlistPlace } from "../../../contract/meals";
import { msg } from "../../../contract/messages";
import { type Executor, inTransaction } from "../../db/client";
import { meals, requests, type UserRow, waitlistEntries } from "../../db/schema";
import { AppError, conflict, forbidden, notFound } from "../../errors";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { publishLiveEvents } from "../../live/hub";
import { blockedEitherWay } from "../blocks/service";
import { isMealOpen } from "../meals/policy";
import { createNotification } from "../notifications/service";
import { findOpenRequest, REQUEST_BLOCKED } from "./service";
import { statusEvent } from "./status";

/** How long an offer is kept for the eater it is made to. */
export const HOLD_MS = 30 * 60 * 1000;
/** Places in line one offer run looks at, at most (a long line is worked through run after run). */
const LINE_READ = 50;

/** Queues offering a meal's freed portions; call it in the transaction that frees them. */
export async function enqueueWaitlistOffer(tx: Executor, mealId: string): Promise<void> {
  await enqueueJob(tx, QUEUES.waitlistOffer, { mealId });
}

/**
 * Puts the member in a meal's waiting list for `portions` (or changes how many they wait for).
 * @returns their place
 * @throws AppError 404 unknown meal; 403 their own meal, or a block between them and the cook; 409 the
 *   meal is closed, enough portions are free to request them, or they have an open request for it
 */
export async function joinWaitlist(
  db: Executor,
  member: UserRow,
  mealId: string,
  portions: number,
): Promise<MyWaitlistPlace> {
  await inTransaction(db, async (tx) => {
    const [meal] = await tx.select().from(meals).where(eq(meals.id, mealId)).for("update").limit(1);
    if (!meal) throw notFound(msg("Meal not found"));
    if (meal.ownerId === member.id) throw forbidden(msg("You cannot request your own meal."));
    if (await blockedEitherWay(tx, member.id, meal.ownerId))
      throw new AppError(403, "blocked", REQUEST_BLOCKED);
    if (!meal.isActive || !isMealOpen(meal))
      throw conflict(msg("This meal is no longer available."), "meal_inactive");
    if (meal.portionSize - meal.portionsTaken >= portions) {
      throw conflict(msg("Enough portions are free: request them instead."), "portions_free");
    }
    if (await findOpenRequest(tx, mealId, member.id))
      throw conflict(msg("You already have an open request for this meal."), "request_exists");
    const [waiting] = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.mealId, mealId),
          eq(waitlistEntries.userId, member.id),
          eq(waitlistEntries.status, "waiting"),
        ),
      )
      .limit(1);
    if (waiting) await tx.update(waitlistEntries).set({ portions }).where(eq(waitlistEntries.id, waiting.id));
    else await tx.insert(waitlistEntries).values({ mealId, userId: member.id, portions });
  });
  return (await waitlistPlace(db, member.id, mealId))!;
}

/** Takes the member off a meal's waiting list; leaving twice is harmless. */
export async function leaveWaitlist(
  db: Executor,
  member: Pick<UserRow, "id">,
  mealId: string,
): Promise<void> {
  await db
    .update(waitlistEntries)
    .set({ status: "left" })
    .where(
      and(
        eq(waitlistEntries.mealId, mealId),
        eq(waitlistEntries.userId, member.id),
        eq(waitlistEntries.status, "waiting"),
      ),
    );
}

/**
 * A member's place in a meal's waiting list (how many wait before them, counted through the line's
 * index), and how many wait in all; null when they are not waiting.
 */
export async function waitlistPlace(
  db: Executor,
  userId: string,
  mealId: string,
): Promise<MyWaitlistPlace | null> {
  const [mine] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.mealId, mealId),
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.status, "waiting"),
      ),
    )
    .limit(1);
  if (!mine) return null;
  const [{ ahead }] = await db
    .select({ ahead: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.mealId, mealId),
        eq(waitlistEntries.status, "waiting"),
        sql`(${waitlistEntries.createdAt}, ${waitlistEntries.id}) < (${mine.createdAt.toISOString()}::timestamptz, ${mine.id}::uuid)`,
      ),
    );
  return { portions: mine.portions, position: Number(ahead) + 1 };
}

const offerSchema = z.object({ mealId: z.uuid() });

/**
 * The `waitlist-offer` job: offers a meal's free portions to those waiting, in order, each to the
 * first whose number fits; those who meanwhile requested the meal, or blocked the cook, are passed
 * over and taken off the list.
 * @returns how many offers it made
 */
export async function offerFreedPortions(db: Executor, data: unknown): Promise<number> {
  const job = offerSchema.safeParse(data);
  if (!job.success) return 0;
  return inTransaction(db, async (tx) => {
    const [meal] = await tx.select().from(meals).where(eq(meals.id, job.data.mealId)).for("update").limit(1);
    if (!meal?.isActive || !isMealOpen(meal)) return 0;
    let left = meal.portionSize - meal.portionsTaken;
    if (left <= 0) return 0;
    const line = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.mealId, meal.id), eq(waitlistEntries.status, "waiting")))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(LINE_READ);
    let offers = 0;
    for (const entry of line) {
      if (entry.portions > left) continue;
      if (
        (await findOpenRequest(tx, meal.id, entry.userId)) ||
        (await blockedEitherWay(tx, entry.userId, meal.ownerId))
      ) {
        await tx.update(waitlistEntries).set({ status: "left" }).where(eq(waitlistEntries.id, entry.id));
        continue;
      }
      const holdUntil = new Date(Date.now() + HOLD_MS);
      const [offer] = await tx
        .insert(requests)
        .values({
          mealId: meal.id,
          eaterId: entry.userId,
          ownerId: meal.ownerId,
          status: "held",
          portions: entry.portions,
          portionsRequested: entry.portions,
          holdUntil,
        })
        .returning({ id: requests.id });
      await tx
        .update(waitlistEntries)
        .set({ status: "offered", requestId: offer.id })
        .where(eq(waitlistEntries.id, entry.id));
      await createNotification(tx, {
        userId: entry.userId,
        type: "waitlist_offer",
        message: msg('{{portions}} portions of "{{title}}" are free for you: take them up within 30 minutes'),
        params: { portions: entry.portions, title: meal.title },
        link: `/request/${offer.id}`,
        requestId: offer.id,
      });
      await enqueueJob(tx, QUEUES.requestHold, { requestId: offer.id }, { startAfter: holdUntil });
      left -= entry.portions;
      offers += 1;
      if (left <= 0) break;
    }
    return offers;
  });
}

const holdSchema = z.object({ requestId: z.uuid() });

/**
 * The `request-hold` job: an offer not taken up in time lapses, its portions go back, and the next in
 * line is offered them.
 */
export async function lapseHeldOffer(db: Executor, data: unknown): Promise<void> {
  const job = holdSchema.safeParse(data);
  if (!job.success) return;
  await inTransaction(db, async (tx) => {
    const [target] = await tx
      .select({ mealId: requests.mealId })
      .from(requests)
      .where(eq(requests.id, job.data.requestId))
      .limit(1);
    if (!target) return;
    // The meal first, as every change of its portions locks it.
    const [meal] = await tx
      .select({ id: meals.id, title: meals.title, pickupWindowStart: meals.pickupWindowStart })
      .from(meals)
      .where(eq(meals.id, target.mealId))
      .for("update")
      .limit(1);
    const [held] = await tx
      .select()
      .from(requests)
      .where(eq(requests.id, job.data.requestId))
      .for("update")
      .limit(1);
    if (held.status !== "held" || !held.holdUntil) return;
    // Early (a clock ahead of the database's): wait for the hold's end.
    if (held.holdUntil.getTime() > Date.now() + 60_000) {
      await enqueueJob(tx, QUEUES.requestHold, { requestId: held.id }, { startAfter: held.holdUntil });
      return;
    }
    const [lapsed] = await tx
      .update(requests)
      .set({ status: "lapsed", holdUntil: null, updatedAt: sql`now()` })
      .where(eq(requests.id, held.id))
      .returning();
    await createNotification(tx, {
      userId: lapsed.eaterId,
      type: "request_status",
      message: msg(
        'The portions of "{{title}}" offered to you were not taken up in time and went to the next in line',
      ),
      params: { title: meal.title },
      link: `/request/${lapsed.id}`,
      requestId: lapsed.id,
      deliver: false,
    });
    await publishLiveEvents(tx, [
      statusEvent(lapsed, meal, lapsed.ownerId, "owner"),
      statusEvent(lapsed, meal, lapsed.eaterId, "eater"),
    ]);
    await enqueueWaitlistOffer(tx, meal.id);
  });
}
