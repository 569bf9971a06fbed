/** A group in the directory and in "My groups" (docs/features/groups.md): name, description, members, how to join. */
import { Lock, UsersRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent } from "@/client/components/ui/card";
import type { GroupJoinRule, GroupSummary } from "@/contract/groups";
import { useRoleName } from "./members-list";

export function useJoinRuleName() {
  const { t } = useTranslation("app");
  return (rule: GroupJoinRule) =>
    ({
      open: t("Open to join"),
      application: t("By application"),
      invite: t("By invite link"),
      email_domain: t("By email domain"),
    })[rule];
}

export function GroupCard({ group }: { group: GroupSummary }) {
  const { t } = useTranslation("app");
  const joinRuleName = useJoinRuleName();
  const roleName = useRoleName();
  return (
    <Card className="h-full" data-testid="group-card">
      <CardContent className="flex h-full flex-col gap-2 p-4">
        <h3 className="text-lg font-semibold leading-tight">
          <Link href={`/groups/${group.id}`} className="underline-offset-2 hover:underline">
            {group.name}
          </Link>
        </h3>
        {group.description && (
          <p className="line-clamp-2 text-sm text-muted-foreground">{group.description}</p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-2 text-sm">
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <UsersRound className="h-4 w-4" aria-hidden="true" />
            {t("{{count}} member", { count: group.memberCount })}
          </span>
          <Badge variant="outline">{joinRuleName(group.joinRule)}</Badge>
          {group.visibility === "hidden" && (
            <Badge variant="outline" className="gap-1">
              <Lock className="h-3 w-3" aria-hidden="true" />
              {t("Hidden")}
            </Badge>
          )}
          {group.membership && <Badge>{roleName(group.membership.role)}</Badge>}
        </div>
      </CardContent>
    </Card>
  );
}
