/**
 * A meal's price as the spec shows it (§2 cards and detail): FREE for a Community meal, the amount
 * in the deployment's currency for a Marketplace one. One rule for cards, the meal page, threads
 * and profiles.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/client/components/ui/badge";
import { useFormat } from "@/client/lib/format";
import type { Meal } from "@/contract/meals";

type Priced = Pick<Meal, "kind" | "priceCents">;

/** Returns a function giving a meal's price label: "FREE" or e.g. "$7.50". */
export function usePriceLabel(): (meal: Priced) => string {
  const { t } = useTranslation("app");
  const f = useFormat();
  return useCallback(
    (meal: Priced) => (meal.kind === "free" ? t("FREE") : f.price(meal.priceCents ?? 0)),
    [t, f],
  );
}

/** The price as a badge: green for free, amber for paid. */
export function PriceBadge({ meal }: { meal: Priced }) {
  const priceLabel = usePriceLabel();
  return <Badge className={meal.kind === "free" ? "bg-green-700" : "bg-amber-700"}>{priceLabel(meal)}</Badge>;
}
