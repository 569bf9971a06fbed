/**
 * Settings → Card payments (docs/decisions/022 "Configuration", "Money you can read"): a registered cook
 * connects a Stripe Express account, then reads what they sold, what is held, what was paid to them and
 * what was refunded, with a CSV of every sale. Shown only where card payments are set up, to cooks.
 */
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { useFormat } from "@/client/lib/format";
import { cardPaymentsOn, useCardAccount, useConnectAccount, useSales } from "../api";

export function CardPaymentsSettings({ isCook }: { isCook: boolean }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const on = cardPaymentsOn() && isCook;
  const account = useCardAccount(on);
  const enabled = account.data?.chargesEnabled === true;
  const sales = useSales(on && enabled);
  const connect = useConnectAccount({
    errorMessage: t("Stripe could not be reached. Try again in a moment."),
    serverMessage: true,
  });
  if (!on) return null;
  if (account.error) {
    return (
      <QueryError
        title={t("Could not load your card payments")}
        error={account.error}
        onRetry={() => account.refetch()}
        retrying={account.isRefetching}
      />
    );
  }
  if (!account.data) return null;
  const totals = sales.data?.totals;
  return (
    <Card id="card-payments">
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t("Card payments")}</h2>
        {enabled ? (
          <p className="text-sm text-muted-foreground" data-testid="card-payments-on">
            {t("Card payments are on. Choose them for each paid meal.")}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {t(
                "Let neighbours pay by card in the app. Stripe holds the money until pickup, then pays it to your bank account.",
              )}
            </p>
            <Button className="self-start" disabled={connect.isPending} onClick={() => connect.mutate()}>
              {account.data.connected ? t("Finish connecting with Stripe") : t("Connect with Stripe")}
            </Button>
          </>
        )}
        {totals && (
          <>
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="sales-totals">
              {(
                [
                  [t("Sold"), totals.soldCents],
                  [t("Held until pickup"), totals.heldCents],
                  [t("Paid to you"), totals.paidOutCents],
                  [t("Refunded"), totals.refundedCents],
                ] as const
              ).map(([label, cents]) => (
                <div key={label} className="rounded-md border p-2">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-semibold">{f.price(cents)}</dd>
                </div>
              ))}
            </dl>
            <a href="/api/payments/sales.csv" className="self-start text-sm font-semibold underline" download>
              {t("Download your sales (CSV)")}
            </a>
          </>
        )}
      </CardContent>
    </Card>
  );
}
