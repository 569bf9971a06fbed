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
import { drawClosed, FAIR_USE_DAYS, type FairUse } from "../../../contract/draw";
import type { MealAbilities } from "../../../contract/meals";
import { msg } from "../../../contract/messages";
import type { NewcomerLimits } from "../../../contract/trust";
import { abilityOf } from "../../abilities";
import { type Executor, queryRows } from "../../db/client";
import { type MealRow, OPEN_REQUEST_STATUSES_SQL } from "../../db/schema";
import { AppError, conflict, forbidden } from "../../errors";
import { blockedEitherWay } from "../blocks";
import { askRefusalInGroup } from "../groups";
import {
  DRAW_FOR_NEIGHBOURS,
  type NewcomerFacts,
  newcomerAskRefusal,
  personAccountsSql,
  trustLevelSql,
} from "../trust";
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
  /**
   * The deployment's newcomer limits (docs/decisions/020 "Limits"), weighed by a request and a draw
   * entry — what a member sets off themselves; null for the other ways, which the server makes.
   */
  newcomer: NewcomerLimits | null;
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

type Check = "group" | "own" | "blocked" | "open" | "openDraw" | "portions" | "person" | "newcomer";

/**
 * Which of the checks each way makes, beyond those every way makes (the meal exists, the member is not
 * suspended, the fair-use limit). An offer or a draw's winner was already in line or entered, so a draw
 * being open or the portions are the job's own to weigh; an accept is the cook's, on a request the
 * member made when they could: what it asks again is what may have changed since and is the eater's
 * alone to answer for (the limit, a suspension); a block is the move's own rule (requests/move.ts).
 */
const CHECKS: Record<AskWay, readonly Check[]> = {
  request: ["group", "own", "blocked", "open", "person", "newcomer", "openDraw", "portions"],
  waitlist: ["group", "own", "blocked", "open", "person", "openDraw"],
  draw: ["group", "own", "blocked", "open", "person", "newcomer"],
  offer: ["group", "blocked", "open"],
  draw_win: ["group", "blocked", "open"],
  accept: [],
};

/**
 * What the decision reads besides the member and the meal, gathered by `askRefusal` statement by
 * statement, or by a meal page's one statement (meals/service.ts) for its abilities.
 */
export interface AskFacts {
  /** The meal's group's refusal (groups/membership.ts), or null (also for meals everyone sees). */
  inGroup: AppError | null;
  /** Whether either of the member and the cook has blocked the other. */
  blocked: boolean;
  /** Whether a draw still to be made gives the meal's portions. */
  openDraw: boolean;
  /** The member's fair use, where the limit applies (a free meal and a published limit); else null. */
  fairUse: FairUse | null;
  /**
   * The person behind the member — every account of their inbox (docs/decisions/020 "One person"):
   * their level and what they hold, whether another of their accounts already asked for this meal,
   * and whether its draw is for neighbours only. Null where no check reads it.
   */
  person: PersonFacts | null;
}

/** What `personFactsSql` gathers: the newcomer counts, over every account of the member's inbox. */
export interface PersonFacts extends NewcomerFacts {
  otherAccountAsked: boolean;
  drawForNeighbours: boolean;
}

/**
 * The person facts of `viewerId` about `mealId` (cooked by `ownerId`) as one JSON value of a statement
 * (`PersonFacts`): the one place they are gathered, by `askRefusal` and by a meal page's statement. The
 * newcomer counts are made for newcomers only; each is an index lookup over the person's accounts.
 */
export const personFactsSql = (viewerId: unknown, mealId: unknown, ownerId: unknown) => sql`
  (select json_build_object(
     'level', lvl.level,
     'openRequests', case when lvl.level = 'newcomer' then
        (select count(*) from requests r where r.eater_id = any(acc.ids)
           and r.status in (${OPEN_REQUEST_STATUSES_SQL})) else 0 end,
     'newContactsToday', case when lvl.level = 'newcomer' then
        (select count(distinct r.feeder_id) from requests r
           where r.eater_id = any(acc.ids) and r.created_at > now() - interval '1 day'
             and not exists (select 1 from requests earlier where earlier.eater_id = any(acc.ids)
               and earlier.feeder_id = r.feeder_id and earlier.created_at <= now() - interval '1 day')) else 0 end,
     'askedCookBefore', exists (select 1 from requests r
        where r.eater_id = any(acc.ids) and r.feeder_id = ${ownerId}::uuid),
     'openDrawEntries', case when lvl.level = 'newcomer' then
        (select count(*) from draw_entries de join meal_draws md on md.meal_id = de.meal_id
           where de.user_id = any(acc.ids) and md.drawn_at is null) else 0 end,
     'otherAccountAsked',
        exists (select 1 from requests r where r.meal_id = ${mealId}::uuid and r.eater_id = any(acc.ids)
                  and r.eater_id <> ${viewerId}::uuid and r.status in (${OPEN_REQUEST_STATUSES_SQL}))
        or exists (select 1 from draw_entries de where de.meal_id = ${mealId}::uuid
                  and de.user_id = any(acc.ids) and de.user_id <> ${viewerId}::uuid)
        or exists (select 1 from waitlist_entries we where we.meal_id = ${mealId}::uuid
                  and we.user_id = any(acc.ids) and we.user_id <> ${viewerId}::uuid and we.status = 'waiting'),
     'drawForNeighbours', coalesce((select md.eligibility = 'neighbours' from meal_draws md
        where md.meal_id = ${mealId}::uuid), false))
   from (select ${trustLevelSql(viewerId)} as level) lvl,
        (select coalesce(array_agg(p.id), array[]::uuid[]) as ids from ${personAccountsSql(viewerId)} as p(id)) acc)`;

/** What another account of the same person having asked answers (docs/decisions/020 "One person"). */
export const SAME_PERSON_ASKED = msg("Another account of yours has already asked for this meal.");

/**
 * The decision itself, from facts already gathered: the one order in which every way in is refused.
 * @returns as `askRefusal`
 */
export function decideAsk(
  member: Asker,
  meal: AskMeal,
  facts: AskFacts,
  context: Pick<AskContext, "way" | "portions" | "newcomer">,
  now = new Date(),
): AppError | null {
  const checks = CHECKS[context.way];
  if (checks.includes("group") && facts.inGroup) return facts.inGroup;
  if (checks.includes("own") && meal.ownerId === member.id)
    return forbidden(msg("You cannot request your own meal."));
  if (member.suspendedAt) return new AppError(403, "suspended", msg("Your account is suspended."));
  if (checks.includes("blocked") && facts.blocked) return new AppError(403, "blocked", ASK_BLOCKED);
  if (checks.includes("open")) {
    const closed = mealClosedRefusal(meal, now);
    if (closed) return closed;
  }
  if (facts.person) {
    if (checks.includes("person") && facts.person.otherAccountAsked)
      return conflict(SAME_PERSON_ASKED, "same_person");
    if (context.way === "draw" && facts.person.drawForNeighbours && facts.person.level === "newcomer")
      return new AppError(403, "draw_for_neighbours", DRAW_FOR_NEIGHBOURS);
    if (
      checks.includes("newcomer") &&
      context.newcomer &&
      (context.way === "request" || context.way === "draw")
    ) {
      const refusal = newcomerAskRefusal(context.way, facts.person, context.newcomer);
      if (refusal) return refusal;
    }
  }
  if (checks.includes("openDraw") && facts.openDraw)
    return conflict(msg("Portions of this meal are given by a draw: enter it instead."), "draw_open");
  if (facts.fairUse?.nextAt) return fairUseConflict({ ...facts.fairUse, nextAt: facts.fairUse.nextAt });
  if (checks.includes("portions") && context.portions > 0) return portionsRefusal(meal, context.portions);
  return null;
}

/** Whether the fair-use limit weighs on `meal` under `limit` (a free meal, a published limit). */
export const fairUseApplies = (meal: Pick<MealRow, "kind">, limit: number | null): limit is number =>
  limit !== null && meal.kind === "free";

/**
 * Why `member` may not come to hold portions of `meal` in the way `context` names, or null when they
 * may: the facts read here, the decision `decideAsk`'s. Call it under the meal's row lock
 * (`select … for update`): it takes the eater's fair-use lock too, when the limit applies, so the
 * caller's insert or accept stays within it.
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
  const limit = context.freeMealsPer28Days;
  let fairUse: FairUse | null = null;
  if (fairUseApplies(meal, limit)) {
    await lockFairUse(tx, member.id);
    fairUse = await fairUseOf(tx, member.id, limit);
  }
  const checks = CHECKS[context.way];
  const facts: AskFacts = {
    inGroup: checks.includes("group") ? await askRefusalInGroup(tx, member.id, meal) : null,
    blocked: checks.includes("blocked") && (await blockedEitherWay(tx, member.id, meal.ownerId)),
    openDraw: checks.includes("openDraw") && (await givenByOpenDraw(tx, meal)),
    fairUse,
    person:
      checks.includes("person") || checks.includes("newcomer")
        ? await personFacts(tx, member.id, meal)
        : null,
  };
  return decideAsk(member, meal, facts, context);
}

/** `personFactsSql` for one member and meal. */
async function personFacts(tx: Executor, memberId: string, meal: AskMeal): Promise<PersonFacts> {
  const [row] = await queryRows<{ facts: PersonFacts }>(
    tx,
    sql`select ${personFactsSql(memberId, meal.id, meal.ownerId)} as facts`,
  );
  return row.facts;
}

/**
 * `askRefusal`, thrown.
 * @returns the meal, when the member may ask
 * @throws AppError as `askRefusal` decides (404 when there is no meal)
 */
export async function assertMayAsk<M extends AskMeal>(
  tx: Executor,
  member: Asker,
  meal: M | undefined,
  context: AskContext,
): Promise<M> {
  const refusal = await askRefusal(tx, member, meal, context);
  if (refusal || !meal) throw refusal;
  return meal;
}

/**
 * Why nothing that needs a meal open (a request, a waiting-list place, an offer) may happen now, or
 * null while it is open.
 * @returns AppError 409 `meal_inactive` (taken down or deactivated) or `meal_expired` (its pickup
 *   window has ended)
 */
export function mealClosedRefusal(
  meal: Pick<MealRow, "isActive" | "pickupWindowEnd">,
  now = new Date(),
): AppError | null {
  if (!meal.isActive) return conflict(msg("This meal is no longer available."), "meal_inactive");
  if (!isMealOpen(meal, now))
    return conflict(msg("The pickup window for this meal has ended."), "meal_expired");
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
  // One key per person (docs/decisions/020 "One person"): two accounts of one inbox count in turn.
  await queryRows(
    tx,
    sql`select pg_advisory_xact_lock(hashtext('fair-use'),
          hashtext((select inbox_key from users where id = ${memberId}::uuid)))::text`,
  );
}

/** The refusal of a member at the limit, naming the date their next free meal is possible. */
export function fairUseConflict(use: FairUse & { nextAt: string }): AppError {
  return conflict(
    msg(
      "You have had {{count}} free meals in the last {{days}} days, the limit here. Your next is possible on {{date}}.",
      { count: use.used, days: FAIR_USE_DAYS, date: use.nextAt.slice(0, 10) },
    ),
    "fair_use",
    { nextAt: use.nextAt },
  );
}

/** What a meal's page reads besides the meal to say what its viewer may do (`mealAbilities`). */
export interface PageFacts extends AskFacts {
  /** The meal's draw, if it has one. */
  draw: { closesAt: Date | string; drawnAt: Date | string | null } | null;
  /** Whether the viewer has entered its draw. */
  myEntry: boolean;
  /** Whether the viewer has an open request for it. */
  myOpenRequest: boolean;
  /** Whether an admin took the meal down. */
  hidden: boolean;
}

/**
 * What `viewer` may do with a meal's page (contract/meals.ts `mealAbilitiesSchema`), each decided as
 * the endpoint that does it decides (`decideAsk` for asking, waiting and entering, the draw's closing
 * for leaving it, ownership for editing and the label), so the page shows exactly what the server
 * would allow.
 */
export function mealAbilities(
  viewer: Asker & { isAdmin: boolean },
  meal: AskMeal,
  facts: PageFacts,
  newcomer: NewcomerLimits | null,
  now = new Date(),
): MealAbilities {
  const own = meal.ownerId === viewer.id;
  const ask = (way: AskWay) =>
    decideAsk(viewer, meal, facts, { way, portions: way === "request" ? 1 : 0, newcomer }, now);
  const requestExists = facts.myOpenRequest
    ? conflict(msg("You already have an open request for this meal."), "request_exists")
    : null;
  const closed = facts.draw && drawClosed(facts.draw, now.getTime());
  const noDraw = facts.draw
    ? null
    : conflict(msg("This meal is not given by a draw: request it instead."), "no_draw");
  const drawClosedRefusal = closed
    ? conflict(msg("Entries for this draw have closed."), "draw_closed")
    : null;
  const notYours = own ? null : forbidden();
  return {
    request: abilityOf(ask("request") ?? requestExists),
    waitlist: abilityOf(
      ask("waitlist") ??
        requestExists ??
        (portionsLeft(meal) > 0
          ? conflict(msg("Enough portions are free: request them instead."), "portions_free")
          : null),
    ),
    enterDraw: abilityOf(noDraw ?? ask("draw") ?? drawClosedRefusal),
    leaveDraw: abilityOf(
      noDraw ??
        (facts.myEntry ? null : conflict(msg("You have not entered this draw."), "not_entered")) ??
        drawClosedRefusal,
    ),
    edit: abilityOf(notYours ?? mealClosedRefusal({ ...meal, isActive: true }, now)),
    printLabel: abilityOf(notYours ?? (facts.hidden ? forbidden() : null)),
    // Taking a meal down is an admin's (docs/features/safety-and-admin.md), on a meal not their own.
    moderate: abilityOf(viewer.isAdmin && !own ? null : forbidden(msg("Admins only."))),
  };
}
