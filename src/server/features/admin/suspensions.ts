/**
 * Suspending accounts (docs/features/food-safety.md point 5): an admin suspends a user with a reason. At
 * once every session of theirs ends, and with them their open live streams on every instance (the
 * session lookup also refuses suspended users, so a request racing the change gets 401 too), sign-in is
 * refused, and their active meals are hidden; lifting it brings back exactly the meals the suspension
 * hid. One transaction each, so no half-suspended account.
 */
import { msg } from "../../../contract/messages";
import type { Suspension } from "../../../contract/reports";
import { authorize } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { endSessions } from "../../auth/sessions";
import { type Executor, inTransaction } from "../../db/client";
import { notFound } from "../../errors";
import { setSuspendedMeals } from "../meals";
import { logModeration } from "../moderation";
import { setSuspension, suspendRefusal } from "../users";

/**
 * Suspends a member (docs/features/safety-and-admin.md), as users/policy.ts `suspendRefusal` allows.
 * @throws AppError 403 not an admin; 404 unknown user; 409 for the admin's own account
 */
export async function suspendUser(
  db: Executor,
  admin: ActorRef,
  userId: string,
  reason: string,
): Promise<Suspension> {
  authorize(suspendRefusal(admin, userId));
  return inTransaction(db, async (tx) => {
    const user = await setSuspension(tx, userId, reason);
    if (!user) throw notFound(msg("User not found"));
    await endSessions(tx, userId, "all");
    const hidden = await setSuspendedMeals(tx, userId, true, user.isRegisteredCook);
    // The review queue's log says who suspended whom (docs/decisions/020 "The queue").
    await logModeration(tx, { action: "suspend", actorId: admin.id, subjectId: userId });
    return { userId, suspended: true, reason, meals: hidden };
  });
}

/**
 * Lifts a suspension; the meals it hid are active again, except paid ones of a member who is no
 * longer a registered cook (their certificate lapsed meanwhile), which stay inactive.
 * @throws AppError 404 unknown user
 */
export async function unsuspendUser(db: Executor, userId: string): Promise<Suspension> {
  return inTransaction(db, async (tx) => {
    const user = await setSuspension(tx, userId, null);
    if (!user) throw notFound(msg("User not found"));
    const shown = await setSuspendedMeals(tx, userId, false, user.isRegisteredCook);
    return { userId, suspended: false, reason: null, meals: shown };
  });
}
