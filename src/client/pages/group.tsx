/**
 * A group's page (docs/features/groups.md point 4): what it is, its rules, joining; to members its
 * welcome message, meals and members; to moderators the applications, reports and invite links; to its
 * owner the settings. A hidden group, or one that does not exist, is "Group not found".
 */
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { toast } from "@/client/components/ui/use-toast";
import {
  GroupMeals,
  GroupTabs,
  JoinPanel,
  useGroup,
  useJoinRuleName,
  useLeaveGroup,
  useRoleName,
} from "@/client/features/groups";
import { ApiError } from "@/client/lib/api-client";
import type { GroupDetail, GroupRole } from "@/contract/groups";

export default function GroupPage() {
  const { t } = useTranslation("app");
  const { id = "" } = useParams<{ id: string }>();
  const query = useGroup(id);

  if (query.isLoading) return <Spinner className="py-24" label={t("Loading the group")} />;
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
    return (
      <EmptyState
        title={t("Group not found")}
        text={t("It may have been removed, or it is a hidden group you are not a member of.")}
      />
    );
  }
  if (query.isError || !query.data) {
    return (
      <QueryError
        title={t("Could not load the group")}
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  const group = query.data;
  const { abilities } = group;
  const member = Boolean(group.membership);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <GroupHeader group={group} />

      {member && group.welcome && (
        <Card className="border-violet-200 bg-violet-50">
          <CardContent className="whitespace-pre-line p-4">{group.welcome}</CardContent>
        </Card>
      )}
      <JoinPanel group={group} />

      {member || abilities.seeMembers.allowed ? <GroupTabs group={group} /> : <GroupMeals group={group} />}

      <LeaveGroup group={group} />
    </div>
  );
}

/** The group's name, size, how it is joined, the viewer's role and what that means, and its description. */
function GroupHeader({ group }: { group: GroupDetail }) {
  const { t } = useTranslation("app");
  const joinRuleName = useJoinRuleName();
  const roleName = useRoleName();
  // What the viewer's role means to them, where it needs saying (docs/features/groups.md point 2).
  const roleNotes: Record<GroupRole, string | null> = {
    owner: null,
    moderator: null,
    member: null,
    newcomer: group.newcomersMayRequest
      ? t(
          "You are a newcomer here until your first pickup in this group, or until a moderator makes you a member.",
        )
      : t(
          "You are a newcomer here until your first pickup in this group, or until a moderator makes you a member. Until then, its members-only meals are not yours to request.",
        ),
  };
  const roleNote = group.membership && roleNotes[group.membership.role];

  return (
    <header className="flex flex-col gap-2">
      <h1 className="text-3xl font-bold">{group.name}</h1>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span>{t("{{count}} member", { count: group.memberCount })}</span>
        <Badge variant="outline">{joinRuleName(group.joinRule)}</Badge>
        {group.visibility === "hidden" && <Badge variant="outline">{t("Hidden")}</Badge>}
        {group.membership && <Badge>{roleName(group.membership.role)}</Badge>}
        {group.place && <span>{t("within {{km}} km", { km: group.place.radiusKm })}</span>}
      </div>
      {roleNote && (
        <p className="text-sm text-muted-foreground" data-testid="newcomer-note">
          {roleNote}
        </p>
      )}
      {group.description && <p className="whitespace-pre-line">{group.description}</p>}
    </header>
  );
}

/** Leaving the group, or why its owner cannot yet (docs/features/groups.md point 2). */
function LeaveGroup({ group }: { group: GroupDetail }) {
  const { t } = useTranslation("app");
  const [, navigate] = useLocation();
  const leave = useLeaveGroup(group.id);
  const { abilities } = group;
  return (
    <>
      {abilities.leave.allowed && (
        <Button
          variant="outline"
          className="self-start"
          disabled={leave.isPending}
          onClick={() =>
            leave.mutate(undefined, {
              onSuccess: () => {
                toast({ title: t("You left {{group}}", { group: group.name }) });
                navigate("/groups");
              },
            })
          }
        >
          {t("Leave group")}
        </Button>
      )}
      {abilities.leave.refusal?.code === "owner_must_hand_over" && (
        <p className="text-sm text-muted-foreground">
          {t("To leave the group, hand it over to another member first (Members → Hand over).")}
        </p>
      )}
    </>
  );
}
