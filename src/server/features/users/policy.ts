/**
 * Who may see a member (docs/features/food-safety.md point 6; docs/features/safety-and-admin.md): the
 * one place it is decided, for their profile, reviews, open meals and rating alike. A suspended
 * account is gone for everyone but admins and itself, and one that is leaving or has left
 * (docs/decisions/017) for everyone but itself; a block hides the two members' meals from each
 * other but not their profiles (blocks/service.ts decides what a block stops).
 */

import type { ActorRef } from "../../auth/actor";

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
