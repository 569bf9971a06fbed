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
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { toast } from "@/client/components/ui/use-toast";
import { useCurrentUser } from "@/client/features/auth";
import {
  ApplicationsList,
  GroupForm,
  GroupMeals,
  GroupReports,
  InviteLinks,
  JoinPanel,
  MembersList,
  useGroup,
  useJoinRuleName,
  useLeaveGroup,
  useRoleName,
  useUpdateGroup,
} from "@/client/features/groups";
import { ApiError } from "@/client/lib/api-client";

export default function GroupPage() {
  const { t } = useTranslation("app");
  const { id = "" } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const query = useGroup(id);
  const update = useUpdateGroup(id);
  const leave = useLeaveGroup(id);
  const joinRuleName = useJoinRuleName();
  const roleName = useRoleName();

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
  const { permissions } = group;
  const member = Boolean(group.membership);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{group.name}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>{t("{{count}} member", { count: group.memberCount })}</span>
          <Badge variant="outline">{joinRuleName(group.joinRule)}</Badge>
          {group.visibility === "hidden" && <Badge variant="outline">{t("Hidden")}</Badge>}
          {group.membership && <Badge>{roleName(group.membership.role)}</Badge>}
          {group.place && <span>{t("within {{km}} km", { km: group.place.radiusKm })}</span>}
        </div>
        {group.description && <p className="whitespace-pre-line">{group.description}</p>}
      </header>

      {member && group.welcome && (
        <Card className="border-violet-200 bg-violet-50">
          <CardContent className="whitespace-pre-line p-4">{group.welcome}</CardContent>
        </Card>
      )}
      <JoinPanel group={group} />

      {member || permissions.seeMembers ? (
        <Tabs defaultValue="meals">
          <TabsList className="flex h-auto flex-wrap justify-start">
            <TabsTrigger value="meals">{t("Meals")}</TabsTrigger>
            <TabsTrigger value="members">{t("Members")}</TabsTrigger>
            <TabsTrigger value="rules">{t("Rules")}</TabsTrigger>
            {permissions.moderate && (
              <TabsTrigger value="applications">
                {t("Applications")}
                {group.pendingApplications ? ` (${group.pendingApplications})` : ""}
              </TabsTrigger>
            )}
            {permissions.invite && <TabsTrigger value="invite">{t("Invite")}</TabsTrigger>}
            {permissions.moderate && <TabsTrigger value="reports">{t("Reports")}</TabsTrigger>}
            {permissions.edit && <TabsTrigger value="settings">{t("Settings")}</TabsTrigger>}
          </TabsList>
          <TabsContent value="meals">
            <GroupMeals group={group} />
          </TabsContent>
          <TabsContent value="members">
            <MembersList group={group} viewerId={user?.id ?? ""} />
          </TabsContent>
          <TabsContent value="rules">
            <p className="whitespace-pre-line rounded-md bg-muted p-4 text-sm">
              {group.rules || t("This group has no rules beyond MealShare's own.")}
            </p>
          </TabsContent>
          {permissions.moderate && (
            <TabsContent value="applications">
              <ApplicationsList groupId={group.id} />
            </TabsContent>
          )}
          {permissions.invite && (
            <TabsContent value="invite">
              <InviteLinks groupId={group.id} />
            </TabsContent>
          )}
          {permissions.moderate && (
            <TabsContent value="reports">
              <GroupReports groupId={group.id} />
            </TabsContent>
          )}
          {permissions.edit && (
            <TabsContent value="settings">
              <GroupForm
                group={group}
                submitLabel={t("Save changes")}
                pending={update.isPending}
                onSubmit={async (input) => {
                  await update.mutateAsync(input);
                  toast({ title: t("Group saved") });
                }}
              />
            </TabsContent>
          )}
        </Tabs>
      ) : (
        <GroupMeals group={group} />
      )}

      {member && group.membership?.role !== "owner" && (
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
      {group.membership?.role === "owner" && (
        <p className="text-sm text-muted-foreground">
          {t("To leave the group, hand it over to another member first (Members → Hand over).")}
        </p>
      )}
    </div>
  );
}
