/**
 * How a paid meal is paid (docs/decisions/022), where card payments are set up: card in the app, cash
 * at pickup, or both, and whether an eater's no-show is charged. A cook without a connected account
 * reads where to connect one. Nothing shows without payment settings, or for a free meal.
 */

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { deployment } from "@/client/lib/deployment";
import { paymentKeys } from "@/client/lib/query-keys";
import type { MealFormValues } from "../../meal-form-schema";

export function PaymentWaysFields({ form }: { form: UseFormReturn<MealFormValues> }) {
  const { t } = useTranslation("app");
  const { register, watch } = form;
  const paid = watch("kind") === "paid";
  const ways = watch("paymentWays");
  const noShowId = useId();
  // The payments feature's account, read through the shared key: the meal form does not load that feature.
  const account = useQuery<{ chargesEnabled: boolean }>({
    queryKey: paymentKeys.account,
    enabled: paid && deployment().cardPayments !== undefined,
  });
  if (!paid || !deployment().cardPayments || !account.data) return null;
  if (!account.data.chargesEnabled) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="card-payments-hint">
        {t("Neighbours pay you at pickup.")}{" "}
        <Link href="/settings#card-payments" className="font-semibold underline">
          {t("Connect card payments in Settings to take cards in the app.")}
        </Link>
      </p>
    );
  }
  const options = [
    ["cash", t("Cash at pickup")],
    ["card", t("Card in the app")],
    ["both", t("Either, as the neighbour chooses")],
  ] as const;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="payment-ways">
      <legend className="mb-2 text-sm font-medium">{t("How is it paid?")}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              value={value}
              {...register("paymentWays")}
              className="h-4 w-4 accent-green-700"
            />
            {label}
          </label>
        ))}
      </div>
      {ways !== "cash" && (
        <div className="flex items-start gap-2">
          <input
            id={noShowId}
            type="checkbox"
            {...register("chargeNoShow")}
            className="mt-1 h-4 w-4 accent-green-700"
          />
          <label htmlFor={noShowId} className="text-sm">
            {t("Charge the card when the neighbour does not come to pick up (said before anyone asks)")}
          </label>
        </div>
      )}
    </fieldset>
  );
}
