/**
 * A group's sections on its page (docs/features/groups.md point 4), for members and site admins: its
 * meals, members and rules; applications, reports and invite links for those who moderate; settings
 * for its owner.
 */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { toast } from "@/client/components/ui/use-toast";
import type { GroupDetail } from "@/contract/groups";
import { useUpdateGroup } from "../api/groups";
import { GroupForm } from "./group-form";
import { GroupMeals } from "./group-meals";
import { InviteLinks } from "./invite-links";
import { MembersList } from "./members-list";
import { ApplicationsList, GroupReports } from "./moderation";
import { OpenReviews } from "./open-reviews";

/** The group's settings, for its owner: the group's form, saved in place. */
function GroupSettings({ group }: { group: GroupDetail }) {
  const { t } = useTranslation("app");
  const update = useUpdateGroup(group.id);
  return (
    <GroupForm
      group={group}
      submitLabel={t("Save changes")}
      pending={update.isPending}
      onSubmit={async (input) => {
        await update.mutateAsync(input);
        toast({ title: t("Group saved") });
      }}
    />
  );
}

/** The tabs the viewer's abilities open, with the count of waiting applications. */
function GroupTabList({ group }: { group: GroupDetail }) {
  const { t } = useTranslation("app");
  const { abilities } = group;
  return (
    <TabsList className="flex h-auto flex-wrap justify-start">
      <TabsTrigger value="meals">{t("Meals")}</TabsTrigger>
      <TabsTrigger value="members">{t("Members")}</TabsTrigger>
      <TabsTrigger value="rules">{t("Rules")}</TabsTrigger>
      {abilities.moderate.allowed && (
        <TabsTrigger value="applications">
          {t("Applications")}
          {group.pendingApplications ? ` (${group.pendingApplications})` : ""}
        </TabsTrigger>
      )}
      {abilities.invite.allowed && <TabsTrigger value="invite">{t("Invite")}</TabsTrigger>}
      {abilities.moderate.allowed && <TabsTrigger value="reports">{t("Reports")}</TabsTrigger>}
      {abilities.edit.allowed && <TabsTrigger value="settings">{t("Settings")}</TabsTrigger>}
    </TabsList>
  );
}

/** The group's sections as tabs, each shown as the viewer's abilities allow. */
export function GroupTabs({ group }: { group: GroupDetail }) {
  const { t } = useTranslation("app");
  const { abilities } = group;
  return (
    <Tabs defaultValue="meals">
      <GroupTabList group={group} />
      <TabsContent value="meals">
        <GroupMeals group={group} />
      </TabsContent>
      <TabsContent value="members" className="flex flex-col gap-3">
        <OpenReviews groupId={group.id} />
        <MembersList group={group} />
      </TabsContent>
      <TabsContent value="rules">
        <p className="whitespace-pre-line rounded-md bg-muted p-4 text-sm">
          {group.rules || t("This group has no rules beyond MealShare's own.")}
        </p>
      </TabsContent>
      {abilities.moderate.allowed && (
        <TabsContent value="applications">
          <ApplicationsList groupId={group.id} />
        </TabsContent>
      )}
      {abilities.invite.allowed && (
        <TabsContent value="invite">
          <InviteLinks groupId={group.id} />
        </TabsContent>
      )}
      {abilities.moderate.allowed && (
        <TabsContent value="reports" className="flex flex-col gap-3">
          <Link href="/moderation" className="text-sm font-medium underline">
            {t("Held texts of this group: the review queue")}
          </Link>
          <GroupReports groupId={group.id} />
        </TabsContent>
      )}
      {abilities.edit.allowed && (
        <TabsContent value="settings">
          <GroupSettings group={group} />
        </TabsContent>
      )}
    </Tabs>
  );
}
