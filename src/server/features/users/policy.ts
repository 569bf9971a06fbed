/**
 * Who may see a member (docs/features/food-safety.md point 6; docs/features/safety-and-admin.md): the
 * one place it is decided, for their profile, reviews, open meals and rating alike. A suspended
 * account is gone for everyone but admins and itself; a block hides the two members' meals from each
 * other but not their profiles (blocks/service.ts decides what a block stops).
 */

/** Whether `viewer` may see anything of `member`. */
export const canSeeMember = (
  viewer: { id: string; isAdmin: boolean },
  member: { id: string; suspendedAt: Date | null },
): boolean => member.suspendedAt === null || viewer.isAdmin || viewer.id === member.id;
