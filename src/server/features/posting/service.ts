/**
 * Posting and changing a meal (spec §5, §7; docs/DESIGN.md §4 "Meals"), with what that sets off
 * elsewhere in one transaction: a draw's commitment, alert matching, a group meal's opening, the
 * feeder role, a weekly series, waiting-list offers, rescheduled reminders and pickups, and the
 * eaters told of a change (changes.ts). This feature sits above meals, requests, draws and alerts
 * (docs/ARCHITECTURE.md "Server features"): those never call back into it.
 */
import { eq, sql } from "drizzle-orm";
import type { AllergenCode, DietTag } from "../../../contract/food-safety";
import { type CreateMeal, mealCrossFieldErrors, type UpdateMeal } from "../../../contract/meals";
import { msg } from "../../../contract/messages";
import type { NewcomerLimits } from "../../../contract/trust";
import type { Actor } from "../../auth/actor";
import { type Executor, inTransaction, type Tx } from "../../db/client";
import { meals, type UserRow, users } from "../../db/schema";
import { conflict, forbidden, notFound, validation } from "../../errors";
import { becomesAlertable, enqueueAlertMatching } from "../alerts";
import { allergenColumns } from "../allergens";
import { assertMaySell } from "../cooks";
import { createDraw } from "../draws";
import { assertMayShareWith } from "../groups";
import type { ListedMeal } from "../meals";
import {
  canUpdateMeal,
  getMeal,
  holdSeriesForAdmin,
  insertMeal,
  lockMeal,
  startSeries,
  writeMeal,
} from "../meals";
import { checkText, recordVerdict } from "../moderation";
import { releaseMealPayments, takesCards } from "../payments";
import { assertOwnPhoto } from "../photos";
import { enqueueWaitlistOffer, rescheduleMealReminders, reschedulePickupSettles } from "../requests";
import { markFeeder } from "../users";
import { tellOfChanges } from "./changes";
import { scheduleGroupMealOpening } from "./opening";

/**
 * Posts a meal for its owner. The input is already validated by `createMealSchema`. Shared with a
 * group, only its members see it — until `everyoneAfterHours` have passed, when there are some
 * (docs/features/groups.md point 3; the `group-meals-open` job opens it).
 * A meal whose texts look like spam is held (docs/decisions/020): inactive, seen by its cook and
 * moderators only, until let through (`heldMeals`).
 * @param options.newcomerLimits the newcomer limits, or null for a weekly meal's next week (its texts were
 *   checked when the series was posted)
 * @returns the created meal
 * @throws AppError 403 a paid meal by someone who is not a registered cook (docs/features/food-safety.md),
 *   a newcomer's text with too many links; 400 a group that is not theirs; 409 `rules_changed`
 *   (groups/membership.ts)
 */
export async function createMeal(
  db: Executor,
  owner: Pick<Actor, "id" | "isRegisteredCook" | "isAdmin">,
  input: CreateMeal,
  options: {
    newcomerLimits: NewcomerLimits | null;
    occurrenceOf?: { id: string; occurrence: number };
    cardPayments?: boolean;
  },
): Promise<ListedMeal> {
  const { occurrenceOf } = options;
  assertMaySell(owner, input.kind);
  const paymentWays = input.kind === "paid" ? (input.paymentWays ?? "cash") : "cash";
  await assertMayTakeCards(db, owner.id, paymentWays, options.cardPayments === true);
  await assertOwnPhoto(db, owner, input.photoPath, "photoPath");
  if (input.groupId) await assertMayShareWith(db, owner.id, input.groupId);
  const allergens = await allergenColumns(db, input);
  // Checked before anyone else could see it; a held meal waits, inactive, for a moderator (docs/decisions/020).
  const verdict = await checkText(db, owner, mealTexts(input), options.newcomerLimits);
  const held = verdict.action === "hold";
  return inTransaction(db, async (tx) => {
    const meal = await insertMeal(
      tx,
      mealRowOf(owner.id, input, { allergens, paymentWays, occurrenceOf, held }),
    );
    await recordVerdict(tx, verdict, {
      kind: "meal",
      targetId: meal.id,
      authorId: owner.id,
      link: `/meal/${meal.id}`,
      groupId: meal.groupId,
    });
    // A draw's secret and commitment exist before anyone can enter (docs/features/fair-shares.md).
    if (meal.allocation === "draw")
      await createDraw(
        tx,
        meal,
        input.drawClosesAt ? new Date(input.drawClosesAt) : undefined,
        input.drawEligibility,
      );
    // Members whose alerts it matches hear of it (docs/features/neighbourhood.md point 6); a
    // members-only meal reaches its group's members now, everyone else when it opens.
    if (becomesAlertable(null, meal)) await enqueueAlertMatching(tx, meal.id);
    if (meal.opensAt) await scheduleGroupMealOpening(tx, meal.id, meal.opensAt);
    // Posting is feeding: the role switch follows (docs/features/everyday-journey.md).
    await markFeeder(tx, owner.id);
    // A weekly meal's later weeks (docs/features/households.md point 3).
    if (input.weekly) await startSeries(tx, owner, meal, input, input.weekly);
    return getMeal(tx, meal.id);
  });
}

/**
 * The row a posted meal is inserted as: the input's fields in the table's units (Date, cents or null),
 * and what posting decided — its allergen columns, how it is paid, its weekly series' occurrence, and
 * whether its words are held for review (docs/decisions/020).
 */
function mealRowOf(
  ownerId: string,
  input: CreateMeal,
  decided: {
    allergens: Awaited<ReturnType<typeof allergenColumns>>;
    paymentWays: "cash" | "card" | "both";
    occurrenceOf: { id: string; occurrence: number } | undefined;
    held: boolean;
  },
): Parameters<typeof insertMeal>[1] {
  const { allergens, paymentWays, occurrenceOf, held } = decided;
  return {
    ownerId,
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
    paymentWays,
    chargeNoShow: paymentWays !== "cash" && input.chargeNoShow === true,
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
    isActive: !held,
    heldForReview: held,
  };
}

/**
 * A paid meal offered by card (docs/decisions/022 "Configuration"): payments must be set up here and
 * the cook's connected account able to take cards.
 * @throws AppError 400 when payments are not set up; 409 `no_card_account` without a connected account
 */
async function assertMayTakeCards(
  db: Executor,
  ownerId: string,
  ways: "cash" | "card" | "both",
  cardPayments: boolean,
): Promise<void> {
  if (ways === "cash") return;
  if (!cardPayments) {
    const message = msg("Card payment is not set up here: the meal is paid in cash at pickup.");
    throw validation(message, { paymentWays: message });
  }
  if (!(await takesCards(db, ownerId)))
    throw conflict(msg("Connect your card payment account in Settings first."), "no_card_account");
}

/**
 * Posts a weekly meal's next week for its cook (the `meal-series` job, meals/series.ts): its texts were
 * checked when the series was posted, so no link limit applies again.
 */
export const postOccurrence = (
  tx: Executor,
  owner: UserRow,
  input: CreateMeal,
  series: { id: string; occurrence: number },
) => createMeal(tx, { ...owner, isAdmin: false }, input, { newcomerLimits: null, occurrenceOf: series });

/** The words of a meal others read: its title, description and pickup place. */
const mealTexts = (input: Pick<CreateMeal, "title" | "description" | "pickupLocation">) => [
  input.title,
  input.description,
  input.pickupLocation,
];

/**
 * Changes a meal; only its owner may (docs/DESIGN.md §4 "Meals"), except that an admin may
 * deactivate or reactivate it. The merged meal must still satisfy
 * the cross-field rules, except that an expired window may stay as it is (e.g. to deactivate).
 * @throws AppError 404 unknown meal, 403 not the owner (nor an admin switching isActive) or a paid
 * meal made or switched on for an owner who is not a registered cook (docs/features/food-safety.md), 400
 * broken rule
 */
export async function updateMeal(
  db: Executor,
  user: Actor,
  id: string,
  patch: UpdateMeal,
  newcomerLimits: NewcomerLimits,
  cardPayments = false,
): Promise<ListedMeal> {
  // Changed words are checked as new ones are (docs/decisions/020).
  const changedTexts = [patch.title, patch.description, patch.pickupLocation];
  const verdict = changedTexts.some((text) => text !== undefined)
    ? await checkText(db, user, changedTexts, newcomerLimits)
    : null;
  return inTransaction(db, async (tx) => {
    const current = await lockMeal(tx, id);
    if (!current) throw notFound(msg("Meal not found"));
    assertMayChange(user, current, patch);
    const { merged, touchesWindow } = await writeChange(tx, user, current, patch, { verdict, cardPayments });
    await afterChange(tx, user, current, patch, merged, touchesWindow);
    return getMeal(tx, id);
  });
}

/** A locked meal as `lockMeal` reads it. */
type LockedMeal = NonNullable<Awaited<ReturnType<typeof lockMeal>>>;

/**
 * Whether `user` may make `patch` to `current` (spec §5: its cook, or an admin putting it back or
 * taking it down; docs/decisions/020: a held meal goes live only through a moderator).
 * @throws AppError 403 with the reason
 */
function assertMayChange(user: Actor, current: LockedMeal, patch: UpdateMeal): void {
  if (!canUpdateMeal(user, current, patch))
    throw forbidden(msg("Only the cook who posted this meal can change it."));
  if (current.hiddenByAdmin && patch.isActive === true && !user.isAdmin) {
    throw forbidden(msg("An admin took this meal down; only an admin can put it back."));
  }
  if (current.heldForReview && patch.isActive === true && !user.isAdmin) {
    throw forbidden(
      msg("This meal is held for a quick check. It goes live once a moderator lets it through."),
    );
  }
}

/**
 * Checks `patch` against `current` and the rules of a meal (spec §5, docs/features/food-safety.md,
 * docs/decisions/022): portions already promised, the form's cross-field rules, who may sell and take
 * cards, and a photo of one's own. Returns the meal as it would be and what the patch touches.
 * @throws AppError 400 for a patch the meal cannot take, 403 for a sale its cook may not make
 */
async function checkChange(
  tx: Tx,
  user: Actor,
  current: LockedMeal,
  patch: UpdateMeal,
  cardPayments: boolean,
) {
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
  if (patch.paymentWays !== undefined && merged.kind === "paid")
    await assertMayTakeCards(tx, current.ownerId, patch.paymentWays, cardPayments);
  await assertOwnPhoto(tx, user, patch.photoPath, "photoPath", current.photoPath);
  return { merged, touchesWindow, touchesAllergens };
}

/**
 * Writes `patch` to `current` once checked (`checkChange`), held for review when the words' `verdict`
 * says so (docs/decisions/020). Returns the meal as changed and whether its pickup window moved.
 */
async function writeChange(
  tx: Tx,
  user: Actor,
  current: LockedMeal,
  patch: UpdateMeal,
  { verdict, cardPayments }: { verdict: Awaited<ReturnType<typeof checkText>> | null; cardPayments: boolean },
) {
  const id = current.id;
  const { merged, touchesWindow, touchesAllergens } = await checkChange(
    tx,
    user,
    current,
    patch,
    cardPayments,
  );
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
  await writeMeal(tx, id, {
    ...rest,
    // A point given is the exact pickup point; the shown point follows it (migration 0024).
    ...(latitude !== undefined ? { pickupLatitude: latitude } : {}),
    ...(longitude !== undefined ? { pickupLongitude: longitude } : {}),
    ...allergens,
    preparedAt: patch.preparedAt ? new Date(patch.preparedAt) : (patch.preparedAt as null | undefined),
    priceCents: merged.kind === "free" ? null : merged.priceCents,
    // A free meal is never paid by card; without card ways, no no-show is charged.
    ...(merged.kind === "free" || merged.paymentWays === "cash"
      ? { paymentWays: "cash", chargeNoShow: false }
      : {}),
    pickupWindowStart: patch.pickupWindowStart ? new Date(patch.pickupWindowStart) : undefined,
    pickupWindowEnd: patch.pickupWindowEnd ? new Date(patch.pickupWindowEnd) : undefined,
    updatedAt: new Date(),
  });
  if (verdict && verdict.action !== "deliver" && current.ownerId === user.id) {
    await recordVerdict(tx, verdict, {
      kind: "meal",
      targetId: id,
      authorId: user.id,
      link: `/meal/${id}`,
      groupId: current.groupId,
    });
    if (verdict.action === "hold") {
      await writeMeal(tx, id, { isActive: false, heldForReview: true });
      merged.isActive = false;
    }
  }
  return { merged, touchesWindow };
}

/**
 * What a change sets off (spec §5; docs/features/households.md point 2, notifications.md point 5;
 * docs/decisions/022 "Cancel"): an admin's takedown held with its series and its card payments
 * released, alerts, waiting-list offers, moved reminders, and the eaters told of the change.
 */
async function afterChange(
  tx: Tx,
  user: Actor,
  current: LockedMeal,
  patch: UpdateMeal,
  merged: Awaited<ReturnType<typeof writeChange>>["merged"],
  touchesWindow: boolean,
): Promise<void> {
  const id = current.id;
  // An admin's takedown sticks, and holds the meal's weekly series, until an admin puts it back.
  const byAdmin = current.ownerId !== user.id && user.isAdmin;
  if (byAdmin && patch.isActive !== undefined) {
    await writeMeal(tx, id, { hiddenByAdmin: !patch.isActive });
    if (current.seriesId) await holdSeriesForAdmin(tx, current.seriesId, !patch.isActive);
    // Taken down: its card payments are released (docs/decisions/022 "Cancel").
    if (!patch.isActive) await releaseMealPayments(tx, id);
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
}
