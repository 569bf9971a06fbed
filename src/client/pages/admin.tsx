/**
 * Admin dashboard (spec §2 "Admin dashboard", §6 "Admin", §8): report counts, open and resolved
 * reports with Resolve, cook applications, disputed pickups (docs/decisions/012), the mailing-list
 * export and community events.
 * Everyone else gets the 'Access Denied' toast and goes to /; the server refuses them anyway (403).
 */

import { Activity, CheckCircle2, FileText, Flag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import {
  DisputeList,
  ExportTools,
  OpenReports,
  ResolvedReports,
  StatCard,
  useAdminDisputes,
  useAdminOnly,
  useAdminReports,
  useAdminStats,
} from "@/client/features/admin";
import { CookApplications, useCookApplications } from "@/client/features/cooks";
import { EventTools } from "@/client/features/events";
import { AdminPayments } from "@/client/features/payments";
import { RESOLVED_REPORTS_SHOWN } from "@/contract/reports";

export default function AdminPage() {
  const { t } = useTranslation("app");
  const isAdmin = useAdminOnly();
  const reports = useAdminReports(isAdmin);
  const stats = useAdminStats(isAdmin);
  const cookApplications = useCookApplications("pending", isAdmin);
  const disputes = useAdminDisputes(isAdmin);
  if (!isAdmin) return null;
  if (reports.isLoading || stats.isLoading) return <Spinner className="py-24" label={t("Loading reports")} />;
  const failed = reports.error ?? stats.error;
  if (failed) {
    return (
      <QueryError
        title={t("Could not load reports")}
        error={failed}
        onRetry={() => {
          void reports.refetch();
          void stats.refetch();
        }}
        retrying={reports.isRefetching || stats.isRefetching}
      />
    );
  }

  const open = reports.data?.filter((report) => !report.resolved) ?? [];
  const resolved = (reports.data?.filter((report) => report.resolved) ?? []).slice(0, RESOLVED_REPORTS_SHOWN);
  const counts = stats.data ?? { openReports: open.length, totalReports: 0, resolvedReports: 0 };

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">{t("Admin Dashboard")}</h1>
        <p className="text-muted-foreground">{t("Manage users, meals, and platform safety")}</p>
        <Button asChild className="mt-3">
          <Link href="/moderation">{t("Open the review queue")}</Link>
        </Button>
      </header>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard title={t("Open Reports")} value={counts.openReports} icon={<Flag aria-hidden="true" />} />
        <StatCard
          title={t("Total Reports")}
          value={counts.totalReports}
          icon={<FileText aria-hidden="true" />}
        />
        <StatCard
          title={t("Resolved Reports")}
          value={counts.resolvedReports}
          icon={<CheckCircle2 aria-hidden="true" />}
        />
        <StatCard title={t("Platform Health")} value="Good" icon={<Activity aria-hidden="true" />} />
      </div>

      <Tabs defaultValue="reports">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="reports">
            {t("Reports ({{number}} open)", { number: counts.openReports })}
          </TabsTrigger>
          <TabsTrigger value="cooks">
            {t("Cook applications ({{number}} pending)", { number: cookApplications.data?.pending ?? "…" })}
          </TabsTrigger>
          <TabsTrigger value="disputes">
            {t("Disputes ({{number}})", { number: disputes.data?.length ?? "…" })}
          </TabsTrigger>
          <TabsTrigger value="tools">{t("Tools & Export")}</TabsTrigger>
        </TabsList>
        <TabsContent value="reports" className="flex flex-col gap-6">
          <OpenReports reports={open} total={counts.openReports} />
          {resolved.length > 0 && <ResolvedReports reports={resolved} />}
        </TabsContent>
        <TabsContent value="cooks" className="flex flex-col gap-6">
          <CookApplications query={cookApplications} />
        </TabsContent>
        <TabsContent value="disputes" className="flex flex-col gap-6">
          <DisputeList enabled={isAdmin} />
          <AdminPayments />
        </TabsContent>
        <TabsContent value="tools" className="flex flex-col gap-6">
          <ExportTools />
          <EventTools />
        </TabsContent>
      </Tabs>
    </div>
  );
}
