/** The admin's open reports (Resolve, Suspend user) and resolved ones (spec §2 "Admin dashboard"). */
import { ListChecks } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { toast } from "@/client/components/ui/use-toast";
import type { Report } from "@/contract/reports";
import { useResolveReport } from "../api/reports";
import { ReportsTable } from "./reports-table";
import { SuspendUserButton } from "./suspend-user-button";

/** `total` is the open count from the stats; the list itself stops at the server's page of 500. */
export function OpenReports({ reports, total }: { reports: Report[]; total: number }) {
  const { t } = useTranslation("app");
  const resolve = useResolveReport();
  const onResolve = (id: string) =>
    resolve.mutate(id, {
      onSuccess: () =>
        toast({ title: t("Report resolved"), description: t("The report has been marked as resolved.") }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Open Reports")}</CardTitle>
      </CardHeader>
      <CardContent>
        {reports.length === 0 ? (
          <div className="py-8 text-center">
            <ListChecks className="mx-auto mb-2 h-10 w-10 text-green-700" aria-hidden="true" />
            <p className="font-semibold">{t("No open reports")}</p>
            <p className="text-sm text-muted-foreground">
              {t("All reports have been resolved. Great job keeping the platform safe!")}
            </p>
          </div>
        ) : (
          <>
            {total > reports.length && (
              <p className="mb-3 text-sm text-muted-foreground">
                {t("Showing the newest {{shown}} of {{total}} open reports. Resolve these to see the rest.", {
                  shown: reports.length,
                  total,
                })}
              </p>
            )}
            <ReportsTable
              reports={reports}
              testId="open-reports"
              lastColumn={t("Actions")}
              renderLast={(report) => (
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" disabled={resolve.isPending} onClick={() => onResolve(report.id)}>
                    {t("Resolve")}
                  </Button>
                  {/* A reported member can be suspended from the report; the reason is required. */}
                  {report.targetType === "user" && <SuspendUserButton userId={report.targetId} />}
                </div>
              )}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function ResolvedReports({ reports }: { reports: Report[] }) {
  const { t } = useTranslation("app");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Resolved Reports")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ReportsTable
          reports={reports}
          testId="resolved-reports"
          lastColumn={t("Status")}
          renderLast={() => <Badge className="bg-green-700">{t("Resolved")}</Badge>}
        />
      </CardContent>
    </Card>
  );
}
