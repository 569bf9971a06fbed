/**
 * A card request's payment in its thread (docs/decisions/022 "Money facts"), as both sides read it:
 * waiting for the cook, waiting for the eater's card (with "Pay by card" for the eater), "Paid, held
 * until pickup", "Paid", "Refunded", or nothing charged; the cook may refund a sale. What each side may
 * do is the server's answer (the request's `abilities.pay` and `abilities.refund`).
 */
import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { useFormat } from "@/client/lib/format";
import type { MealRequest } from "@/contract/requests";
import { RefundButton } from "./refund-button";

type Payment = NonNullable<MealRequest["payment"]>;

export function PaymentNote({ request, otherName }: { request: MealRequest; otherName: string }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const payment = request.payment;
  if (!payment) return null;
  const price = f.price(payment.amountCents);
  const eater = request.viewerSide === "eater";
  const { status, detail } = paymentText(t, payment, eater, { price, name: otherName });
  return (
    <div className="flex flex-col gap-2 rounded-md border bg-muted/40 p-3 text-sm" data-testid="payment-note">
      <p className="inline-flex items-center gap-2 font-semibold" data-testid="payment-status">
        <CreditCard className="h-4 w-4" aria-hidden="true" />
        {status}
      </p>
      {detail && <p>{detail}</p>}
      {request.abilities.pay.allowed && (
        <Button asChild className="self-start">
          <Link href={`/request/${request.id}/pay`}>{t("Pay {{price}} by card", { price })}</Link>
        </Button>
      )}
      {request.abilities.refund.allowed && <RefundButton requestId={request.id} price={price} />}
    </div>
  );
}

/** The payment's status line and what it means for this side. */
function paymentText(
  t: (key: string, values?: Record<string, string>) => string,
  payment: Payment,
  eater: boolean,
  values: { price: string; name: string },
): { status: string; detail: string | null } {
  switch (payment.status) {
    case "requested":
      return {
        status: t("Card payment"),
        detail: eater
          ? t("You pay {{price}} by card in the app once {{name}} accepts.", values)
          : t("{{name}} pays {{price}} by card in the app once you accept.", values),
      };
    case "requires_payment":
      return {
        status: t("Waiting for payment"),
        detail: eater
          ? t("{{name}} accepted. Pay {{price}} by card to hold your portion.", values)
          : t("Accepted: waiting for {{name}}'s card payment.", values),
      };
    case "held":
      return {
        status: t("Paid, held until pickup"),
        detail: eater
          ? t("{{price}} is held on your card and paid to {{name}} when the meal changes hands.", values)
          : t("You receive {{price}} when the meal changes hands.", values),
      };
    case "paid":
      return {
        status: t("Paid"),
        detail: eater
          ? t("{{price}} was paid to {{name}}.", values)
          : t("{{name}} paid you {{price}}.", values),
      };
    case "refunded":
      return { status: t("Refunded"), detail: t("{{price}} was refunded to the card.", values) };
    default:
      return { status: t("Nothing was charged"), detail: null };
  }
}
