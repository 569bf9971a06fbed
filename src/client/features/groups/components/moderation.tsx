/**
 * What a group's owner and moderators decide (docs/features/groups.md points 1 and 5): the applications
 * waiting, each question with its answer, approved or declined with a message; and the open reports
 * about the group's meals and members — without who reported. Site admins keep the whole list.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { LoadMore } from "@/client/components/layout/load-more";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { useFormat } from "@/client/lib/format";
import type { GroupApplication } from "@/contract/groups";
import { useApplications, useDecideApplication, useGroupReports } from "../api/groups";

function ApplicationCard({ groupId, application }: { groupId: string; application: GroupApplication }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const decide = useDecideApplication(groupId);
  const [message, setMessage] = useState("");
  const name = `${application.user.firstName} ${application.user.lastName}`.trim() || t("A neighbour");
  const messageId = `decision-${application.id}`;
  const send = (decision: "approve" | "decline") =>
    decide.mutate({ applicationId: application.id, decision, message: message.trim() || undefined });
  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-3 p-4">
          <p>
            <Link
              href={`/user/${application.user.id}`}
              className="font-semibold underline-offset-2 hover:underline"
            >
              {name}
            </Link>{" "}
            <span className="text-sm text-muted-foreground">· {f.ago(application.createdAt)}</span>
          </p>
          <dl className="flex flex-col gap-2 text-sm">
            {application.answers.map((item) => (
              <div key={item.question}>
                <dt className="font-medium">{item.question}</dt>
                <dd className="whitespace-pre-line text-muted-foreground">{item.answer}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-col gap-1">
            <Label htmlFor={messageId}>{t("Message to {{name}} (optional)", { name })}</Label>
            <Input
              id={messageId}
              maxLength={1000}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <Button disabled={decide.isPending} onClick={() => send("approve")}>
              {t("Approve")}
            </Button>
            <Button variant="outline" disabled={decide.isPending} onClick={() => send("decline")}>
              {t("Decline")}
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

export function ApplicationsList({ groupId }: { groupId: string }) {
  const { t } = useTranslation("app");
  const applications = useApplications(groupId, true);
  if (applications.isLoading) return <Spinner label={t("Loading applications")} />;
  if (applications.isError && applications.items.length === 0) {
    return (
      <QueryError
        title={t("Could not load the applications")}
        error={applications.error}
        onRetry={() => applications.refetch()}
        retrying={applications.isRefetching}
      />
    );
  }
  if (applications.items.length === 0) return <EmptyState title={t("No applications waiting")} />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label={t("Applications")}>
        {applications.items.map((application) => (
          <ApplicationCard key={application.id} groupId={groupId} application={application} />
        ))}
      </ul>
      <LoadMore query={applications} errorTitle={t("Could not load more applications")} />
    </div>
  );
}

export function GroupReports({ groupId }: { groupId: string }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const reports = useGroupReports(groupId, true);
  if (reports.isLoading) return <Spinner label={t("Loading reports")} />;
  if (reports.isError) {
    return (
      <QueryError
        title={t("Could not load the reports")}
        error={reports.error}
        onRetry={() => reports.refetch()}
        retrying={reports.isRefetching}
      />
    );
  }
  if (!reports.data || reports.data.length === 0) return <EmptyState title={t("No open reports")} />;
  return (
    <ul className="flex flex-col gap-2" aria-label={t("Reports")}>
      {reports.data.map((report) => (
        <li key={report.id}>
          <Card>
            <CardContent className="flex flex-col gap-1 p-4 text-sm">
              <p className="font-medium">
                <Link
                  href={
                    report.targetType === "meal" ? `/meal/${report.targetId}` : `/user/${report.targetId}`
                  }
                  className="underline-offset-2 hover:underline"
                >
                  {report.targetType === "meal"
                    ? t("Meal: {{title}}", { title: report.targetLabel })
                    : t("Member: {{name}}", { name: report.targetLabel })}
                </Link>
              </p>
              <p className="whitespace-pre-line">{report.reason}</p>
              <p className="text-muted-foreground">{f.ago(report.createdAt)}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
