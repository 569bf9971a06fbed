/**
 * A group's members (docs/features/groups.md points 2 and 5), to its members: name and role, a page at
 * a time. Moderators remove members (with a reason they are told); the owner makes moderators and hands
 * the group over — never leaving it ownerless; any member may ask for a review of another's membership
 * (docs/decisions/020). Each member's `abilities` say which of these the viewer may do: the server's
 * one decision (src/server/features/groups/policy.ts), which its endpoints take too.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { LoadMore } from "@/client/components/layout/load-more";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { ReasonDialog } from "@/client/components/reason-dialog";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import type { GroupDetail, GroupMember, GroupRole } from "@/contract/groups";
import { useChangeRole, useGroupMembers, useRemoveMember, useTransferOwnership } from "../api/groups";
import { useAskReview } from "../api/reviews";

export function useRoleName() {
  const { t } = useTranslation("app");
  return (role: GroupRole) =>
    ({ owner: t("Owner"), moderator: t("Moderator"), member: t("Member"), newcomer: t("Newcomer") })[role];
}

/** A member's row: their name and role, and what the viewer may do about them. */
/** What "change role" makes a member of each role: a moderator a member again, anyone else a moderator. */
const ROLE_CHANGE: Record<GroupRole, "member" | "moderator"> = {
  owner: "moderator",
  moderator: "member",
  member: "moderator",
  newcomer: "moderator",
};
/** The owner's badge stands out from the rest. */
const BADGE_VARIANT: Record<GroupRole, "default" | "secondary"> = {
  owner: "default",
  moderator: "secondary",
  member: "secondary",
  newcomer: "secondary",
};

/** "Make moderator" or "Make member": the member's role becomes the other one. */
function ChangeRoleButton({ groupId, member }: { groupId: string; member: GroupMember }) {
  const { t } = useTranslation("app");
  const changeRole = useChangeRole(groupId);
  const becomes = ROLE_CHANGE[member.role];
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={changeRole.isPending}
      onClick={() => changeRole.mutate({ userId: member.user.id, role: becomes })}
    >
      {{ member: t("Make member"), moderator: t("Make moderator") }[becomes]}
    </Button>
  );
}

/** A member with their role, and the buttons their abilities open to the viewer. */
function MemberRow({
  group,
  member,
  handingOver,
  onHandOver,
  onRemove,
  onReview,
}: {
  group: GroupDetail;
  member: GroupMember;
  /** A hand-over is under way: not another one at once. */
  handingOver: boolean;
  onHandOver: (to: { id: string; name: string }) => void;
  onRemove: (member: GroupMember) => void;
  onReview: (member: GroupMember) => void;
}) {
  const { t } = useTranslation("app");
  const roleName = useRoleName();
  const name = `${member.user.firstName} ${member.user.lastName}`.trim() || t("A neighbour");
  const { abilities } = member;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="flex items-center gap-2">
        <Link href={`/user/${member.user.id}`} className="font-medium underline-offset-2 hover:underline">
          {name}
        </Link>
        <Badge variant={BADGE_VARIANT[member.role]}>{roleName(member.role)}</Badge>
      </span>
      <span className="flex flex-wrap gap-2">
        {abilities.changeRole.allowed && <ChangeRoleButton groupId={group.id} member={member} />}
        {abilities.handOver.allowed && (
          <Button
            size="sm"
            variant="outline"
            disabled={handingOver}
            onClick={() => onHandOver({ id: member.user.id, name })}
          >
            {t("Hand over")}
          </Button>
        )}
        {abilities.remove.allowed && (
          <Button size="sm" variant="destructive" onClick={() => onRemove(member)}>
            {t("Remove")}
          </Button>
        )}
        {abilities.askReview.allowed && (
          <Button size="sm" variant="ghost" onClick={() => onReview(member)}>
            {t("Ask for a review")}
          </Button>
        )}
      </span>
    </li>
  );
}

/** Asks once more before the group changes hands: the owner stays as a moderator. */
function HandOverDialog({
  group,
  to,
  onConfirm,
  onClose,
}: {
  group: GroupDetail;
  to: { id: string; name: string } | null;
  onConfirm: (userId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("app");
  return (
    <AlertDialog open={to !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("Hand the group over?")}</AlertDialogTitle>
          <AlertDialogDescription>
            {t("{{name}} becomes the owner of {{group}}. You stay as a moderator.", {
              name: to?.name ?? "",
              group: group.name,
            })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("Cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={() => to && onConfirm(to.id)}>{t("Hand over")}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function MembersList({ group }: { group: GroupDetail }) {
  const { t } = useTranslation("app");
  const members = useGroupMembers(group.id, true);
  const remove = useRemoveMember(group.id);
  const transfer = useTransferOwnership(group.id);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const [handingTo, setHandingTo] = useState<{ id: string; name: string } | null>(null);
  const [reviewing, setReviewing] = useState<GroupMember | null>(null);
  const askReview = useAskReview(group.id);
  const [, navigate] = useLocation();

  // A badge that needs explaining is explained under the list, once.
  const legend: Partial<Record<GroupRole, string>> = {
    newcomer: t("Newcomer: joined, with no pickup in this group yet."),
  };
  if (members.isLoading) return <Spinner label={t("Loading members")} />;
  if (members.isError && members.items.length === 0) {
    return (
      <QueryError
        title={t("Could not load the members")}
        error={members.error}
        onRetry={() => members.refetch()}
        retrying={members.isRefetching}
      />
    );
  }
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 p-4">
        <ul className="flex flex-col divide-y" aria-label={t("Members")}>
          {members.items.map((member) => (
            <MemberRow
              key={member.user.id}
              group={group}
              member={member}
              handingOver={transfer.isPending}
              onHandOver={setHandingTo}
              onRemove={setRemoving}
              onReview={setReviewing}
            />
          ))}
        </ul>
        {[...new Set(members.items.map((member) => member.role))].map(
          (role) =>
            legend[role] && (
              <p key={role} className="text-sm text-muted-foreground">
                {legend[role]}
              </p>
            ),
        )}
        <LoadMore query={members} errorTitle={t("Could not load more members")} />
        <HandOverDialog
          group={group}
          to={handingTo}
          onConfirm={(userId) => transfer.mutate(userId)}
          onClose={() => setHandingTo(null)}
        />
        <ReasonDialog
          open={reviewing !== null}
          onOpenChange={(open) => !open && setReviewing(null)}
          title={t("Ask for a review of this membership")}
          label={t("Why? The member is told and can answer; the group's trusted members vote for 7 days.")}
          submitLabel={t("Ask for a review")}
          onSubmit={(reason) => {
            if (reviewing)
              askReview.mutate(
                { memberId: reviewing.user.id, reason },
                { onSuccess: (review) => navigate(`/groups/${group.id}/reviews/${review.id}`) },
              );
          }}
        />
        <ReasonDialog
          open={removing !== null}
          onOpenChange={(open) => !open && setRemoving(null)}
          title={t("Remove from the group")}
          label={t("Why? They will be told.")}
          submitLabel={t("Remove")}
          destructive
          onSubmit={(reason) => {
            if (removing) remove.mutate({ userId: removing.user.id, reason });
          }}
        />
      </CardContent>
    </Card>
  );
}
