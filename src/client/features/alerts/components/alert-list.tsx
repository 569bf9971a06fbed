/**
 * Settings → Alerts (docs/features/neighbourhood.md point 6): each alert in words ("lasagne · free
 * meals · without peanuts · within 5 km"), with Pause or Resume and Delete. A failed load says so
 * with Retry.
 */
import { BellOff, BellRing, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { formatLocale } from "@/client/lib/region";
import type { Alert } from "@/contract/alerts";
import type { Language } from "@/contract/languages";
import { useAlerts, useDeleteAlert, usePauseAlert } from "../api/alerts";

function useAlertSummary() {
  const { t, i18n } = useTranslation("app");
  return (alert: Alert) => {
    const parts = [
      alert.q ? t("“{{text}}”", { text: alert.q }) : t("Any meal"),
      alert.kind === "free" ? t("free meals") : alert.kind === "paid" ? t("paid meals") : null,
      alert.excludeAllergens.length > 0
        ? t("without {{allergens}}", {
            allergens: new Intl.ListFormat(formatLocale(i18n.language as Language), {
              type: "disjunction",
            }).format(alert.excludeAllergens),
          })
        : null,
      t("within {{km}} km", { km: alert.radiusKm }),
    ];
    return parts.filter(Boolean).join(" · ");
  };
}

export function AlertList() {
  const { t } = useTranslation("app");
  const alerts = useAlerts();
  const pause = usePauseAlert();
  const remove = useDeleteAlert();
  const summary = useAlertSummary();

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t("Alerts")}</h2>
        <p className="text-sm text-muted-foreground">
          {t(
            "New meals around your home area that match an alert are announced here, and by push or email as Notifications allow.",
          )}
        </p>
        {alerts.isLoading && <Spinner className="py-4" label={t("Loading alerts")} />}
        {alerts.isError && (
          <QueryError
            compact
            title={t("Could not load your alerts")}
            error={alerts.error}
            onRetry={() => alerts.refetch()}
            retrying={alerts.isRefetching}
          />
        )}
        {alerts.data?.length === 0 && (
          <p className="text-sm">
            {t("No alerts yet. On a list near your home area, choose “Tell me about new meals like this”.")}
          </p>
        )}
        {alerts.data && alerts.data.length > 0 && (
          <ul className="flex flex-col divide-y" aria-label={t("Your alerts")}>
            {alerts.data.map((alert) => (
              <li
                key={alert.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
                data-testid="alert"
              >
                <span className={alert.paused ? "text-muted-foreground" : undefined}>
                  {summary(alert)}
                  {alert.paused && <span className="ms-2 text-xs uppercase">({t("paused")})</span>}
                </span>
                <span className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => pause.mutate({ id: alert.id, paused: !alert.paused })}
                    aria-label={`${alert.paused ? t("Resume") : t("Pause")}: ${summary(alert)}`}
                  >
                    {alert.paused ? <BellRing aria-hidden="true" /> : <BellOff aria-hidden="true" />}
                    {alert.paused ? t("Resume") : t("Pause")}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => remove.mutate(alert.id)}
                    disabled={remove.isPending && remove.variables === alert.id}
                    aria-label={`${t("Delete")}: ${summary(alert)}`}
                  >
                    <Trash2 aria-hidden="true" /> {t("Delete")}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
