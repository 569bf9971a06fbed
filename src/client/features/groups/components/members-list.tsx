/**
 * A group's members (docs/features/groups.md points 2 and 5), to its members: name and role, a page at
 * a time. Moderators remove members (with a reason they are told); the owner makes moderators and hands
 * the group over — never leaving it ownerless; any member may ask for a review of another's membership
 * (docs/decisions/020), as the server's `askReview` ability allows.
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

export function MembersList({ group, viewerId }: { group: GroupDetail; viewerId: string }) {
  const { t } = useTranslation("app");
  const roleName = useRoleName();
  const members = useGroupMembers(group.id, true);
  const remove = useRemoveMember(group.id);
  const changeRole = useChangeRole(group.id);
  const transfer = useTransferOwnership(group.id);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const [handingTo, setHandingTo] = useState<{ id: string; name: string } | null>(null);
  const [reviewing, setReviewing] = useState<GroupMember | null>(null);
  const askReview = useAskReview(group.id);
  const [, navigate] = useLocation();
  const { edit, moderate } = group.permissions;

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
          {members.items.map((member) => {
            const name = `${member.user.firstName} ${member.user.lastName}`.trim() || t("A neighbour");
            const self = member.user.id === viewerId;
            return (
              <li key={member.user.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="flex items-center gap-2">
                  <Link
                    href={`/user/${member.user.id}`}
                    className="font-medium underline-offset-2 hover:underline"
                  >
                    {name}
                  </Link>
                  <Badge variant={member.role === "owner" ? "default" : "secondary"}>
                    {roleName(member.role)}
                  </Badge>
                </span>
                {!self && member.role !== "owner" && (
                  <span className="flex flex-wrap gap-2">
                    {edit && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={changeRole.isPending}
                        onClick={() =>
                          changeRole.mutate({
                            userId: member.user.id,
                            role: member.role === "moderator" ? "member" : "moderator",
                          })
                        }
                      >
                        {member.role === "moderator" ? t("Make member") : t("Make moderator")}
                      </Button>
                    )}
                    {edit && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={transfer.isPending}
                        onClick={() => setHandingTo({ id: member.user.id, name })}
                      >
                        {t("Hand over")}
                      </Button>
                    )}
                    {moderate && (member.role !== "moderator" || edit) && (
                      <Button size="sm" variant="destructive" onClick={() => setRemoving(member)}>
                        {t("Remove")}
                      </Button>
                    )}
                  </span>
                )}
                {member.abilities.askReview.allowed && (
                  <Button size="sm" variant="ghost" onClick={() => setReviewing(member)}>
                    {t("Ask for a review")}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {members.items.some((member) => member.role === "newcomer") && (
          <p className="text-sm text-muted-foreground">
            {t("Newcomer: joined, with no pickup in this group yet.")}
          </p>
        )}
        <LoadMore query={members} errorTitle={t("Could not load more members")} />
        <AlertDialog open={handingTo !== null} onOpenChange={(open) => !open && setHandingTo(null)}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t("Hand the group over?")}</AlertDialogTitle>
              <AlertDialogDescription>
                {t("{{name}} becomes the owner of {{group}}. You stay as a moderator.", {
                  name: handingTo?.name ?? "",
                  group: group.name,
                })}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t("Cancel")}</AlertDialogCancel>
              <AlertDialogAction onClick={() => handingTo && transfer.mutate(handingTo.id)}>
                {t("Hand over")}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
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
