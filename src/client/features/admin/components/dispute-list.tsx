/**
 * Disputed pickups for an admin to settle (docs/decisions/012): what each side said, and three
 * outcomes — the pickup happened, the eater did not come, the cook did not come. Until settled, a
 * dispute counts on neither member's record.
 */
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { toast } from "@/client/components/ui/use-toast";
import { AdminRefundButton } from "@/client/features/payments";
import { useDisplayName } from "@/client/lib/display-name";
import { useFormat } from "@/client/lib/format";
import type { Dispute } from "@/contract/requests";
import { type DisputeOutcome, useAdminDisputes, useSettleDispute } from "../api/disputes";

function DisputeCard({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const name = useDisplayName();
  const settle = useSettleDispute();
  const [eater, feeder] = [name(dispute.eater), name(dispute.feeder)];
  const eaterSaid = dispute.eaterConfirmed ? t("said they picked it up") : t("said nothing");
  const feederSaid = dispute.feederConfirmed ? t("said they handed it over") : t("said nothing");
  const named = dispute.noShowParty === "eater" ? eater : dispute.noShowParty === "feeder" ? feeder : null;
  const decide = (outcome: DisputeOutcome) =>
    settle.mutate({ dispute, outcome }, { onSuccess: () => toast({ title: t("Dispute settled.") }) });
  return (
    <Card data-testid="dispute">
      <CardContent className="flex flex-col gap-2 p-4 text-sm">
        <h3 className="text-base font-semibold">{dispute.meal.title}</h3>
        <p className="text-muted-foreground">
          {t("Pickup ended {{when}}; disputed {{disputed}}", {
            when: f.dateTime(dispute.meal.pickupWindowEnd),
            disputed: f.dateTime(dispute.disputedAt),
          })}
        </p>
        <p>{t("Eater: {{eater}} ({{said}})", { eater, said: eaterSaid })}</p>
        <p>{t("Cook: {{feeder}} ({{said}})", { feeder, said: feederSaid })}</p>
        {named && <p>{t("Reported as not turning up: {{name}}", { name: named })}</p>}
        {dispute.noShowReason && <p>{t('Report: "{{message}}"', { message: dispute.noShowReason })}</p>}
        {dispute.disputeReason && <p>{t('Reply: "{{message}}"', { message: dispute.disputeReason })}</p>}
        <div className="flex flex-wrap gap-2 pt-1">
          <Button size="sm" disabled={settle.isPending} onClick={() => decide("completed")}>
            {t("It was picked up")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={settle.isPending}
            onClick={() => decide("eater_no_show")}
          >
            {t("The eater did not come")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={settle.isPending}
            onClick={() => decide("feeder_no_show")}
          >
            {t("The cook did not come")}
          </Button>
          <AdminRefundButton requestId={dispute.id} />
        </div>
      </CardContent>
    </Card>
  );
}

/** The admin's list of open disputes, with its three states: loading, error with Retry, list or empty. */
export function DisputeList({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("app");
  const disputes = useAdminDisputes(enabled);
  if (disputes.isLoading) return <Spinner className="py-12" label={t("Loading disputes")} />;
  if (disputes.error) {
    return (
      <QueryError
        title={t("Could not load disputes")}
        error={disputes.error}
        onRetry={() => void disputes.refetch()}
        retrying={disputes.isRefetching}
      />
    );
  }
  const open = disputes.data ?? [];
  if (open.length === 0) return <p className="text-muted-foreground">{t("No disputed pickups.")}</p>;
  return (
    <section className="flex flex-col gap-3" aria-label={t("Disputed pickups")}>
      {open.map((dispute) => (
        <DisputeCard key={dispute.id} dispute={dispute} />
      ))}
    </section>
  );
}
