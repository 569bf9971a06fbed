/** Where a member's latest cook application stands: waiting, approved, or rejected with the reason. */
import { BadgeCheck, Clock } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { useFormat } from "@/client/lib/format";
import type { CookApplication } from "@/contract/cooks";

/** A status card: its icon, its title and what it says. */
function StatusCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-start gap-3 p-4">
        {icon}
        <div>
          <h2 className="font-semibold">{title}</h2>
          {children}
        </div>
      </CardContent>
    </Card>
  );
}

/** An approved cook's card: until when the certificate is valid, and "Sell a meal". */
function RegisteredCook({ application }: { application: CookApplication }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  return (
    <StatusCard
      icon={<BadgeCheck className="mt-0.5 h-5 w-5 text-green-700" aria-hidden="true" />}
      title={t("You are a Registered Cook")}
    >
      <p className="text-sm text-muted-foreground">
        {t(
          "Your certificate is valid until {{date}}. Apply again with the new certificate before then to keep selling.",
          { date: f.longDate(`${application.certificateExpiresOn}T12:00:00`) },
        )}
      </p>
      <Button asChild size="sm" className="mt-2">
        <Link href="/meals/new?kind=paid">{t("Sell a meal")}</Link>
      </Button>
    </StatusCard>
  );
}

/** The card for the application's status; nothing for an approved one whose cook status has lapsed. */
export function ApplicationStatus({
  application,
  isCook,
}: {
  application: CookApplication;
  isCook: boolean;
}) {
  const { t } = useTranslation("app");
  if (application.status === "pending") {
    return (
      <StatusCard
        icon={<Clock className="mt-0.5 h-5 w-5 text-amber-700" aria-hidden="true" />}
        title={t("Application received")}
      >
        <p className="text-sm text-muted-foreground">
          {t(
            "An admin is reviewing your application for {{kitchen}}. You will get a notification either way.",
            { kitchen: application.kitchenName },
          )}
        </p>
      </StatusCard>
    );
  }
  if (application.status === "approved" && isCook) return <RegisteredCook application={application} />;
  if (application.status === "rejected") {
    return (
      <Card className="border-destructive">
        <CardContent className="p-4">
          <h2 className="font-semibold">{t("Your last application was not approved")}</h2>
          <p className="text-sm">{t("Reason: {{reason}}", { reason: application.rejectionReason })}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {t("You can correct it and apply again below.")}
          </p>
        </CardContent>
      </Card>
    );
  }
  return null;
}
