/**
 * Meal queries (spec §5, §7; docs/DESIGN.md §4 "Visibility", "Meals", §6): one meal and its page, a
 * cook's own meals, a member's, a group's and the saved ones. Posting and changing meals is the posting
 * feature's (features/posting); the public list lives in list.ts;
 * portions left and ratings come from counters the database keeps (migration 0004,
 * docs/decisions/006).
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { allergyTokensOf } from "../../../contract/food-safety";
import type { MealDetail, MyWaitlistPlace } from "../../../contract/meals";
import { msg } from "../../../contract/messages";
import type { NewcomerLimits } from "../../../contract/trust";
import type { Actor, ActorRef } from "../../auth/actor";
import { type Executor, queryRows } from "../../db/client";
import { preparedRows } from "../../db/prepared";
import {
  blocks,
  drawEntries,
  mealDraws,
  mealSeries,
  meals,
  OPEN_REQUEST_STATUSES_SQL,
  requests,
  savedMeals,
  type UserRow,
  waitlistCounts,
  waitlistEntries,
} from "../../db/schema";
import { notFound } from "../../errors";
import { type Cursor, keysetPage } from "../../pagination";
import { blockedEitherWay, notBlockedWith } from "../blocks";
import { type ActiveMembership, groupAskRefusal } from "../groups";
import { personAccountsSql } from "../trust";
import { assertMemberVisible } from "../users";
import { allergyWarningsSql } from "./allergen-match";
import { FREE_MEAL_RECEIVED_SQL, fairUseFrom, isHoldExpired, OPEN_MEAL_SQL } from "./availability";
import { fairUseApplies, mealAbilities, type PersonFacts, personFactsSql } from "./may-ask";
import {
  type ListedMeal,
  MEAL_COLUMNS,
  MEALS_WITH_OWNERS,
  type MealRow,
  presentMeal,
  privatePickupOf,
} from "./presenter";
import { presentSeriesJson, SERIES_JSON, type SeriesJson } from "./series";
import { withViewerFacts } from "./viewer-facts";
import { visibleToSql } from "./visibility";

export type { ListedMeal } from "./presenter";

/** Meals with their owners meeting `where`, newest first, at most `limit`. */
async function selectMeals(db: Executor, where: SQL | undefined, limit: number): Promise<ListedMeal[]> {
  const rows = await queryRows<MealRow>(
    db,
    sql`select ${MEAL_COLUMNS} from ${MEALS_WITH_OWNERS} where ${where ?? sql`true`}
        order by ${meals.createdAt} desc, ${meals.id} desc limit ${limit}`,
  );
  return rows.map((row) => presentMeal(row));
}

/**
 * A user's own meals, active or not, newest first (spec §7 `GET /api/meals/my/all`).
 * @returns up to `limit + 1` meals
 */
export async function listOwnMeals(
  db: Executor,
  ownerId: string,
  options: { limit: number; cursor?: Cursor },
): Promise<ListedMeal[]> {
  const page = keysetPage(meals.createdAt, meals.id, options);
  return selectMeals(db, and(eq(meals.ownerId, ownerId), page.after), page.fetch);
}

/**
 * A user's open meals (active, pickup not ended), newest first, for their public profile
 * (docs/features/food-safety.md point 6). Walks the owner's index; the open filter drops at most their own closed meals.
 * @returns up to `limit + 1` meals
 */
export async function listOpenMealsOf(
  db: Executor,
  viewer: Pick<UserRow, "id" | "allergyCodes" | "allergiesOther">,
  ownerId: string,
  options: { limit: number; cursor?: Cursor },
): Promise<ListedMeal[]> {
  const page = keysetPage(meals.createdAt, meals.id, options);
  const rows = await selectMeals(
    db,
    and(
      eq(meals.ownerId, ownerId),
      OPEN_MEAL_SQL,
      // A members-only meal stays off the cook's profile for everyone outside its group (visibility.ts).
      visibleToSql(viewer.id),
      page.after,
    ),
    page.fetch,
  );
  return withViewerFacts(db, viewer.id, allergyTokensOf(viewer), rows);
}

/**
 * The member's saved meals that are still open and theirs to see, newest meal first (the Saved tab:
 * docs/features/everyday-journey.md). At most `SAVED_MEALS_MAX` saves a member, so the
 * page is cut from those few rows, not from the table.
 * @returns up to `limit + 1` meals
 */
export async function listSavedMeals(
  db: Executor,
  viewer: Pick<UserRow, "id" | "allergyCodes" | "allergiesOther">,
  options: { limit: number; cursor?: Cursor },
): Promise<ListedMeal[]> {
  const page = keysetPage(meals.createdAt, meals.id, options);
  const rows = await selectMeals(
    db,
    and(
      sql`${meals.id} in (select ${savedMeals.mealId} from ${savedMeals} where ${savedMeals.userId} = ${viewer.id})`,
      OPEN_MEAL_SQL,
      sql`not ${meals.hiddenByAdmin}`,
      visibleToSql(viewer.id),
      notBlockedWith(viewer.id, meals.ownerId),
      page.after,
    ),
    page.fetch,
  );
  return withViewerFacts(db, viewer.id, allergyTokensOf(viewer), rows);
}

/**
 * A group's open meals, newest first, for its page (docs/features/groups.md point 4): those shared with
 * it — members-only, or opened to everyone since — as far as the viewer sees them (visibility.ts), so
 * someone outside the group sees only what everyone sees. Walks `meals_group_feed_idx`.
 * @returns up to `limit + 1` meals
 */
export async function listGroupMeals(
  db: Executor,
  viewer: Pick<UserRow, "id" | "allergyCodes" | "allergiesOther">,
  groupId: string,
  options: { limit: number; cursor?: Cursor },
): Promise<ListedMeal[]> {
  const page = keysetPage(meals.createdAt, meals.id, options);
  const rows = await selectMeals(
    db,
    and(eq(meals.groupId, groupId), OPEN_MEAL_SQL, visibleToSql(viewer.id), page.after),
    page.fetch,
  );
  return withViewerFacts(db, viewer.id, allergyTokensOf(viewer), rows);
}

/**
 * One meal, also when inactive or expired, so old links and threads keep working (docs/DESIGN.md §4).
 * @throws AppError 404 "Meal not found"
 */
export async function getMeal(db: Executor, id: string): Promise<ListedMeal> {
  const [meal] = await selectMeals(db, eq(meals.id, id), 1);
  if (!meal) throw notFound(msg("Meal not found"));
  return meal;
}

/** A meal's detail row: the meal and owner, then the viewer's parts, each a subquery. */
type DetailRow = MealRow & {
  pickupLatitude: number | null;
  pickupLongitude: number | null;
  pickupDetails: string | null;
  myOpenRequestId: string | null;
  myOffer: { portions: number; holdUntil: string } | null;
  waiting: number;
  mine: MyWaitlistPlace | null;
  series: SeriesJson | null;
  visible: boolean;
  hidden: boolean;
  blocked: boolean;
  draw: { closesAt: string; drawnAt: string | null } | null;
  myEntry: boolean;
  membership: ActiveMembership | null;
  fairUse: { used: number; nth: string | null };
  person: PersonFacts;
};

/**
 * A meal's detail in one round trip (docs/decisions/011): the viewer's open request, the waiting
 * list's length (its kept count, docs/decisions/015 "A popular meal's page") and the viewer's place in
 * it (docs/features/households.md point 2, in line order `created_at, id` as waitlist.ts keeps it) and
 * the weekly series, and the facts the viewer's abilities are decided from (may-ask.ts: a block either
 * way, the draw and their entry, their membership of the meal's group, their free meals in the
 * fair-use window), as subqueries of the meal's row, each an index lookup. Placeholders: `mealId` and
 * `viewerId` (uuids), `allergies` (a JSON array of the viewer's allergy tokens, allergen-match.ts),
 * `fairUseLimit` (the published limit, 0 without one: the count is then not made, nor for a paid
 * meal). Exported for the plain limit
 * (bench/limit-server.ts), which runs this very statement.
 */
export const mealDetailStatement = () => sql`
    select ${MEAL_COLUMNS},
      (select ${requests.id} from ${requests}
         where ${requests.mealId} = ${meals.id} and ${requests.eaterId} = ${sql.placeholder("viewerId")}
           and ${requests.status} in (${OPEN_REQUEST_STATUSES_SQL})
         order by ${requests.createdAt} desc limit 1) as "myOpenRequestId",
      (select json_build_object('portions', ${requests.portions}, 'holdUntil', ${requests.holdUntil})
         from ${requests}
         where ${requests.mealId} = ${meals.id} and ${requests.eaterId} = ${sql.placeholder("viewerId")}
           and ${requests.status} = 'held'
         limit 1) as "myOffer",
      coalesce((select ${waitlistCounts.waiting} from ${waitlistCounts}
         where ${waitlistCounts.mealId} = ${meals.id}), 0) as "waiting",
      (select json_build_object('portions', mine.portions, 'position', 1 + (
           select count(*) from ${waitlistEntries} as ahead
           where ahead.meal_id = mine.meal_id and ahead.status = 'waiting'
             and (ahead.created_at, ahead.id) < (mine.created_at, mine.id)))
         from ${waitlistEntries} as mine
         where mine.meal_id = ${meals.id} and mine.user_id = ${sql.placeholder("viewerId")}
           and mine.status = 'waiting'
         limit 1) as "mine",
      (select ${SERIES_JSON} from ${mealSeries} where ${mealSeries.id} = ${meals.seriesId}) as "series",
      ${allergyWarningsSql(sql.placeholder("allergies"))} as "allergyWarnings",
      ${meals.pickupLatitude} as "pickupLatitude", ${meals.pickupLongitude} as "pickupLongitude",
      ${meals.pickupDetails} as "pickupDetails",
      ${visibleToSql(sql.placeholder("viewerId"))} as "visible",
      ${meals.hiddenByAdmin} as "hidden",
      exists (select 1 from ${blocks}
         where (${blocks.blockerId} = ${sql.placeholder("viewerId")} and ${blocks.blockedId} = ${meals.ownerId})
            or (${blocks.blockerId} = ${meals.ownerId} and ${blocks.blockedId} = ${sql.placeholder("viewerId")})) as "blocked",
      (select json_build_object('closesAt', ${mealDraws.closesAt}, 'drawnAt', ${mealDraws.drawnAt})
         from ${mealDraws} where ${mealDraws.mealId} = ${meals.id}) as "draw",
      exists (select 1 from ${drawEntries}
         where ${drawEntries.mealId} = ${meals.id} and ${drawEntries.userId} = ${sql.placeholder("viewerId")}) as "myEntry",
      (select json_build_object('role', gm.role, 'rulesAccepted', gm.rules_accepted,
                                'rulesVersion', g.rules_version, 'newcomersMayRequest', g.newcomers_may_request)
         from group_members gm join groups g on g.id = gm.group_id
         where ${meals.membersOnly} and gm.group_id = ${meals.groupId}
           and gm.user_id = ${sql.placeholder("viewerId")} and gm.status = 'active') as "membership",
      (select json_build_object('used', count(*),
                                'nth', (array_agg(r.created_at order by r.created_at desc))[${sql.placeholder("fairUseLimit")}::int])
         from requests r join meals m on m.id = r.meal_id
         where ${meals.kind} = 'free' and ${sql.placeholder("fairUseLimit")}::int > 0
           and r.eater_id in ${personAccountsSql(sql.placeholder("viewerId"))} and ${FREE_MEAL_RECEIVED_SQL}) as "fairUse",
      ${personFactsSql(sql.placeholder("viewerId"), meals.id, meals.ownerId)} as "person"
    from ${MEALS_WITH_OWNERS}
    where ${meals.id} = ${sql.placeholder("mealId")}`;

const detailRows = preparedRows<DetailRow>("meal_detail", mealDetailStatement);

/**
 * One meal for its detail page, also when inactive or expired (docs/DESIGN.md §4), with the viewer's
 * open (pending, accepted or held) request for it, the waiting list, the weekly series and the
 * viewer's allergies it mentions (allergen-match.ts).
 * @param viewer the actor; site admins read every meal to moderate it (docs/features/groups.md point 5)
 * @throws AppError 404 unknown meal, or a members-only meal the viewer does not see (visibility.ts):
 *   the same answer, so its URL says nothing to anyone outside its group
 */
export async function getMealDetail(
  db: Executor,
  viewer: Pick<Actor, "id" | "isAdmin" | "allergyCodes" | "allergiesOther" | "suspendedAt">,
  id: string,
  options: { freeMealsPer28Days: number | null; newcomerLimits: NewcomerLimits },
): Promise<MealDetail & ListedMeal> {
  const [row] = await detailRows(db, {
    mealId: id,
    viewerId: viewer.id,
    allergies: JSON.stringify(allergyTokensOf(viewer)),
    fairUseLimit: options.freeMealsPer28Days ?? 0,
  });
  if (!row || !(row.visible || viewer.isAdmin)) throw notFound(msg("Meal not found"));
  const own = row.ownerId === viewer.id;
  const meal = {
    ...row,
    pickupWindowEnd: new Date(row.pickupWindowEnd),
  };
  const limit = options.freeMealsPer28Days;
  const abilities = mealAbilities(
    viewer,
    meal,
    {
      inGroup: groupAskRefusal(viewer.id, meal, row.membership),
      blocked: row.blocked,
      openDraw: row.draw !== null && row.draw.drawnAt === null,
      fairUse: fairUseApplies(meal, limit)
        ? fairUseFrom(Number(row.fairUse.used), row.fairUse.nth, limit)
        : null,
      draw: row.draw,
      myEntry: row.myEntry,
      myOpenRequest: row.myOpenRequestId !== null,
      hidden: row.hidden,
      person: row.person,
    },
    options.newcomerLimits,
  );
  return {
    ...presentMeal(own ? { ...row, allergyWarnings: [] } : row),
    // Where exactly, and the door or bell: the feeder's own view only (docs/features/neighbourhood.md).
    privatePickup: own ? privatePickupOf(row) : null,
    yours: own,
    myOpenRequestId: row.myOpenRequestId,
    // A waiting-list offer kept for the viewer, with its deadline (docs/features/households.md point 2).
    myOffer:
      row.myOffer && !isHoldExpired(new Date(row.myOffer.holdUntil))
        ? { portions: Number(row.myOffer.portions), holdUntil: new Date(row.myOffer.holdUntil).toISOString() }
        : null,
    waitlist: { waiting: row.waiting, mine: row.mine },
    series: row.series ? presentSeriesJson(row.series, viewer.id) : null,
    abilities,
  };
}

/**
 * A member's open meals, newest first, for their profile: none when either has blocked the other
 * (blocks/service.ts).
 * @returns up to `limit + 1` meals
 * @throws AppError 404 unknown, or hidden from the viewer
 */
export async function listMemberMeals(
  db: Executor,
  viewer: ActorRef & Pick<UserRow, "allergyCodes" | "allergiesOther">,
  id: string,
  options: { limit: number; cursor?: Cursor },
): Promise<ListedMeal[]> {
  await assertMemberVisible(db, viewer, id);
  if (await blockedEitherWay(db, viewer.id, id)) return [];
  return listOpenMealsOf(db, viewer, id, options);
}
