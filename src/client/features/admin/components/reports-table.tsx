/** The admin's table of reports (spec §2 "Admin dashboard"): target, type, reason, date, and a last column. */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Badge } from "@/client/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/client/components/ui/table";
import { useFormat } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import type { Report, ReportTargetType } from "@/contract/reports";

const TYPE_STYLES: Record<ReportTargetType, string> = {
  meal: "bg-orange-100 text-orange-900",
  user: "bg-red-100 text-red-900",
  message: "bg-amber-100 text-amber-900",
  other: "bg-gray-200 text-gray-800",
};

function TargetCell({ report }: { report: Report }) {
  const { t } = useTranslation("app");
  const label = `${targetTypeLabel(report.targetType, t)} ${report.targetId.slice(0, 8)}`;
  if (report.targetType === "meal") {
    return (
      <Link
        href={`/meal/${report.targetId}`}
        className="font-mono text-primary underline-offset-2 hover:underline"
      >
        {label}
      </Link>
    );
  }
  return <span className="font-mono">{label}</span>;
}

/** spec §2: a report's target type as the admin reads it. */
function targetTypeLabel(type: ReportTargetType, t: TFunction<"app">): string {
  if (type === "meal") return t("meal");
  if (type === "user") return t("user");
  if (type === "message") return t("message");
  return t("other");
}

function TypeBadge({ type }: { type: ReportTargetType }) {
  const { t } = useTranslation("app");
  return (
    <Badge variant="outline" className={cn("border-transparent capitalize", TYPE_STYLES[type])}>
      {targetTypeLabel(type, t)}
    </Badge>
  );
}

/** spec §2: columns Target, Type, Reason, Date and a last one (Resolve, or the Resolved badge). */
export function ReportsTable({
  reports,
  testId,
  lastColumn,
  renderLast,
}: {
  reports: Report[];
  testId: string;
  lastColumn: string;
  renderLast: (report: Report) => React.ReactNode;
}) {
  const { t } = useTranslation("app");
  const f = useFormat();
  return (
    <Table data-testid={testId}>
      <TableHeader>
        <TableRow>
          <TableHead>{t("Target")}</TableHead>
          <TableHead>{t("Type")}</TableHead>
          <TableHead>{t("Reason")}</TableHead>
          <TableHead>{t("Date")}</TableHead>
          <TableHead>{lastColumn}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {reports.map((report) => (
          <TableRow key={report.id}>
            <TableCell>
              <TargetCell report={report} />
            </TableCell>
            <TableCell>
              <TypeBadge type={report.targetType} />
            </TableCell>
            <TableCell className="min-w-48 max-w-md whitespace-pre-line wrap-anywhere">
              {report.reason}
            </TableCell>
            {/* spec §2: local date plus hour:minute. */}
            <TableCell className="whitespace-nowrap">{f.dateTime(report.createdAt)}</TableCell>
            <TableCell>{renderLast(report)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
