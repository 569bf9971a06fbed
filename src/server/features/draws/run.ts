/**
 * Making a meal's draw (docs/features/fair-shares.md point 2): when entries close (the `meal-draw` job)
 * or when its cook says Draw now. One transaction under the meal's row lock and then the draw's: the
 * first to get there fixes the entrant list, derives the seed from the committed secret and the list's
 * hash, runs the contract's `drawOrder`, gives winners accepted requests for their portions while
 * portions last (through `moveRequest`, like any accept), passes over — publishing who and why — a
 * winner who may no longer ask (meals/may-ask.ts), puts the others on the waiting list in draw order,
 * and publishes everything with the secret. Whoever comes second — another instance, a retry,
 * the cook a moment late — finds it made and changes nothing.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  canonicalEntrants,
  type DrawEntrant,
  type DrawResult,
  drawOrder,
  drawSeed,
  entrantListHash,
  type PassedOver,
} from "../../../contract/draw";
import { msg } from "../../../contract/messages";
import { authorize } from "../../abilities";
import { type Executor, inTransaction, queryRows, type Tx } from "../../db/client";
import { drawEntries, mealDraws, meals, users, waitlistEntries } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { notBlockedWith } from "../blocks";
import { askRefusal, lockMeal, portionsLeft } from "../meals";
import { createNotification, createNotifications } from "../notifications";
import { insertDrawnRequest, lineUpAfterDraw, moveRequest } from "../requests";
import { drawNowRefusal } from "./policy";

/** What a draw did. */
export interface DrawOutcome {
  drawn: boolean;
  winners: number;
  waiting: number;
}

const NOT_DRAWN: DrawOutcome = { drawn: false, winners: 0, waiting: 0 };

/**
 * Makes the draw of meal `mealId` if it is not made yet, in `tx`.
 * @param due only a draw whose entries have closed (the job); the cook's Draw now passes false
 * @param freeMealsPer28Days the published fair-use limit, or null: a winner at it is passed over
 */
async function makeDraw(
  tx: Tx,
  mealId: string,
  due: boolean,
  freeMealsPer28Days: number | null,
): Promise<DrawOutcome> {
  const meal = await lockMeal(tx, mealId);
  if (!meal) return NOT_DRAWN;
  const [draw] = await tx.select().from(mealDraws).where(eq(mealDraws.mealId, mealId)).for("update").limit(1);
  if (!draw || draw.drawnAt) return NOT_DRAWN;
  if (due && draw.closesAt.getTime() > Date.now()) return NOT_DRAWN;

  const entries = await entriesOf(tx, mealId, meal.ownerId);
  const entrants: DrawEntrant[] = canonicalEntrants(
    entries.map(({ id, portions, tickets }) => ({ id, portions, tickets })),
  );
  const listHash = entrantListHash(entrants);
  const seed = drawSeed(draw.secret, listHash);
  const order = drawOrder(entrants, seed);

  const { winners, line, passedOver, results } = await giveOutPortions(
    tx,
    meal,
    entries,
    order,
    freeMealsPer28Days,
  );
  await tx
    .update(mealDraws)
    .set({ drawnAt: sql`now()`, entrants, listHash, seed, drawOrder: order, passedOver, results })
    .where(eq(mealDraws.mealId, mealId));
  await lineUpAndTell(tx, meal, line);
  return { drawn: true, winners, waiting: line.length };
}

/**
 * The meal's entries, each with whether a block either way lies between its member and the cook, or
 * its member is suspended: one statement, so a line of thousands costs no statement each.
 */
function entriesOf(tx: Tx, mealId: string, cookId: string) {
  return tx
    .select({
      id: drawEntries.id,
      userId: drawEntries.userId,
      portions: drawEntries.portions,
      tickets: drawEntries.tickets,
      suspendedAt: users.suspendedAt,
      unblocked: sql<boolean>`${notBlockedWith(cookId, sql`${drawEntries.userId}`)}`,
    })
    .from(drawEntries)
    .innerJoin(users, eq(users.id, drawEntries.userId))
    .where(eq(drawEntries.mealId, mealId));
}

type Entry = Awaited<ReturnType<typeof entriesOf>>[number];

/**
 * Gives the winners in draw `order` their portions while portions last, as accepted requests; the
 * rest wait in `line`. Each winner is asked the one question every way in asks (meals/may-ask.ts): a
 * block either way, a suspension, the group's rule or the fair-use limit since entering passes them
 * over, and the next in order is a winner instead. Who was passed over is published with the draw,
 * only as "at the fair-use limit" or "may no longer ask" (a block or a suspension is nobody else's
 * business). Those on the line are asked when an offer reaches them (requests/waitlist.ts).
 */
async function giveOutPortions(
  tx: Tx,
  meal: NonNullable<Awaited<ReturnType<typeof lockMeal>>>,
  entries: Entry[],
  order: string[],
  freeMealsPer28Days: number | null,
) {
  const [cook] = await tx.select().from(users).where(eq(users.id, meal.ownerId)).limit(1);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const moving = { ...meal };
  let winners = 0;
  const line: typeof entries = [];
  const passedOver: PassedOver[] = [];
  const results: DrawResult[] = [];
  for (const entryId of order) {
    const entry = byId.get(entryId)!;
    if (!entry.unblocked || entry.suspendedAt) {
      passedOver.push({ id: entry.id, reason: "not_eligible" });
      results.push({ id: entry.id, outcome: "passed_over", reason: "not_eligible" });
      continue;
    }
    if (portionsLeft(moving) < entry.portions) {
      line.push(entry);
      results.push({ id: entry.id, outcome: "waiting", place: line.length });
      continue;
    }
    const refusal = await askRefusal(tx, { id: entry.userId, suspendedAt: entry.suspendedAt }, meal, {
      way: "draw_win",
      freeMealsPer28Days,
      newcomer: null,
      portions: entry.portions,
    });
    if (refusal) {
      const reason = refusal.code === "fair_use" ? "fair_use" : "not_eligible";
      passedOver.push({ id: entry.id, reason });
      results.push({ id: entry.id, outcome: "passed_over", reason });
      continue;
    }
    const request = await insertDrawnRequest(tx, {
      mealId: meal.id,
      eaterId: entry.userId,
      feederId: meal.ownerId,
      portions: entry.portions,
    });
    await moveRequest(tx, {
      request,
      meal: moving,
      actor: "feeder",
      member: cook,
      to: "accepted",
      change: { drawn: true },
    });
    moving.portionsTaken += entry.portions;
    winners++;
    results.push({ id: entry.id, outcome: "portions", portions: entry.portions });
  }
  return { winners, line, passedOver, results };
}

/**
 * Puts the draw's `line` on the waiting list in draw order, each place a millisecond after the one
 * before, in a few statements, and tells the cook the draw is made.
 */
async function lineUpAndTell(tx: Tx, meal: { id: string; ownerId: string; title: string }, line: Entry[]) {
  const base = Date.now();
  await lineUpAfterDraw(tx, meal.id, line, base);
  // Telling each their place is the `meal-draw-line` job's, just after: the result is fixed here, and
  // thousands of notifications do not hold the meal's lock.
  if (line.length > 0)
    await enqueueJob(tx, QUEUES.drawLine, {
      mealId: meal.id,
      from: new Date(base).toISOString(),
      through: new Date(base + line.length - 1).toISOString(),
    });
  await createNotification(tx, {
    userId: meal.ownerId,
    type: "draw",
    message: msg('The draw for "{{title}}" is made'),
    params: { title: meal.title },
    link: `/meal/${meal.id}/draw`,
    deliver: false,
  });
}

const jobSchema = z.object({ mealId: z.uuid() });

/**
 * The `meal-draw` job: makes a meal's draw once its entries have closed (nothing when it is made
 * already, or its meal is gone).
 */
export async function runScheduledDraw(
  db: Executor,
  data: unknown,
  freeMealsPer28Days: number | null,
): Promise<DrawOutcome> {
  const job = jobSchema.safeParse(data);
  if (!job.success) return NOT_DRAWN;
  return inTransaction(db, (tx) => makeDraw(tx, job.data.mealId, true, freeMealsPer28Days));
}

/**
 * The cook's Draw now, before entries close.
 * @throws AppError 404 no such meal or draw; 403 someone else's meal; 409 `already_drawn`, or
 *   `no_entries` while nobody has entered
 */
export async function drawNow(
  db: Executor,
  cookId: string,
  mealId: string,
  freeMealsPer28Days: number | null,
): Promise<DrawOutcome> {
  return inTransaction(db, async (tx) => {
    const [meal] = await tx
      .select({ ownerId: meals.ownerId })
      .from(meals)
      .where(eq(meals.id, mealId))
      .limit(1);
    const [draw] = await tx.select().from(mealDraws).where(eq(mealDraws.mealId, mealId)).limit(1);
    if (!meal || !draw) throw notFound(msg("This meal has no draw."));
    const [entered] = await tx
      .select({ id: drawEntries.id })
      .from(drawEntries)
      .where(eq(drawEntries.mealId, mealId))
      .limit(1);
    authorize(drawNowRefusal(cookId, meal, { drawnAt: draw.drawnAt, entries: entered ? 1 : 0 }));
    const outcome = await makeDraw(tx, mealId, false, freeMealsPer28Days);
    if (!outcome.drawn) throw conflict(msg("This draw is made already."), "already_drawn");
    return outcome;
  });
}

const lineJobSchema = z.object({ mealId: z.uuid(), from: z.iso.datetime(), through: z.iso.datetime() });

/**
 * The `meal-draw-line` job: tells everyone a draw put on the waiting list their place ("you are number
 * 2 on the waiting list"), in one transaction of a few statements however long the line. Those who
 * have meanwhile left the line or been offered portions are not told; a run that finds the line told
 * already (a retry after a crash) tells nobody again.
 * @returns how many were told
 */
export async function tellDrawLine(db: Executor, data: unknown): Promise<number> {
  const job = lineJobSchema.safeParse(data);
  if (!job.success) return 0;
  const { mealId, from, through } = job.data;
  return inTransaction(db, async (tx) => {
    const [meal] = await tx.select({ title: meals.title }).from(meals).where(eq(meals.id, mealId)).limit(1);
    if (!meal) return 0;
    const line = await queryRows<{ user_id: string; place: number; status: string }>(
      tx,
      sql`select user_id, status, row_number() over (order by created_at, id)::int as place
          from ${waitlistEntries}
          where meal_id = ${mealId} and created_at between ${from}::timestamptz and ${through}::timestamptz
          order by created_at, id`,
    );
    if (line.length === 0) return 0;
    const [told] = await queryRows<{ one: number }>(
      tx,
      sql`select 1 as one from notifications where user_id = ${line[0].user_id} and type = 'draw'
            and link = ${`/meal/${mealId}`} limit 1`,
    );
    if (told) return 0;
    const waiting = line.filter((entry) => entry.status === "waiting");
    await createNotifications(
      tx,
      waiting.map((entry) => ({
        userId: entry.user_id,
        type: "draw" as const,
        message: msg('The draw for "{{title}}" is made: you are number {{position}} on the waiting list'),
        params: { title: meal.title, position: entry.place },
        link: `/meal/${mealId}`,
      })),
    );
    return waiting.length;
  });
}
