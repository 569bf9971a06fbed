/**
 * Who may do what in a group, the one place it is decided (docs/features/groups.md points 1, 2, 4 and
 * 5; docs/ARCHITECTURE.md "Where to find a rule"). Pure: the service loads the group and the viewer's
 * membership, asks here, and answers 404 where the group may not even be seen (a hidden group is
 * answered as if it did not exist). Site admins stay above every group.
 */
import type { GroupAbilities, GroupRole } from "../../../contract/groups";
import { msg } from "../../../contract/messages";
import { abilityOf } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { type AppError, conflict, forbidden, notFound } from "../../errors";

/** The viewer's row in the group, active or removed; null when they have none. */
export interface MembershipState {
  role: GroupRole;
  status: "active" | "removed";
  rulesAccepted: number;
}

/** The group as the rules need it. */
export interface GroupState {
  visibility: "listed" | "hidden";
  ownerId: string;
  /** Its texts wait for a moderator's check (docs/decisions/020). */
  held: boolean;
}

const isActive = (membership: MembershipState | null): membership is MembershipState =>
  membership?.status === "active";

/** Whether the viewer may know the group exists: listed and not held, or they are in it, or an admin. */
export function canSeeGroup(
  group: GroupState,
  membership: MembershipState | null,
  viewer: ActorRef,
): boolean {
  if (isActive(membership) || viewer.isAdmin) return true;
  // A group held for a check is not there for anyone outside it until let through (docs/decisions/020).
  return group.visibility === "listed" && !group.held;
}

/** Whether the viewer moderates the group: its owner or a moderator, or a site admin. */
export function canModerate(membership: MembershipState | null, viewer: ActorRef): boolean {
  return (
    viewer.isAdmin ||
    (isActive(membership) && (membership.role === "owner" || membership.role === "moderator"))
  );
}

/** Why the viewer may not change the group's settings, rules and ownership, or null: its owner's (and an admin's). */
export function editRefusal(membership: MembershipState | null, viewer: ActorRef): AppError | null {
  if (viewer.isAdmin || (isActive(membership) && membership.role === "owner")) return null;
  return forbidden(msg("Only the group's owner can change it."));
}

/** Why the viewer may not decide applications, reports, removals: its moderators' (and an admin's). */
export function moderateRefusal(membership: MembershipState | null, viewer: ActorRef): AppError | null {
  return canModerate(membership, viewer) ? null : forbidden(msg("Only the group's moderators can do that."));
}

/** Why the viewer may not invite to the group, or null: its moderators'. */
export function inviteRefusal(membership: MembershipState | null, viewer: ActorRef): AppError | null {
  return canModerate(membership, viewer) ? null : forbidden(msg("Only the group's moderators can invite."));
}

/** Why the viewer may not see the group's members (and its members-only meals), or null: its members'. */
export function seeMembersRefusal(membership: MembershipState | null, viewer: ActorRef): AppError | null {
  return viewer.isAdmin || isActive(membership) ? null : forbidden(msg("Join the group to see its members."));
}

/** Why the viewer may not leave the group, or null: a member who does not own it (hand it over first). */
export function leaveRefusal(membership: MembershipState | null): AppError | null {
  if (!isActive(membership)) return notFound(msg("You are not a member of this group."));
  if (membership.role === "owner")
    return conflict(
      msg("Hand the group over to another member before you leave it."),
      "owner_must_hand_over",
    );
  return null;
}

/** Everything the viewer may do in the group, as its page shows it and its endpoints decide. */
export function groupAbilities(membership: MembershipState | null, viewer: ActorRef): GroupAbilities {
  return {
    edit: abilityOf(editRefusal(membership, viewer)),
    moderate: abilityOf(moderateRefusal(membership, viewer)),
    invite: abilityOf(inviteRefusal(membership, viewer)),
    seeMembers: abilityOf(seeMembersRefusal(membership, viewer)),
    leave: abilityOf(leaveRefusal(membership)),
  };
}

/** A member of the group as the rules about them need it. */
export interface TargetMember {
  userId: string;
  role: GroupRole;
}

/**
 * Why the viewer may not remove `target` from the group, or null when they may: moderators remove
 * members and newcomers; moderators are removed by the owner or an admin; never the owner (a group
 * is never left ownerless: hand it over first), and never oneself (leave instead). With no target
 * (this one and the two below), the viewer's own standing alone: asked before the target is looked
 * up, so nobody outside learns who is a member.
 */
export function removalRefusal(
  actor: MembershipState | null,
  viewer: ActorRef,
  target: TargetMember | null,
): AppError | null {
  if (!canModerate(actor, viewer)) return forbidden(msg("Only the group's moderators can do that."));
  if (!target) return null;
  if (target.role === "owner")
    return conflict(msg("The owner cannot be removed: a group always has an owner."), "owner_must_hand_over");
  if (target.userId === viewer.id) return conflict(msg("Leave the group instead."), "use_leave");
  if (target.role === "moderator" && !viewer.isAdmin && actor?.role !== "owner")
    return forbidden(msg("Only the owner can remove a moderator."));
  return null;
}

/** Why the viewer may not make `target` a moderator or a member again, or null: the owner's (and an admin's). */
export function roleChangeRefusal(
  actor: MembershipState | null,
  viewer: ActorRef,
  target: TargetMember | null,
): AppError | null {
  if (editRefusal(actor, viewer)) return forbidden(msg("Only the group's owner can change roles."));
  if (!target) return null;
  if (target.role === "owner")
    return conflict(msg("Hand the group over to change the owner's role."), "owner_must_hand_over");
  return null;
}

/** Why the viewer may not hand the group over to `target`, or null: the owner's (and an admin's). */
export function handOverRefusal(
  actor: MembershipState | null,
  viewer: ActorRef,
  target: TargetMember | null,
): AppError | null {
  if (editRefusal(actor, viewer)) return forbidden(msg("Only the group's owner can hand it over."));
  if (!target) return null;
  if (target.role === "owner") return conflict(msg("They own the group already."), "already_owner");
  return null;
}

/**
 * Why the viewer may not ask for a review of `target`'s membership, or null (docs/decisions/020
 * "Membership review"): active members ask about another member who is not the owner and is not under
 * review already.
 */
export function reviewAskRefusal(
  membership: MembershipState | null,
  viewer: ActorRef,
  target: { userId: string; role: GroupRole; underReview: boolean },
): AppError | null {
  if (!isActive(membership)) return forbidden(msg("Only the group's members can ask for a review."));
  if (target.userId === viewer.id) return conflict(msg("You cannot ask for a review of yourself."), "self");
  if (target.role === "owner")
    return conflict(msg("The owner cannot be removed: a group always has an owner."), "owner_must_hand_over");
  if (target.underReview) return conflict(msg("A review of this member is open already."), "review_open");
  return null;
}
