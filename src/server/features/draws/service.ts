/**
 * The draw for a free meal (docs/features/fair-shares.md points 1–3): made when the meal is posted (its
 * secret and the commitment published at once), entered and left while it is open, and read by anyone
 * who can see the meal — the secret, the entrant list, the seed and the order only once it is made
 * (`run.ts`). The algorithm and the ticket rule are the contract's (`src/contract/draw.ts`).
 */
import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import type { DrawEligibility } from "../../../contract/allocation";
import {
  commitmentOf,
  DRAW_ALGORITHM,
  DRAW_DEFAULT_CLOSE_MS,
  type DrawView,
  drawClosed,
  ticketsFor,
} from "../../../contract/draw";
import { msg } from "../../../contract/messages";
import type { NewcomerLimits } from "../../../contract/trust";
import { abilityOf } from "../../abilities";
import { type Executor, inTransaction } from "../../db/client";
import { drawEntries, mealDraws, meals, type UserRow } from "../../db/schema";
import { conflict, notFound, validation } from "../../errors";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { assertMayAsk, isVisibleTo, lastFreeMealReceivedAt, lockMeal } from "../meals";
import { drawNowRefusal } from "./policy";

/** Entries must close at least this long from now, so there is a moment to enter at all. */
const DRAW_MIN_OPEN_MS = 60 * 1000;

/**
 * Sets up the draw of a meal just posted, in the transaction that posts it: a fresh 32-byte secret, its
 * commitment, and the job that draws when entries close.
 * @param closesAt when entries close (validated by the contract); by default an hour after posting,
 *   or halfway to the pickup's start when that comes sooner (docs/features/fair-shares.md point 2)
 * @param eligibility who may enter: everyone, or neighbours only (docs/decisions/020)
 * @throws AppError 400 when entries would close less than a minute from now (a pickup about to start)
 */
export async function createDraw(
  tx: Executor,
  meal: { id: string; pickupWindowStart: Date },
  closesAt?: Date,
  eligibility: DrawEligibility = "everyone",
): Promise<void> {
  // By default halfway to the pickup when that comes sooner than an hour: winners need time to come.
  const now = Date.now();
  const closes =
    closesAt ??
    new Date(Math.min(now + DRAW_DEFAULT_CLOSE_MS, now + (meal.pickupWindowStart.getTime() - now) / 2));
  if (closes.getTime() < Date.now() + DRAW_MIN_OPEN_MS) {
    const message = msg(
      "A draw needs time to enter: close it at least a minute from now, before the pickup starts.",
    );
    throw validation(message, { drawClosesAt: message });
  }
  const secret = randomBytes(32).toString("hex");
  await tx.insert(mealDraws).values({
    mealId: meal.id,
    algorithm: DRAW_ALGORITHM,
    secret,
    commitment: commitmentOf(secret),
    closesAt: closes,
    eligibility,
  });
  await enqueueJob(tx, QUEUES.mealDraw, { mealId: meal.id }, { startAfter: closes });
}

/** What a draw publishes: its rule and commitment, and once made, everything needed to check it. */
function publishedDraw(draw: typeof mealDraws.$inferSelect): DrawView["published"] {
  const made = draw.drawnAt !== null;
  return {
    algorithm: draw.algorithm,
    commitment: draw.commitment,
    closesAt: draw.closesAt.toISOString(),
    eligibility: draw.eligibility,
    drawnAt: draw.drawnAt?.toISOString() ?? null,
    // The secret leaves the server only once the draw is made.
    secret: made ? draw.secret : null,
    entrants: made ? draw.entrants : null,
    listHash: made ? draw.listHash : null,
    seed: made ? draw.seed : null,
    order: made ? draw.drawOrder : null,
    passedOver: made ? (draw.passedOver ?? []) : null,
    results: made ? draw.results : null,
  };
}

/**
 * A meal's draw as `viewer` reads it: when it closes, the commitment, how many entered, the viewer's own
 * entry (or the tickets they would get), and — once made — everything needed to check it.
 * @throws AppError 404 a meal the viewer cannot see, or one without a draw
 */
export async function getDraw(
  db: Executor,
  viewer: Pick<UserRow, "id" | "createdAt"> | null,
  mealId: string,
): Promise<DrawView> {
  const [meal] = await db
    .select({
      ownerId: meals.ownerId,
      membersOnly: meals.membersOnly,
      groupId: meals.groupId,
      hidden: meals.hiddenByAdmin,
      heldForReview: meals.heldForReview,
    })
    .from(meals)
    .where(eq(meals.id, mealId))
    .limit(1);
  // Signed out, the draw of a meal anyone may see: a members-only or hidden meal is not found.
  const visible = viewer
    ? !(meal?.hidden && meal.ownerId !== viewer.id) && meal && (await isVisibleTo(db, viewer.id, meal))
    : meal && !meal.hidden && !meal.membersOnly;
  if (!meal || !visible) throw notFound(msg("Meal not found"));
  const [draw] = await db.select().from(mealDraws).where(eq(mealDraws.mealId, mealId)).limit(1);
  if (!draw) throw notFound(msg("This meal has no draw."));
  const [[{ entries }], [mine]] = await Promise.all([
    db.select({ entries: count() }).from(drawEntries).where(eq(drawEntries.mealId, mealId)),
    viewer
      ? db
          .select({ id: drawEntries.id, portions: drawEntries.portions, tickets: drawEntries.tickets })
          .from(drawEntries)
          .where(and(eq(drawEntries.mealId, mealId), eq(drawEntries.userId, viewer.id)))
          .limit(1)
      : [],
  ]);
  return {
    mealId,
    entries: Number(entries),
    abilities: {
      drawNow: abilityOf(
        drawNowRefusal(viewer?.id ?? null, meal, { drawnAt: draw.drawnAt, entries: Number(entries) }),
      ),
    },
    mine: mine ?? null,
    ticketsIfEntered: mine
      ? mine.tickets
      : viewer
        ? ticketsFor({
            accountCreatedAt: viewer.createdAt.toISOString(),
            lastFreeMealAt: await lastFreeMealReceivedAt(db, viewer.id),
          })
        : null,
    published: publishedDraw(draw),
  };
}

/**
 * Enters the member in a meal's draw for `portions` (or changes how many), with the tickets the rule
 * gives them now (kept when they change their portions).
 * @param freeMealsPer28Days the published fair-use limit, or null (docs/features/fair-shares.md point 4)
 * @param newcomerLimits the deployment's newcomer limits (docs/decisions/020 "Limits")
 * @throws AppError as `askRefusal` decides for a draw entry (meals/may-ask.ts: 404, 403 own meal, a
 *   block or suspended, a newcomer at their limit or kept out of a draw for neighbours, 409 closed meal,
 *   another account of the same person entered, or the fair-use limit); 409 `no_draw` for a meal given otherwise,
 *   `draw_closed` once entries have closed; 400 more portions than the meal has
 */
export async function enterDraw(
  db: Executor,
  member: UserRow,
  mealId: string,
  portions: number,
  freeMealsPer28Days: number | null,
  newcomerLimits: NewcomerLimits,
): Promise<DrawView> {
  await inTransaction(db, async (tx) => {
    const meal = await assertMayAsk(tx, member, await lockMeal(tx, mealId), {
      way: "draw",
      freeMealsPer28Days,
      portions,
      newcomer: newcomerLimits,
    });
    const [draw] = await tx.select().from(mealDraws).where(eq(mealDraws.mealId, mealId)).limit(1);
    if (!draw) throw conflict(msg("This meal is not given by a draw: request it instead."), "no_draw");
    if (drawClosed(draw)) throw conflict(msg("Entries for this draw have closed."), "draw_closed");
    if (portions > meal.portionSize) {
      const message = msg("This meal has {{count}} portions in all.", { count: meal.portionSize });
      throw validation(message, { portions: message });
    }
    const tickets = ticketsFor({
      accountCreatedAt: member.createdAt.toISOString(),
      lastFreeMealAt: await lastFreeMealReceivedAt(tx, member.id),
    });
    await tx
      .insert(drawEntries)
      .values({ mealId, userId: member.id, portions, tickets })
      .onConflictDoUpdate({ target: [drawEntries.mealId, drawEntries.userId], set: { portions } });
  });
  return getDraw(db, member, mealId);
}

/**
 * Takes the member's entry out of a meal's draw while entries are open; leaving twice is harmless.
 * @throws AppError 409 `draw_closed` once entries have closed (`drawClosed`)
 */
export async function leaveDraw(db: Executor, member: UserRow, mealId: string): Promise<DrawView> {
  await inTransaction(db, async (tx) => {
    const [draw] = await tx
      .select()
      .from(mealDraws)
      .where(eq(mealDraws.mealId, mealId))
      .for("share")
      .limit(1);
    if (draw && drawClosed(draw)) throw conflict(msg("Entries for this draw have closed."), "draw_closed");
    await tx
      .delete(drawEntries)
      .where(and(eq(drawEntries.mealId, mealId), eq(drawEntries.userId, member.id)));
  });
  return getDraw(db, member, mealId);
}
