/**
 * Suspending accounts (docs/features/food-safety.md point 5): an admin suspends a user with a reason. At
 * once every session of theirs ends, and with them their open live streams on every instance (the
 * session lookup also refuses suspended users, so a request racing the change gets 401 too), sign-in is
 * refused, and their active meals are hidden; lifting it brings back exactly the meals the suspension
 * hid. One transaction each, so no half-suspended account.
 */
import { and, eq, sql } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import type { Suspension } from "../../../contract/reports";
import { authorize } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { type Executor, inTransaction } from "../../db/client";
import { meals, sessions, users } from "../../db/schema";
import { notFound } from "../../errors";
import { announceSessionsEnded } from "../../live/hub";
import { logModeration } from "../moderation";
import { suspendRefusal } from "../users";

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
    const [user] = await tx
      .update(users)
      .set({
        suspendedAt: sql`coalesce(${users.suspendedAt}, now())`,
        suspendedReason: reason,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!user) throw notFound(msg("User not found"));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await announceSessionsEnded(tx, userId);
    const hidden = await tx
      .update(meals)
      .set({ isActive: false, hiddenBySuspension: true, updatedAt: new Date() })
      .where(and(eq(meals.ownerId, userId), eq(meals.isActive, true)))
      .returning({ id: meals.id });
    // The review queue's log says who suspended whom (docs/decisions/020 "The queue").
    await logModeration(tx, { action: "suspend", actorId: admin.id, subjectId: userId });
    return { userId, suspended: true, reason, meals: hidden.length };
  });
}

/**
 * Lifts a suspension; the meals it hid are active again, except paid ones of a member who is no
 * longer a registered cook (their certificate lapsed meanwhile), which stay inactive.
 * @throws AppError 404 unknown user
 */
export async function unsuspendUser(db: Executor, userId: string): Promise<Suspension> {
  return inTransaction(db, async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ suspendedAt: null, suspendedReason: null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id, isRegisteredCook: users.isRegisteredCook });
    if (!user) throw notFound(msg("User not found"));
    // Only registered cooks sell: a certificate that lapsed during the suspension keeps paid meals off.
    const shown = await tx
      .update(meals)
      .set({ isActive: true, hiddenBySuspension: false, updatedAt: new Date() })
      .where(
        and(
          eq(meals.ownerId, userId),
          eq(meals.hiddenBySuspension, true),
          user.isRegisteredCook ? undefined : eq(meals.kind, "free"),
        ),
      )
      .returning({ id: meals.id });
    await tx
      .update(meals)
      .set({ hiddenBySuspension: false })
      .where(and(eq(meals.ownerId, userId), eq(meals.hiddenBySuspension, true)));
    return { userId, suspended: false, reason: null, meals: shown.length };
  });
}
