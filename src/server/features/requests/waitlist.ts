/**
 * The waiting list (docs/features/households.md point 2): when a meal has too few portions left, an
 * eater may wait for the number they want. When portions come back — a cancellation, an offer turned
 * down or lapsed, the cook raising the count — the `waitlist-offer` job offers them to the first in
 * line whose number fits: a `held` request, kept for them for 30 minutes, which they take up or let
 * lapse (the `request-hold` job), after which the next is offered. Each job is one transaction under
 * the meal's row lock, so two instances or a retry never offer the same portions twice.
 */
import { and, asc, count, eq, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { MyWaitlistPlace } from "../../../contract/meals";
import { msg } from "../../../contract/messages";
import { OFFER_HOLD_MINUTES } from "../../../contract/plain/requests";
import { type Executor, inTransaction } from "../../db/client";
import { type MealRow, requests, type UserRow, users, waitlistEntries } from "../../db/schema";
import { conflict, validation } from "../../errors";
import { keysetBefore } from "../../pagination";
import { askRefusal, assertMayAsk, isMealOpen, lockMeal, portionsLeft } from "../meals";
import { createNotification } from "../notifications";
import { enqueueHoldLapse } from "./jobs";
import { moveRequest } from "./move";
import { findOpenRequest } from "./service";
import { lockRequest } from "./status";

/** How long an offer is kept for the eater it is made to. */
export const HOLD_MS = OFFER_HOLD_MINUTES * 60 * 1000;

/**
 * Puts the member in a meal's waiting list for `portions` (or changes how many they wait for).
 * @returns their place
 * @param freeMealsPer28Days the published fair-use limit, or null (docs/features/fair-shares.md point 4)
 * @throws AppError as `askRefusal` decides for the waiting list (meals/may-ask.ts); 409 enough portions
 *   are free to request them, or they have an open request for it; 400 more portions than the meal has
 *   at all (a wish it could never meet would hold the line)
 */
export async function joinWaitlist(
  db: Executor,
  member: UserRow,
  mealId: string,
  portions: number,
  freeMealsPer28Days: number | null,
): Promise<MyWaitlistPlace> {
  await inTransaction(db, async (tx) => {
    const meal = await assertMayAsk(tx, member, await lockMeal(tx, mealId), {
      way: "waitlist",
      freeMealsPer28Days,
      portions,
      newcomer: null,
    });
    if (portions > meal.portionSize) {
      const message = msg("This meal has {{count}} portions in all.", { count: meal.portionSize });
      throw validation(message, { portions: message });
    }
    if (portionsLeft(meal) >= portions) {
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
 * A member's place in a meal's waiting list (1 + how many wait before them, counted through the line's
 * index: a cost that grows with their place) and how many portions they wait for; null when they are
 * not waiting. How many wait in all is the meal's kept count (docs/decisions/015).
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
        keysetBefore(waitlistEntries.createdAt, waitlistEntries.id, mine),
      ),
    );
  return { portions: mine.portions, position: Number(ahead) + 1 };
}

const offerSchema = z.object({ mealId: z.uuid() });

/**
 * The `waitlist-offer` job: offers a meal's free portions to those waiting, in order, each to the
 * first whose number fits however far down the line (a long line of large wishes cannot keep a small
 * one waiting); those who meanwhile requested the meal, or may no longer ask for it as an offer
 * (meals/may-ask.ts: a block either way, suspended, the group's rule, the fair-use limit), are passed
 * over and taken off the list.
 * @param freeMealsPer28Days the published fair-use limit, or null (docs/features/fair-shares.md point 4)
 * @returns how many offers it made
 */
export async function offerFreedPortions(
  db: Executor,
  data: unknown,
  freeMealsPer28Days: number | null,
): Promise<number> {
  const job = offerSchema.safeParse(data);
  if (!job.success) return 0;
  return inTransaction(db, async (tx) => {
    const meal = await lockMeal(tx, job.data.mealId);
    if (!meal || !isMealOpen(meal)) return 0;
    let left = portionsLeft(meal);
    let offers = 0;
    while (left > 0) {
      const entry = await firstThatFits(tx, meal.id, left);
      if (!entry) break;
      const { userId, portions, id } = entry.entry;
      if (
        (await findOpenRequest(tx, meal.id, userId)) ||
        (await askRefusal(tx, { id: userId, suspendedAt: entry.suspendedAt }, meal, {
          way: "offer",
          freeMealsPer28Days,
          portions,
          newcomer: null,
        }))
      ) {
        await tx.update(waitlistEntries).set({ status: "left" }).where(eq(waitlistEntries.id, id));
        continue;
      }
      await offerTo(tx, meal, entry.entry);
      left -= portions;
      offers += 1;
    }
    return offers;
  });
}

/** The first in line for `mealId` whose number fits in `left` portions: the line's index, one row. */
async function firstThatFits(tx: Executor, mealId: string, left: number) {
  // The first in line whose number fits: the line's index, filtered, one row at a time.
  const [entry] = await tx
    .select({ entry: waitlistEntries, suspendedAt: users.suspendedAt })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(
      and(
        eq(waitlistEntries.mealId, mealId),
        eq(waitlistEntries.status, "waiting"),
        lte(waitlistEntries.portions, left),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(1);
  return entry;
}

/**
 * Offers `entry` its portions: a held request the eater takes up within `OFFER_HOLD_MINUTES`, or
 * which lapses (the `request-hold` job).
 */
async function offerTo(
  tx: Executor,
  meal: Pick<MealRow, "id" | "ownerId" | "title">,
  entry: { id: string; userId: string; portions: number },
) {
  const { userId, portions } = entry;
  const holdUntil = new Date(Date.now() + HOLD_MS);
  const [offer] = await tx
    .insert(requests)
    .values({
      mealId: meal.id,
      eaterId: userId,
      feederId: meal.ownerId,
      status: "held",
      portions,
      portionsRequested: portions,
      holdUntil,
    })
    .returning({ id: requests.id });
  await tx
    .update(waitlistEntries)
    .set({ status: "offered", requestId: offer.id })
    .where(eq(waitlistEntries.id, entry.id));
  await createNotification(tx, {
    userId,
    type: "waitlist_offer",
    message: msg(
      '{{portions}} portions of "{{title}}" are free for you: take them up within {{minutes}} minutes',
    ),
    params: { portions, title: meal.title, minutes: OFFER_HOLD_MINUTES },
    link: `/request/${offer.id}`,
    requestId: offer.id,
  });
  await enqueueHoldLapse(tx, offer.id, holdUntil);
}

const holdSchema = z.object({ requestId: z.uuid() });

/**
 * The `request-hold` job: an offer not taken up in time lapses (move.ts), its portions go back, and
 * the next in line is offered them.
 */
export async function lapseHeldOffer(db: Executor, data: unknown): Promise<void> {
  const job = holdSchema.safeParse(data);
  if (!job.success) return;
  await inTransaction(db, async (tx) => {
    const locked = await lockRequest(tx, job.data.requestId);
    if (locked?.request.status !== "held" || !locked.request.holdUntil) return;
    const { request, meal } = locked;
    // Early (a clock ahead of the database's): wait for the hold's end.
    if (request.holdUntil!.getTime() > Date.now() + 60_000) {
      await enqueueHoldLapse(tx, request.id, request.holdUntil!);
      return;
    }
    await moveRequest(tx, { request, meal, actor: "system", to: "lapsed" });
  });
}

/**
 * Lines up a draw's entrants who got no portions on the meal's waiting list, in draw order
 * (docs/features/fair-shares.md): each place a millisecond after the one before, from `base` (epoch
 * ms), in one statement however many there are.
 * @param line the entrants in draw order, with the portions each wants
 */
export async function lineUpAfterDraw(
  tx: Executor,
  mealId: string,
  line: readonly { userId: string; portions: number }[],
  base: number,
): Promise<void> {
  const places = line.map((entry, index) => ({
    user_id: entry.userId,
    portions: entry.portions,
    place: index,
  }));
  await tx.execute(sql`
    insert into ${waitlistEntries} (meal_id, user_id, portions, created_at)
    select ${mealId}::uuid, user_id, portions, to_timestamp((${base}::bigint + place) / 1000.0)
    from jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as given(user_id uuid, portions int, place bigint)`);
}
