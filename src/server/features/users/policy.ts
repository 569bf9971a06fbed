/**
 * Who may see a member (docs/features/food-safety.md point 6; docs/features/safety-and-admin.md): the
 * one place it is decided, for their profile, reviews, open meals and rating alike. A suspended
 * account is gone for everyone but admins and itself, and one that is leaving or has left
 * (docs/decisions/017) for everyone but itself; a block hides the two members' meals from each
 * other but not their profiles (blocks/service.ts decides what a block stops).
 */

import { msg } from "../../../contract/messages";
import type { ProfileAbilities } from "../../../contract/users";
import { abilityOf } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { type AppError, conflict, forbidden, validation } from "../../errors";
import { blockRefusal } from "../blocks";

/** Whether `viewer` may see anything of `member`. */
export const canSeeMember = (
  viewer: ActorRef,
  member: { id: string; suspendedAt: Date | null; deletionRequestedAt: Date | null },
): boolean => {
  if (viewer.id === member.id) return true;
  // A member who is leaving, or has left, is found by nobody (docs/decisions/017).
  if (member.deletionRequestedAt !== null) return false;
  return member.suspendedAt === null || viewer.isAdmin;
};

/** Why `viewer` may not suspend `memberId`, or null: an admin, any account but their own. */
export function suspendRefusal(viewer: ActorRef, memberId: string): AppError | null {
  if (!viewer.isAdmin) return forbidden(msg("Admins only."));
  if (viewer.id === memberId) return conflict(msg("You cannot suspend your own account."));
  return null;
}

/**
 * Why `viewer` may not delete `memberId`'s account, or null: an admin, any account but their own
 * (which they delete from Settings, docs/decisions/017).
 */
export function deleteMemberRefusal(viewer: ActorRef, memberId: string): AppError | null {
  if (!viewer.isAdmin) return forbidden(msg("Admins only."));
  if (viewer.id === memberId) return validation(msg("Delete your own account from Settings."));
  return null;
}

/** What `viewer` may do about the member whose profile they read. */
export const profileAbilities = (viewer: ActorRef, memberId: string): ProfileAbilities => ({
  block: abilityOf(blockRefusal(viewer, memberId)),
  suspend: abilityOf(suspendRefusal(viewer, memberId)),
  delete: abilityOf(deleteMemberRefusal(viewer, memberId)),
});
