/** Where a member's latest cook application stands: waiting, approved, or rejected with the reason. */
import { BadgeCheck, Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { useFormat } from "@/client/lib/format";
import type { CookApplication } from "@/contract/cooks";

export function ApplicationStatus({
  application,
  isCook,
}: {
  application: CookApplication;
  isCook: boolean;
}) {
  const { t } = useTranslation("app");
  const f = useFormat();
  if (application.status === "pending") {
    return (
      <Card>
        <CardContent className="flex items-start gap-3 p-4">
          <Clock className="mt-0.5 h-5 w-5 text-amber-700" aria-hidden="true" />
          <div>
            <h2 className="font-semibold">{t("Application received")}</h2>
            <p className="text-sm text-muted-foreground">
              {t(
                "An admin is reviewing your application for {{kitchen}}. You will get a notification either way.",
                {
                  kitchen: application.kitchenName,
                },
              )}
            </p>
          </div>
        </CardContent>
      </Card>
    );
  }
  if (application.status === "approved" && isCook) {
    return (
      <Card>
        <CardContent className="flex items-start gap-3 p-4">
          <BadgeCheck className="mt-0.5 h-5 w-5 text-green-700" aria-hidden="true" />
          <div>
            <h2 className="font-semibold">{t("You are a Registered Cook")}</h2>
            <p className="text-sm text-muted-foreground">
              {t(
                "Your certificate is valid until {{date}}. Apply again with the new certificate before then to keep selling.",
                { date: f.longDate(`${application.certificateExpiresOn}T12:00:00`) },
              )}
            </p>
            <Button asChild size="sm" className="mt-2">
              <Link href="/meals/new?kind=paid">{t("Sell a meal")}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }
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
