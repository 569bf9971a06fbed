/**
 * How a paid meal is paid (docs/features/everyday-journey.md; docs/decisions/022), in a
 * file of its own: the meal page, the request form and the thread say it, lists do not, so lists'
 * first load does not carry it.
 */
import { useTranslation } from "react-i18next";
import { useFormat } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import type { Meal } from "@/contract/meals";

type Priced = Pick<Meal, "kind" | "priceCents"> & Partial<Pick<Meal, "paymentWays">>;

/**
 * How a paid meal is paid, said plainly where a neighbour decides and arranges (the card says it
 * short; docs/features/everyday-journey.md): the cook is paid at pickup, in cash or as
 * the two agree. Nothing for a free meal.
 * @param portions how many the viewer asks for or was given; the amount is the price times them
 * @param side "eater" reads "Pay Tom $6.00 at pickup…", "feeder" reads "Ana pays you $6.00 at pickup…"
 */
export function PayAtPickup({
  meal,
  cookName,
  eaterName,
  portions = 1,
  side = "eater",
  className,
}: {
  meal: Priced;
  cookName: string;
  eaterName?: string;
  portions?: number;
  side?: "eater" | "feeder";
  className?: string;
}) {
  const { t } = useTranslation("app");
  const f = useFormat();
  if (meal.kind !== "paid" || meal.priceCents == null) return null;
  const price = f.price(meal.priceCents * portions);
  // Card in the app where the cook offers it (docs/decisions/022): held until pickup.
  const byCard =
    meal.paymentWays === "card"
      ? t("Pay {{price}} by card in the app once {{name}} accepts. It is held until pickup.", {
          name: cookName,
          price,
        })
      : meal.paymentWays === "both"
        ? t("Pay {{name}} {{price}} by card in the app, or in cash at pickup.", { name: cookName, price })
        : null;
  return (
    <p className={cn("text-sm font-medium", className)} data-testid="pay-at-pickup">
      {side === "eater"
        ? (byCard ??
          t("Pay {{name}} {{price}} at pickup, in cash or as you agree.", { name: cookName, price }))
        : t("{{name}} pays you {{price}} at pickup, in cash or as you agree.", { name: eaterName, price })}
    </p>
  );
}
