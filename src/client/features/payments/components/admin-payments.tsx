/**
 * The admin's card payments (docs/decisions/022 "Money you can read"): payments per day over 30 days,
 * and the holds still open, oldest first, each with a refund that releases it. Shown only where card
 * payments are set up.
 */
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/client/components/ui/table";
import { toast } from "@/client/components/ui/use-toast";
import { useFormat } from "@/client/lib/format";
import { cardPaymentsOn, useAdminPayments, useAdminRefund } from "../api";

/** An admin's refund of one request's payment (or release of its hold), e.g. on a dispute. */
export function AdminRefundButton({ requestId }: { requestId: string }) {
  const { t } = useTranslation("app");
  const refund = useAdminRefund({ errorMessage: t("Could not refund. Try again."), serverMessage: true });
  if (!cardPaymentsOn()) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={refund.isPending}
      onClick={() =>
        refund.mutate(requestId, { onSuccess: () => toast({ title: t("The payment is being refunded.") }) })
      }
    >
      {t("Refund the card payment")}
    </Button>
  );
}

export function AdminPayments() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const payments = useAdminPayments();
  if (!cardPaymentsOn()) return null;
  if (payments.error) {
    return (
      <QueryError
        title={t("Could not load card payments")}
        error={payments.error}
        onRetry={() => payments.refetch()}
        retrying={payments.isRefetching}
      />
    );
  }
  if (!payments.data) return null;
  const { days, openHolds } = payments.data;
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-4 text-sm">
        <h2 className="text-lg font-semibold">{t("Card payments")}</h2>
        {days.length === 0 ? (
          <p className="text-muted-foreground">{t("No card payments in the last 30 days.")}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t("Day")}</TableHead>
                <TableHead>{t("Payments")}</TableHead>
                <TableHead>{t("Captured")}</TableHead>
                <TableHead>{t("Held until pickup")}</TableHead>
                <TableHead>{t("Refunded")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {days.map((day) => (
                <TableRow key={day.day}>
                  <TableCell>{f.longDate(`${day.day}T12:00:00Z`)}</TableCell>
                  <TableCell>{f.number(day.count)}</TableCell>
                  <TableCell>{f.price(day.capturedCents)}</TableCell>
                  <TableCell>{f.price(day.heldCents)}</TableCell>
                  <TableCell>{f.price(day.refundedCents)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <h3 className="font-semibold">{t("Open holds")}</h3>
        {openHolds.length === 0 ? (
          <p className="text-muted-foreground">{t("No card payment is held now.")}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {openHolds.map((hold) => (
              <li key={`${hold.requestId}-${hold.createdAt}`} className="flex flex-wrap items-center gap-2">
                <span>
                  {t("{{title}}: {{price}}, since {{when}}", {
                    title: hold.mealTitle,
                    price: f.price(hold.amountCents),
                    when: f.dateTime(hold.createdAt),
                  })}
                </span>
                {hold.requestId && <AdminRefundButton requestId={hold.requestId} />}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
