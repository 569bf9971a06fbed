import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { ReasonDialog } from "@/client/components/reason-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { toast } from "@/client/components/ui/use-toast";
import { useFormat } from "@/client/lib/format";
import type { CookApplication } from "@/contract/cooks";
import { type useCookApplications, useDecideApplication } from "../api/cooks";

/** Who applied, when, and their registration and certificate. */
function ApplicationDetails({ application }: { application: CookApplication }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {application.kitchenName} —{" "}
          <Link href={`/user/${application.applicant.id}`} className="hover:underline">
            {`${application.applicant.firstName} ${application.applicant.lastName}`.trim()}
          </Link>
        </p>
        <span className="text-sm text-muted-foreground">{f.messageDay(application.createdAt)}</span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">{t("Registration:")} </dt>
          <dd className="inline">
            {application.registrationNumber} ({application.registrationAuthority})
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">{t("Certificate:")} </dt>
          <dd className="inline">
            {t("{{level}}, {{issuer}}, expires {{date}}", {
              level: application.certificateLevel,
              issuer: application.certificateIssuer,
              date: f.longDate(`${application.certificateExpiresOn}T12:00:00`),
            })}
          </dd>
        </div>
      </dl>
    </>
  );
}

/**
 * The pending cook applications (docs/features/food-safety.md point 4): details, the document (opened in
 * a new tab, served only to admins and the applicant), Approve, and Reject with a required reason.
 */
export function CookApplications({ query }: { query: ReturnType<typeof useCookApplications> }) {
  const { t } = useTranslation("app");
  const decide = useDecideApplication();
  const [rejecting, setRejecting] = useState<string | null>(null);
  const run = (id: string, reason?: string) =>
    decide.mutate(
      { id, reason },
      {
        onSuccess: (application) =>
          toast({
            title: application.status === "approved" ? t("Application approved") : t("Application rejected"),
            description: t("The applicant has been notified."),
          }),
      },
    );
  if (query.isLoading) return <Spinner label={t("Loading cook applications")} />;
  if (query.isError)
    return (
      <QueryError
        title={t("Could not load cook applications")}
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isRefetching}
      />
    );
  const applications = query.data?.applications ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Pending cook applications")}</CardTitle>
      </CardHeader>
      <CardContent>
        {applications.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{t("No applications are waiting.")}</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="cook-applications">
            {applications.map((application) => (
              <li key={application.id} className="flex flex-col gap-2 rounded-lg border p-3">
                <ApplicationDetails application={application} />
                <div className="flex flex-wrap gap-2">
                  <Button asChild size="sm" variant="outline">
                    <a href={application.documentUrl} target="_blank" rel="noopener noreferrer">
                      {t("View document")}
                    </a>
                  </Button>
                  <Button size="sm" disabled={decide.isPending} onClick={() => run(application.id)}>
                    {t("Approve")}
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={decide.isPending}
                    onClick={() => setRejecting(application.id)}
                  >
                    {t("Reject")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <ReasonDialog
          open={rejecting !== null}
          onOpenChange={(open) => !open && setRejecting(null)}
          title={t("Reject")}
          label={t("Why is this application rejected? The applicant will see it. (required)")}
          submitLabel={t("Reject")}
          destructive
          onSubmit={(reason) => rejecting && run(rejecting, reason)}
        />
      </CardContent>
    </Card>
  );
}
