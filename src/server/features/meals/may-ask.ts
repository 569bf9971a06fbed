/**
 * "May this member ask for this meal?" — decided here and nowhere else (docs/ARCHITECTURE.md "Where
 * to find a rule"; docs/features/fair-shares.md point 4; docs/DESIGN.md §4 "Requests"). Every way a
 * member comes to hold portions asks `askRefusal` with the way it is (`AskWay`): a request, a
 * waiting-list place, a draw entry, an offer made from the waiting list or taken up, a draw's winner,
 * and the cook's accept. One way differs from another only in which of the same checks apply
 * (`CHECKS`), never in how a check is made. The meal's abilities sent to the browser are read from the
 * same decision (`mealAbilities`), so the client shows what the server would allow and re-derives
 * nothing.
 *
 * The fair-use limit is counted and the portions taken under one lock per eater
 * (`pg_advisory_xact_lock`, held to the end of the transaction), so concurrent asks and accepts
 * cannot race past it: whoever comes second counts what the first took.
 */
import { sql } from "drizzle-orm";
import type { FairUse } from "../../../contract/draw";
import { msg } from "../../../contract/messages";
import { type Executor, queryRows } from "../../db/client";
import type { MealRow } from "../../db/schema";
import { AppError, conflict, forbidden } from "../../errors";
import { blockedEitherWay } from "../blocks/service";
import { askRefusalInGroup } from "../groups/membership";
import { fairUseOf, isMealOpen, portionsLeft } from "./availability";

/**
 * How a member comes to hold portions of a meal:
 * - `request`: they send a request;
 * - `waitlist`: they join its waiting list;
 * - `draw`: they enter its draw;
 * - `offer`: the waiting list offers them freed portions, or they take such an offer up;
 * - `draw_win`: a draw picks them;
 * - `accept`: the cook accepts their pending request.
 */
export type AskWay = "request" | "waitlist" | "draw" | "offer" | "draw_win" | "accept";

/**
 * What the decision needs besides the member and the meal. Every field is required: a caller that
 * forgets the fair-use limit does not silently mean "no limit".
 */
export interface AskContext {
  way: AskWay;
  /** The deployment's `FREE_MEALS_PER_28_DAYS`, or null when it publishes none (config.ts). */
  freeMealsPer28Days: number | null;
  /** Portions asked for: checked against those left by a request only (0 skips the check). */
  portions: number;
}

/** The member who asks: their id and whether an admin suspended them. */
export interface Asker {
  id: string;
  suspendedAt: Date | null;
}

/** The part of a meal the decision reads. */
export type AskMeal = Pick<
  MealRow,
  | "id"
  | "ownerId"
  | "isActive"
  | "pickupWindowEnd"
  | "membersOnly"
  | "groupId"
  | "allocation"
  | "kind"
  | "portionSize"
  | "portionsTaken"
>;

/** What a blocked request, waiting-list place or draw entry answers (docs/features/food-safety.md point 5). */
export const ASK_BLOCKED = msg("You can't request this meal because one of you has blocked the other.");

type Check = "own" | "open" | "openDraw" | "portions";

/**
 * Which of the checks each way makes, beyond those every way makes (the meal exists, its group lets
 * the member, no block either way, not suspended, the fair-use limit). An offer or a draw's winner was
 * already in line or entered, so a draw being open or the portions are the job's own to weigh; an
 * accept is the cook's, on a request the member made when they could.
 */
const CHECKS: Record<AskWay, readonly Check[]> = {
  request: ["own", "open", "openDraw", "portions"],
  waitlist: ["own", "open", "openDraw"],
  draw: ["own", "open"],
  offer: ["open"],
  draw_win: ["open"],
  accept: [],
};

/**
 * Why `member` may not come to hold portions of `meal` in the way `context` names, or null when they
 * may. Call it under the meal's row lock (`select … for update`): it takes the eater's fair-use lock
 * too, when the limit applies, so the caller's insert or accept stays within it.
 * @param meal the locked row, or undefined when no meal has that id
 * @returns AppError 404 no such meal, or a members-only meal of a group they are not in; 403 their own
 *   meal, a block either way, a suspended member, or a newcomer the group keeps from requesting; 409
 *   `rules_changed`, `meal_inactive`, `meal_expired`, `draw_open` (a draw still to be made gives its
 *   portions), `fair_use` (with `nextAt`), `fully_reserved` or `not_enough_portions` (with `count`)
 */
export async function askRefusal(
  tx: Executor,
  member: Asker,
  meal: AskMeal | undefined,
  context: AskContext,
): Promise<AppError | null> {
  if (!meal) return new AppError(404, "not_found", msg("Meal not found"));
  const checks = CHECKS[context.way];
  const inGroup = await askRefusalInGroup(tx, member.id, meal);
  if (inGroup) return inGroup;
  if (checks.includes("own") && meal.ownerId === member.id)
    return forbidden(msg("You cannot request your own meal."));
  if (member.suspendedAt) return new AppError(403, "suspended", msg("Your account is suspended."));
  if (await blockedEitherWay(tx, member.id, meal.ownerId)) return new AppError(403, "blocked", ASK_BLOCKED);
  if (checks.includes("open")) {
    const closed = mealClosedRefusal(meal);
    if (closed) return closed;
  }
  if (checks.includes("openDraw") && (await givenByOpenDraw(tx, meal)))
    return conflict(msg("Portions of this meal are given by a draw: enter it instead."), "draw_open");
  const overLimit = await fairUseRefusal(tx, member.id, meal, context.freeMealsPer28Days);
  if (overLimit) return overLimit;
  if (checks.includes("portions") && context.portions > 0) return portionsRefusal(meal, context.portions);
  return null;
}

/**
 * `askRefusal`, thrown.
 * @throws AppError as `askRefusal` decides
 */
export async function assertMayAsk(
  tx: Executor,
  member: Asker,
  meal: AskMeal | undefined,
  context: AskContext,
): Promise<void> {
  const refusal = await askRefusal(tx, member, meal, context);
  if (refusal) throw refusal;
}

/**
 * Why nothing that needs a meal open (a request, a waiting-list place, an offer) may happen now, or
 * null while it is open.
 * @returns AppError 409 `meal_inactive` (taken down or deactivated) or `meal_expired` (its pickup
 *   window has ended)
 */
export function mealClosedRefusal(meal: Pick<MealRow, "isActive" | "pickupWindowEnd">): AppError | null {
  if (!meal.isActive) return conflict(msg("This meal is no longer available."), "meal_inactive");
  if (!isMealOpen(meal)) return conflict(msg("The pickup window for this meal has ended."), "meal_expired");
  return null;
}

/**
 * Why `portions` of a meal cannot be taken now, or null when enough are left.
 * @returns AppError 409 `fully_reserved` when none are left, `not_enough_portions` (with `count`) when
 *   fewer than `portions` are
 */
export function portionsRefusal(
  meal: Pick<MealRow, "portionSize" | "portionsTaken">,
  portions: number,
): AppError | null {
  const left = portionsLeft(meal);
  if (left <= 0) return conflict(msg("This meal is fully reserved."), "fully_reserved");
  if (portions > left)
    return conflict(msg("Only {{count}} portions are left.", { count: left }), "not_enough_portions", {
      count: left,
    });
  return null;
}

/**
 * Whether a draw still to be made gives a meal's portions (docs/features/fair-shares.md point 1): its
 * entrants ask by entering, so requests and the waiting list wait until it is made.
 */
async function givenByOpenDraw(tx: Executor, meal: Pick<MealRow, "id" | "allocation">): Promise<boolean> {
  if (meal.allocation !== "draw") return false;
  const [open] = await queryRows<{ one: number }>(
    tx,
    sql`select 1 as one from meal_draws where meal_id = ${meal.id} and drawn_at is null limit 1`,
  );
  return Boolean(open);
}

/**
 * Takes the eater's fair-use lock until the transaction ends: every count of their free meals that
 * leads to a write is made under it (one key per eater, so different eaters never wait on each other).
 */
export async function lockFairUse(tx: Executor, memberId: string): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext('fair-use'), hashtext(${memberId}))::text`);
}

/**
 * Why a member at the published fair-use limit may not come to hold a free meal
 * (docs/features/fair-shares.md point 4), saying when the next is possible; null below it, without a
 * limit, or for a paid meal. Takes the eater's fair-use lock first when it counts.
 * @returns AppError 409 `fair_use` (with `nextAt`, an ISO date-time)
 */
async function fairUseRefusal(
  tx: Executor,
  memberId: string,
  meal: Pick<MealRow, "kind">,
  limit: number | null,
): Promise<AppError | null> {
  if (limit === null || meal.kind !== "free") return null;
  await lockFairUse(tx, memberId);
  const use = await fairUseOf(tx, memberId, limit);
  return use.nextAt ? fairUseConflict({ ...use, nextAt: use.nextAt }) : null;
}

/** The refusal of a member at the limit, naming the date their next free meal is possible. */
export function fairUseConflict(use: FairUse & { nextAt: string }): AppError {
  return conflict(
    msg(
      "You have had {{count}} free meals in the last 28 days, the limit here. Your next is possible on {{date}}.",
      { count: use.used, date: use.nextAt.slice(0, 10) },
    ),
    "fair_use",
    { nextAt: use.nextAt },
  );
}
