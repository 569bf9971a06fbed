/**
 * Meal rules and queries (spec §5, §7; docs/DESIGN.md §4 "Visibility", "Meals", §6): one meal, a cook's
 * own meals, posting and changing meals, and a user's rating. The public list lives in list.ts;
 * portions left and ratings come from counters the database keeps (migration 0004,
 * docs/decisions/006).
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { type AllergenCode, allergyTokensOf, type DietTag } from "../../../contract/food-safety";
import {
  type CreateMeal,
  type MealDetail,
  type MyWaitlistPlace,
  mealCrossFieldErrors,
  type UpdateMeal,
} from "../../../contract/meals";
import { msg } from "../../../contract/messages";
import { type Executor, inTransaction, queryRows } from "../../db/client";
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
  users,
  waitlistCounts,
  waitlistEntries,
} from "../../db/schema";
import { forbidden, notFound, validation } from "../../errors";
import { type Cursor, keysetBefore } from "../../pagination";
import { becomesAlertable, enqueueAlertMatching } from "../alerts/matching";
import { notBlockedWith } from "../blocks/service";
import { assertMaySell } from "../cooks/service";
import { createDraw } from "../draws/service";
import { type ActiveMembership, assertMayShareWith, groupAskRefusal } from "../groups/membership";
import { scheduleGroupMealOpening } from "../groups/opening";
import { assertOwnPhoto } from "../photos/service";
import { enqueueWaitlistOffer, reschedulePickupSettles } from "../requests/jobs";
import { isHoldExpired } from "../requests/policy";
import { rescheduleMealReminders } from "../requests/reminders";
import { markFeeder } from "../users/role";
import { allergyWarningsSql, withAllergyWarnings } from "./allergen-match";
import { allergenColumns } from "./allergens";
import { FREE_MEAL_RECEIVED_SQL, fairUseFrom, OPEN_MEAL_SQL } from "./availability";
import { tellOfChanges } from "./changes";
import { fairUseApplies, mealAbilities } from "./may-ask";
import { canUpdateMeal } from "./policy";
import {
  type ListedMeal,
  MEAL_COLUMNS,
  MEALS_WITH_OWNERS,
  type MealRow,
  presentMeal,
  privatePickupOf,
} from "./presenter";
import { holdSeriesForAdmin, presentSeriesJson, SERIES_JSON, type SeriesJson, startSeries } from "./series";
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
  return selectMeals(
    db,
    and(
      eq(meals.ownerId, ownerId),
      options.cursor ? keysetBefore(meals.createdAt, meals.id, options.cursor) : undefined,
    ),
    options.limit + 1,
  );
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
  const page = await selectMeals(
    db,
    and(
      eq(meals.ownerId, ownerId),
      OPEN_MEAL_SQL,
      // A members-only meal stays off the cook's profile for everyone outside its group (visibility.ts).
      visibleToSql(viewer.id),
      options.cursor ? keysetBefore(meals.createdAt, meals.id, options.cursor) : undefined,
    ),
    options.limit + 1,
  );
  return withAllergyWarnings(db, viewer.id, allergyTokensOf(viewer), page);
}

/**
 * The member's saved meals that are still open and theirs to see, newest meal first (the Saved tab:
 * docs/features/everyday-journey.md, third pass). At most `SAVED_MEALS_MAX` saves a member, so the
 * page is cut from those few rows, not from the table.
 * @returns up to `limit + 1` meals
 */
export async function listSavedMeals(
  db: Executor,
  viewer: Pick<UserRow, "id" | "allergyCodes" | "allergiesOther">,
  options: { limit: number; cursor?: Cursor },
): Promise<ListedMeal[]> {
  const page = await selectMeals(
    db,
    and(
      sql`${meals.id} in (select ${savedMeals.mealId} from ${savedMeals} where ${savedMeals.userId} = ${viewer.id})`,
      OPEN_MEAL_SQL,
      sql`not ${meals.hiddenByAdmin}`,
      visibleToSql(viewer.id),
      notBlockedWith(viewer.id, meals.ownerId),
      options.cursor ? keysetBefore(meals.createdAt, meals.id, options.cursor) : undefined,
    ),
    options.limit + 1,
  );
  return withAllergyWarnings(db, viewer.id, allergyTokensOf(viewer), page);
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
  const page = await selectMeals(
    db,
    and(
      eq(meals.groupId, groupId),
      OPEN_MEAL_SQL,
      visibleToSql(viewer.id),
      options.cursor ? keysetBefore(meals.createdAt, meals.id, options.cursor) : undefined,
    ),
    options.limit + 1,
  );
  return withAllergyWarnings(db, viewer.id, allergyTokensOf(viewer), page);
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
           and r.eater_id = ${sql.placeholder("viewerId")} and ${FREE_MEAL_RECEIVED_SQL}) as "fairUse"
    from ${MEALS_WITH_OWNERS}
    where ${meals.id} = ${sql.placeholder("mealId")}`;

const detailRows = preparedRows<DetailRow>("meal_detail", mealDetailStatement);

/**
 * One meal for its detail page, also when inactive or expired (docs/DESIGN.md §4), with the viewer's
 * open (pending, accepted or held) request for it, the waiting list, the weekly series and the
 * viewer's allergies it mentions (allergen-match.ts).
 * @param options.isAdmin site admins read every meal to moderate it (docs/features/groups.md point 5)
 * @throws AppError 404 unknown meal, or a members-only meal the viewer does not see (visibility.ts):
 *   the same answer, so its URL says nothing to anyone outside its group
 */
export async function getMealDetail(
  db: Executor,
  viewer: Pick<UserRow, "id" | "allergyCodes" | "allergiesOther" | "suspendedAt">,
  id: string,
  options: { isAdmin: boolean; freeMealsPer28Days: number | null },
): Promise<MealDetail & ListedMeal> {
  const [row] = await detailRows(db, {
    mealId: id,
    viewerId: viewer.id,
    allergies: JSON.stringify(allergyTokensOf(viewer)),
    fairUseLimit: options.freeMealsPer28Days ?? 0,
  });
  if (!row || !(row.visible || options.isAdmin)) throw notFound(msg("Meal not found"));
  const own = row.ownerId === viewer.id;
  const meal = {
    ...row,
    pickupWindowEnd: new Date(row.pickupWindowEnd),
  };
  const limit = options.freeMealsPer28Days;
  const abilities = mealAbilities(viewer, meal, {
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
  });
  return {
    ...presentMeal(own ? { ...row, allergyWarnings: [] } : row),
    // Where exactly, and the door or bell: the feeder's own view only (docs/features/neighbourhood.md).
    privatePickup: own ? privatePickupOf(row) : null,
    myOpenRequestId: row.myOpenRequestId,
    // A waiting-list offer kept for the viewer, with its deadline (docs/features/households.md point 2).
    myOffer:
      row.myOffer && !isHoldExpired(new Date(row.myOffer.holdUntil))
        ? { portions: Number(row.myOffer.portions), holdUntil: new Date(row.myOffer.holdUntil).toISOString() }
        : null,
    waitlist: { waiting: row.waiting, mine: row.mine },
    series: row.series ? presentSeriesJson(row.series) : null,
    abilities,
  };
}

/**
 * Posts a meal for its owner. The input is already validated by `createMealSchema`. Shared with a
 * group, only its members see it — until `everyoneAfterHours` have passed, when there are some
 * (docs/features/groups.md point 3; the `group-meals-open` job opens it).
 * @returns the created meal
 * @throws AppError 403 a paid meal by someone who is not a registered cook (docs/features/food-safety.md);
 *   400 a group that is not theirs; 409 `rules_changed` (groups/membership.ts)
 */
export async function createMeal(
  db: Executor,
  owner: Pick<UserRow, "id" | "isRegisteredCook">,
  input: CreateMeal,
  occurrenceOf?: { id: string; occurrence: number },
): Promise<ListedMeal> {
  assertMaySell(owner, input.kind);
  await assertOwnPhoto(db, owner, input.photoPath, "photoPath");
  if (input.groupId) await assertMayShareWith(db, owner.id, input.groupId);
  const allergens = await allergenColumns(db, input);
  return inTransaction(db, async (tx) => {
    const [meal] = await tx
      .insert(meals)
      .values({
        ownerId: owner.id,
        title: input.title,
        description: input.description,
        ingredients: input.ingredients,
        ...allergens,
        dietTags: input.dietTags,
        preparedAt: input.preparedAt ? new Date(input.preparedAt) : null,
        storage: input.storage ?? null,
        reheating: input.reheating ?? null,
        kind: input.kind,
        priceCents: input.kind === "free" ? null : (input.priceCents ?? null),
        portionSize: input.portionSize,
        pickupWindowStart: new Date(input.pickupWindowStart),
        pickupWindowEnd: new Date(input.pickupWindowEnd),
        pickupLocation: input.pickupLocation,
        deliveryAvailable: input.deliveryAvailable,
        photoPath: input.photoPath ?? null,
        // The point given is the exact pickup point; the shown point follows it (migration 0024).
        pickupLatitude: input.latitude ?? null,
        pickupLongitude: input.longitude ?? null,
        pickupDetails: input.pickupDetails ?? null,
        seriesId: occurrenceOf?.id ?? null,
        occurrence: occurrenceOf?.occurrence ?? null,
        groupId: input.groupId ?? null,
        membersOnly: Boolean(input.groupId),
        opensAt:
          input.groupId && input.everyoneAfterHours
            ? sql`now() + make_interval(hours => ${input.everyoneAfterHours}::int)`
            : null,
        allocation: input.allocation,
      })
      .returning();
    // A draw's secret and commitment exist before anyone can enter (docs/features/fair-shares.md).
    if (meal.allocation === "draw")
      await createDraw(tx, meal, input.drawClosesAt ? new Date(input.drawClosesAt) : undefined);
    // Members whose alerts it matches hear of it (docs/features/neighbourhood.md point 6); a
    // members-only meal reaches its group's members now, everyone else when it opens.
    if (becomesAlertable(null, meal)) await enqueueAlertMatching(tx, meal.id);
    if (meal.opensAt) await scheduleGroupMealOpening(tx, meal.id, meal.opensAt);
    // Posting is feeding: the role switch follows (docs/features/everyday-journey.md, second pass point 6).
    await markFeeder(tx, owner.id);
    // A weekly meal's later weeks (docs/features/households.md point 3).
    if (input.weekly) await startSeries(tx, owner, meal, input, input.weekly);
    return getMeal(tx, meal.id);
  });
}

/**
 * Changes a meal; only its owner may (docs/DESIGN.md §4 "Meals"), except that an admin may
 * deactivate or reactivate it. The merged meal must still satisfy
 * the cross-field rules, except that an expired window may stay as it is (e.g. to deactivate).
 * @param options.isAdmin the user is an admin (docs/DESIGN.md §4 "Admin")
 * @throws AppError 404 unknown meal, 403 not the owner (nor an admin switching isActive) or a paid
 * meal made or switched on for an owner who is not a registered cook (docs/features/food-safety.md), 400
 * broken rule
 */
export async function updateMeal(
  db: Executor,
  user: UserRow,
  id: string,
  patch: UpdateMeal,
  options: { isAdmin: boolean } = { isAdmin: false },
): Promise<ListedMeal> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(meals).where(eq(meals.id, id)).for("update").limit(1);
    if (!current) throw notFound(msg("Meal not found"));
    if (!canUpdateMeal(user, current, patch, options))
      throw forbidden(msg("Only the cook who posted this meal can change it."));
    if (current.hiddenByAdmin && patch.isActive === true && !options.isAdmin) {
      throw forbidden(msg("An admin took this meal down; only an admin can put it back."));
    }

    // Never fewer portions than neighbours already hold (docs/features/everyday-journey.md).
    if (patch.portionSize !== undefined && patch.portionSize < current.portionsTaken) {
      const message = msg("{{count}} portions are already promised: the meal cannot have fewer.", {
        count: current.portionsTaken,
      });
      throw validation(message, { portionSize: message });
    }
    const merged = { ...current, ...patch };
    const touchesWindow = patch.pickupWindowStart !== undefined || patch.pickupWindowEnd !== undefined;
    // Allergens are checked when the patch touches them: older meals never declared any.
    const touchesAllergens = patch.allergenCodes !== undefined || patch.noMajorAllergens !== undefined;
    const errors = mealCrossFieldErrors({
      allergenCodes: touchesAllergens ? (merged.allergenCodes as AllergenCode[]) : undefined,
      noMajorAllergens: merged.noMajorAllergens,
      dietTags: merged.dietTags as DietTag[],
      preparedAt: patch.preparedAt,
      kind: merged.kind,
      priceCents: patch.kind === "free" && patch.priceCents === undefined ? null : merged.priceCents,
      pickupWindowStart: touchesWindow ? merged.pickupWindowStart : undefined,
      pickupWindowEnd: touchesWindow ? merged.pickupWindowEnd : undefined,
      latitude: merged.latitude,
      longitude: merged.longitude,
    });
    if (Object.keys(errors).length > 0) throw validation(Object.values(errors)[0], errors);
    // Only registered cooks sell (docs/features/food-safety.md): making a meal paid, or switching a paid
    // one on.
    if (merged.kind === "paid" && merged.isActive && (patch.kind === "paid" || patch.isActive === true)) {
      const [owner] = await tx
        .select({ isRegisteredCook: users.isRegisteredCook })
        .from(users)
        .where(eq(users.id, current.ownerId));
      assertMaySell(owner, "paid");
    }
    await assertOwnPhoto(tx, user, patch.photoPath, "photoPath", current.photoPath);
    const allergens =
      touchesAllergens || patch.allergensOther !== undefined
        ? await allergenColumns(tx, {
            allergenCodes: merged.allergenCodes as AllergenCode[],
            allergensOther: merged.allergensOther,
            noMajorAllergens: merged.noMajorAllergens,
          })
        : patch.allergens !== undefined
          ? await allergenColumns(tx, { allergens: patch.allergens })
          : {};

    const { latitude, longitude, ...rest } = patch;
    await tx
      .update(meals)
      .set({
        ...rest,
        // A point given is the exact pickup point; the shown point follows it (migration 0024).
        ...(latitude !== undefined ? { pickupLatitude: latitude } : {}),
        ...(longitude !== undefined ? { pickupLongitude: longitude } : {}),
        ...allergens,
        preparedAt: patch.preparedAt ? new Date(patch.preparedAt) : (patch.preparedAt as null | undefined),
        priceCents: merged.kind === "free" ? null : merged.priceCents,
        pickupWindowStart: patch.pickupWindowStart ? new Date(patch.pickupWindowStart) : undefined,
        pickupWindowEnd: patch.pickupWindowEnd ? new Date(patch.pickupWindowEnd) : undefined,
        updatedAt: new Date(),
      })
      .where(eq(meals.id, id));
    // An admin's takedown sticks, and holds the meal's weekly series, until an admin puts it back.
    const byAdmin = current.ownerId !== user.id && options.isAdmin;
    if (byAdmin && patch.isActive !== undefined) {
      await tx.update(meals).set({ hiddenByAdmin: !patch.isActive }).where(eq(meals.id, id));
      if (current.seriesId) await holdSeriesForAdmin(tx, current.seriesId, !patch.isActive);
    }
    if (becomesAlertable(current, { isActive: merged.isActive, latitude: merged.latitude })) {
      await enqueueAlertMatching(tx, id);
    }
    // More portions, or the meal back on: the waiting list may now be served
    // (docs/features/households.md point 2).
    if (
      merged.isActive &&
      (merged.portionSize > current.portionSize || (patch.isActive && !current.isActive))
    ) {
      await enqueueWaitlistOffer(tx, id);
    }
    if (touchesWindow) {
      // Pickups already agreed keep their reminders on time (docs/features/notifications.md point 5).
      await rescheduleMealReminders(tx, id, {
        pickupWindowStart: new Date(merged.pickupWindowStart),
        pickupWindowEnd: new Date(merged.pickupWindowEnd),
      });
      await reschedulePickupSettles(tx, id, new Date(merged.pickupWindowEnd));
    }
    // Eaters who asked for it hear what changed (changes.ts); a takedown tells them otherwise.
    if (current.ownerId === user.id) {
      const [after] = await tx.select().from(meals).where(eq(meals.id, id)).limit(1);
      await tellOfChanges(tx, user, current, after);
    }
    return getMeal(tx, id);
  });
}
