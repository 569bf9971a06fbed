/**
 * Admin dashboard (spec §2 "Admin dashboard", §6 "Admin", §8): report counts, open and resolved
 * reports with Resolve, the mailing-list export and community events. Everyone else gets the
 * 'Access Denied' toast and goes to /; the server refuses them anyway (403).
 */

import type { TFunction } from "i18next";
import { Activity, CheckCircle2, Download, FileText, Flag, ListChecks, Trash2 } from "lucide-react";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/client/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/use-toast";
import { useExportMailingList } from "@/client/features/admin/api/export-mailing-list";
import {
  useAdminReports,
  useAdminStats,
  useResolveReport,
  useSuspendUser,
} from "@/client/features/admin/api/reports";
import { useCurrentUser } from "@/client/features/auth/api/get-current-user";
import { useCookApplications, useDecideApplication } from "@/client/features/cooks/api/cooks";
import { useCreateEvent, useDeleteEvent, useEvents } from "@/client/features/events/api/events";
import { ApiError, errorMessage, handleUnauthorized, isUnauthorizedError } from "@/client/lib/api-client";
import { useFormat } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import { RESOLVED_REPORTS_SHOWN, type Report, type ReportTargetType } from "@/contract/reports";

const TYPE_STYLES: Record<ReportTargetType, string> = {
  meal: "bg-orange-100 text-orange-900",
  user: "bg-red-100 text-red-900",
  other: "bg-gray-200 text-gray-800",
};

/** spec §2: local date plus hour:minute. */

export default function AdminPage() {
  const { t } = useTranslation("app");
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const isAdmin = Boolean(user?.isAdmin);

  useEffect(() => {
    if (user && !user.isAdmin) {
      toast({
        title: t("Access Denied"),
        description: t("You don't have permission to access this page."),
        variant: "destructive",
      });
      navigate("/", { replace: true });
    }
  }, [user, navigate, t]);

  const reports = useAdminReports(isAdmin);
  const stats = useAdminStats(isAdmin);
  const cookApplications = useCookApplications("pending", isAdmin);
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
          <TabsTrigger value="tools">{t("Tools & Export")}</TabsTrigger>
        </TabsList>
        <TabsContent value="reports" className="flex flex-col gap-6">
          <OpenReports reports={open} total={counts.openReports} />
          {resolved.length > 0 && <ResolvedReports reports={resolved} />}
        </TabsContent>
        <TabsContent value="cooks" className="flex flex-col gap-6">
          <CookApplications query={cookApplications} />
        </TabsContent>
        <TabsContent value="tools" className="flex flex-col gap-6">
          <ExportTools />
          <EventTools />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * The pending cook applications (issue 13 point 4): details, the document (opened in a new tab,
 * served only to admins and the applicant), Approve, and Reject with a required reason.
 */
function CookApplications({ query }: { query: ReturnType<typeof useCookApplications> }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const decide = useDecideApplication();
  const run = (id: string, reason?: string) =>
    decide.mutate(
      { id, reason },
      {
        onSuccess: (application) =>
          toast({
            title: application.status === "approved" ? t("Application approved") : t("Application rejected"),
            description: t("The applicant has been notified."),
          }),
        onError: (error) => {
          if (isUnauthorizedError(error)) return handleUnauthorized();
          toast({
            title: t("Error"),
            description: errorMessage(error, t("Please try again.")),
            variant: "destructive",
          });
        },
      },
    );
  const reject = (id: string) => {
    const reason = window
      .prompt(t("Why is this application rejected? The applicant will see it. (required)"))
      ?.trim();
    if (reason) run(id, reason);
  };
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
                    onClick={() => reject(application.id)}
                  >
                    {t("Reject")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function StatCard({ title, value, icon }: { title: string; value: number | string; icon: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between p-4">
        <div>
          <p className="text-sm text-muted-foreground">{title}</p>
          <p className="text-2xl font-bold">{value}</p>
        </div>
        <span className="text-muted-foreground [&>svg]:h-6 [&>svg]:w-6">{icon}</span>
      </CardContent>
    </Card>
  );
}

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

/** `total` is the open count from the stats; the list itself stops at the server's page of 500. */
function OpenReports({ reports, total }: { reports: Report[]; total: number }) {
  const { t } = useTranslation("app");
  const resolve = useResolveReport();
  const suspend = useSuspendUser();
  // A reported user can be suspended from the report (issue 13); the reason is required.
  const onSuspend = (userId: string) => {
    const reason = window.prompt(t("Why is this account suspended? (required)"))?.trim();
    if (!reason) return;
    suspend.mutate(
      { userId, reason },
      {
        onSuccess: () =>
          toast({
            title: t("User suspended"),
            description: t("Their sessions ended and their meals are hidden."),
          }),
        onError: (error) => {
          if (isUnauthorizedError(error)) return handleUnauthorized();
          toast({
            title: t("Error"),
            description: errorMessage(error, t("Failed to suspend user.")),
            variant: "destructive",
          });
        },
      },
    );
  };
  const onResolve = (id: string) =>
    resolve.mutate(id, {
      onSuccess: () =>
        toast({ title: t("Report resolved"), description: t("The report has been marked as resolved.") }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleUnauthorized();
        toast({
          title: t("Error"),
          description: t("Failed to resolve report. Please try again."),
          variant: "destructive",
        });
      },
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
                  {report.targetType === "user" && (
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={suspend.isPending}
                      onClick={() => onSuspend(report.targetId)}
                    >
                      {t("Suspend user")}
                    </Button>
                  )}
                </div>
              )}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ResolvedReports({ reports }: { reports: Report[] }) {
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

/** spec §2: columns Target, Type, Reason, Date and a last one (Resolve, or the Resolved badge). */
function ReportsTable({
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
            <TableCell className="whitespace-nowrap">{f.date(report.createdAt, "P HH:mm")}</TableCell>
            <TableCell>{renderLast(report)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ExportTools() {
  const { t } = useTranslation("app");
  const exportList = useExportMailingList();
  const onExport = () =>
    exportList.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: t("Export complete"),
          description: t("Mailing list has been downloaded successfully."),
        }),
      onError: () =>
        toast({
          title: t("Export failed"),
          description: t("Failed to export mailing list. Please try again."),
          variant: "destructive",
        }),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Data Export")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ToolRow title={t("Mailing List")} text={t("Export all subscriber emails as a CSV file")}>
          <Button onClick={onExport} disabled={exportList.isPending}>
            <Download className="h-4 w-4" aria-hidden="true" /> {t("Export CSV")}
          </Button>
        </ToolRow>
        <ToolRow title={t("User Reports")} text={t("Export the report history")}>
          <Button variant="outline" disabled>
            {t("Coming Soon")}
          </Button>
        </ToolRow>
        <ToolRow title={t("Platform Analytics")} text={t("Export usage statistics")}>
          <Button variant="outline" disabled>
            {t("Coming Soon")}
          </Button>
        </ToolRow>
      </CardContent>
    </Card>
  );
}

function ToolRow({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      {children}
    </div>
  );
}

/** Admins add and remove community events (issue 5). */
function EventTools() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { data: events = [] } = useEvents();
  const create = useCreateEvent();
  const remove = useDeleteEvent();
  const prefix = useId();
  const empty = { title: "", description: "", startsAt: "", location: "", rsvpUrl: "" };
  type EventField = keyof typeof empty;
  // The server validates (createEventSchema) and answers field errors; startsAt is local here.
  const { register, handleSubmit, setError, reset, formState } = useForm({ defaultValues: empty });
  const errors = formState.errors;
  const id = (name: EventField) => `${prefix}${name}`;
  const field = (name: EventField) => ({ ...fieldAria(id(name), errors[name]?.message), ...register(name) });

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      { ...values, startsAt: values.startsAt ? new Date(values.startsAt).toISOString() : "" },
      {
        onSuccess: () => {
          reset();
          toast({ title: t("Event created.") });
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const [name, message] of Object.entries(error.errors))
              setError(name as EventField, { message });
          }
          toast({
            title: t("Error"),
            description: errorMessage(error, t("Failed to create event. Please try again.")),
            variant: "destructive",
          });
        },
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Community Events")}</CardTitle>
        <CardDescription>{t("Add events neighbours see on the Events page.")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
          <div className="flex flex-col gap-1 sm:col-span-2">
            <Label htmlFor={id("title")}>{t("Event title")}</Label>
            <Input {...field("title")} maxLength={120} required />
            <FieldError id={id("title")} message={errors.title?.message} />
          </div>
          <div className="flex flex-col gap-1 sm:col-span-2">
            <Label htmlFor={id("description")}>{t("Event description")}</Label>
            <Textarea {...field("description")} maxLength={2000} required />
            <FieldError id={id("description")} message={errors.description?.message} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={id("startsAt")}>{t("Starts at")}</Label>
            <Input {...field("startsAt")} type="datetime-local" required />
            <FieldError id={id("startsAt")} message={errors.startsAt?.message} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={id("location")}>{t("Location (optional)")}</Label>
            <Input {...field("location")} maxLength={300} />
            <FieldError id={id("location")} message={errors.location?.message} />
          </div>
          <div className="flex flex-col gap-1 sm:col-span-2">
            <Label htmlFor={id("rsvpUrl")}>{t("RSVP link (optional)")}</Label>
            <Input {...field("rsvpUrl")} type="url" placeholder={t("https://")} />
            <FieldError id={id("rsvpUrl")} message={errors.rsvpUrl?.message} />
          </div>
          <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={create.isPending}>
            {t("Add Event")}
          </Button>
        </form>
        {events.length > 0 && (
          <ul className="flex flex-col gap-2">
            {events.map((event) => (
              <li key={event.id} className="flex items-center justify-between gap-3 rounded-lg border p-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{event.title}</p>
                  <p className="text-sm text-muted-foreground">{f.date(event.startsAt, "PPp")}</p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t("Delete {{title}}", { title: event.title })}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(event.id, {
                      onSuccess: () => toast({ title: t("Event deleted.") }),
                      onError: () =>
                        toast({
                          title: t("Error"),
                          description: t("Failed to delete event. Please try again."),
                          variant: "destructive",
                        }),
                    })
                  }
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
