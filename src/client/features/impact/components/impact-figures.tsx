/**
 * The neighbourhood's impact in figures (docs/features/languages-currency-impact.md): meals offered,
 * portions picked up, neighbours who shared, and the estimated food and CO2e saved. Used by /impact and
 * Home's card.
 */
import { useTranslation } from "react-i18next";
import { formatLocale } from "@/client/lib/region";
import { cn } from "@/client/lib/utils";
import type { Impact } from "@/contract/impact";
import type { Language } from "@/contract/languages";

/** The five figures, each with its label, in the reader's language (Home and /impact share them). */
export function ImpactFigures({ impact, className }: { impact: Impact; className?: string }) {
  const { t, i18n } = useTranslation("common");
  const number = new Intl.NumberFormat(formatLocale(i18n.language as Language), { maximumFractionDigits: 1 });
  const kg = (value: number) => t("{{amount}} kg", { amount: number.format(value) });
  const figures = [
    [number.format(impact.mealsShared), t("meals offered")],
    [number.format(impact.portionsPickedUp), t("portions picked up")],
    [number.format(impact.neighboursShared), t("neighbours who shared")],
    [kg(impact.foodSavedKg), t("food kept out of the bin (estimate)")],
    [kg(impact.co2eAvoidedKg), t("CO2e emissions avoided (estimate)")],
  ] as const;
  return (
    <dl className={cn("grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5", className)}>
      {figures.map(([value, label]) => (
        <div key={label} className="flex flex-col-reverse rounded-lg border bg-card p-4 text-center">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold text-green-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
