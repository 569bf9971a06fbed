/**
 * An invite link (`/join/{token}`, docs/features/groups.md point 1): the group it opens and its rules;
 * accepting them joins. An expired or revoked link says so; an unknown one is "not valid".
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { toast } from "@/client/components/ui/use-toast";
import { RulesAcceptance, useAcceptInvite, useInvitePreview } from "@/client/features/groups";
import { ApiError } from "@/client/lib/api-client";

export default function JoinPage() {
  const { t } = useTranslation("app");
  const { token = "" } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const preview = useInvitePreview(token);
  const accept = useAcceptInvite(token);
  const [accepted, setAccepted] = useState(false);

  if (preview.isLoading) return <Spinner className="py-24" label={t("Loading the invitation")} />;
  if (preview.error instanceof ApiError && preview.error.status === 410) {
    return (
      <EmptyState
        title={t("This invite link has expired")}
        text={t("It has expired or was revoked. Ask the person who sent it for a new one.")}
      />
    );
  }
  if (preview.error instanceof ApiError && (preview.error.status === 404 || preview.error.status === 400)) {
    return (
      <EmptyState title={t("This invite link is not valid")} text={t("Check that you copied all of it.")} />
    );
  }
  if (preview.isError || !preview.data) {
    return (
      <QueryError
        title={t("Could not load the invitation")}
        error={preview.error}
        onRetry={() => preview.refetch()}
        retrying={preview.isRefetching}
      />
    );
  }
  const { group, alreadyMember } = preview.data;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <p className="text-sm text-muted-foreground">{t("You are invited to join")}</p>
        <h1 className="text-3xl font-bold">{group.name}</h1>
        <p className="text-muted-foreground">{t("{{count}} member", { count: group.memberCount })}</p>
        {group.description && <p className="mt-2 whitespace-pre-line">{group.description}</p>}
      </header>
      {alreadyMember ? (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
            <p>{t("You are already a member of this group.")}</p>
            <Button asChild>
              <Link href={`/groups/${group.id}`}>{t("Open the group")}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="flex flex-col gap-4 p-4">
            <RulesAcceptance rules={group.rules} accepted={accepted} onChange={setAccepted} />
            <Button
              className="self-start"
              disabled={!accepted || accept.isPending}
              onClick={() =>
                accept.mutate(group.rulesVersion, {
                  onSuccess: ({ groupId }) => {
                    toast({ title: t("Welcome to {{group}}!", { group: group.name }) });
                    navigate(`/groups/${groupId}`);
                  },
                })
              }
            >
              {t("Join group")}
            </Button>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
